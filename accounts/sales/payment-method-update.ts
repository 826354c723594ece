// A reader's card update (the sales SDK's initializePaymentUpdate, finalizePaymentUpdate): the new
// card is verified, moves no money, and replaces the old one on every subscription it paid.
import { enforceCaptcha, type AccountsContext, type Caller } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { LINK_TOKEN, optionalText, requiredId } from "../input";
import type { PaymentOutcome, PaymentProvider } from "../payments/provider";
import { randomToken } from "../tokens";
import { cardToken, findProvider, withPaymentStep } from "./payment-steps";

async function ownedPaymentMethod(ctx: AccountsContext, uuid: string, paymentId: string) {
  const id = requiredId(paymentId, "paymentId");
  const { rows } = await ctx.db.query<{ id: number }>("SELECT id FROM accounts_payment_methods WHERE id = $1 AND user_uuid = $2", [id, uuid]);
  if (!rows[0]) throw new ApiError(404, ErrorCodes.notFound, `No existe el medio de pago ${id} en tu cuenta`);
  return Number(rows[0].id);
}

export async function initializePaymentUpdate(ctx: AccountsContext, caller: Caller, paymentId: string, paymentMethodId: string) {
  const provider = findProvider(ctx, paymentMethodId);
  const id = await ownedPaymentMethod(ctx, caller.uuid, paymentId);
  return withPaymentStep(ctx, `payment-method:${id}`, "update-initialize", () =>
    provider.initialize({ subject: `payment-method:${id}`, amount: 0, currency: "COP" }),
  );
}

async function settleUpdate(ctx: AccountsContext, caller: Caller, oldId: number, provider: PaymentProvider, outcome: PaymentOutcome, challengeToken?: string) {
  const settlement: { view: unknown } | { error: ApiError } = await ctx.db.transaction(async (tx) => {
    if (challengeToken) await tx.query("DELETE FROM accounts_pending_challenges WHERE challenge_token = $1", [challengeToken]);
    if (outcome.status === "declined") return { error: new ApiError(402, outcome.code, outcome.message) };
    if (outcome.status === "challenge") {
      await tx.query("INSERT INTO accounts_pending_challenges (challenge_token, subject, provider, data, created_at) VALUES ($1, $2, $3, '{}', $4)", [
        outcome.challengeToken,
        `payment-method:${oldId}`,
        provider.name,
        ctx.now(),
      ]);
      return { view: { status: "challenge", threeDSecure: { required: true, token: outcome.challengeToken, challengeUrl: outcome.challengeUrl } } };
    }
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO accounts_payment_methods (user_uuid, provider, provider_ref, card_type, first_six, last_four, expiration, card_holder, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        caller.uuid,
        provider.name,
        outcome.chargeId,
        outcome.card.cardType,
        outcome.card.firstSix,
        outcome.card.lastFour,
        outcome.card.expiration,
        outcome.card.holder,
        ctx.now(),
      ],
    );
    const newId = Number(rows[0].id);
    await tx.query("UPDATE accounts_subscriptions SET payment_method_id = $1, updated_at = $4 WHERE payment_method_id = $2 AND user_uuid = $3", [
      newId,
      oldId,
      caller.uuid,
      ctx.now(),
    ]);
    // A renewal declined on the old card (status 4, grace period) is tried again on the new one at the next pass.
    await tx.query("UPDATE accounts_subscriptions SET retry_at = $3 WHERE payment_method_id = $1 AND user_uuid = $2 AND status = 4 AND renewal_key IS NULL", [
      newId,
      caller.uuid,
      ctx.now(),
    ]);
    // FinalizePaymentResponse of the sales SDK, plus the new payment method's id.
    return {
      view: {
        paymentMethodID: newId,
        creditCardFirstSix: outcome.card.firstSix,
        creditCardLastFour: outcome.card.lastFour,
        cardholderName: outcome.card.holder,
        creditCardType: outcome.card.cardType,
        creditCardTypeID: 1,
        paymentProviderID: provider.paymentMethodID,
        token: null,
        expiration: outcome.card.expiration,
        identificationNumber: null,
        redirectURL: null,
      },
    };
  });
  if ("error" in settlement) throw settlement.error;
  ctx.kickRenewals();
  return settlement.view;
}

export async function finalizePaymentUpdate(ctx: AccountsContext, caller: Caller, paymentId: string, paymentMethodId: string, body: Record<string, any>) {
  await enforceCaptcha(ctx, "checkout", body["recaptcha-token"]);
  const token = cardToken(body.token);
  const provider = findProvider(ctx, paymentMethodId);
  const id = await ownedPaymentMethod(ctx, caller.uuid, paymentId);
  return withPaymentStep(ctx, `payment-method:${id}`, "update-finalize", async () => {
    // A card check moves no money: each attempt gets its own key.
    const outcome = await provider.verifyCard({ token, idempotencyKey: `payment-method:${id}:${randomToken(9)}` });
    return settleUpdate(ctx, caller, id, provider, outcome);
  });
}

export async function finalizePaymentUpdate3ds(ctx: AccountsContext, caller: Caller, paymentId: string, paymentMethodId: string, body: Record<string, any>) {
  const challengeToken = optionalText(body.token, "token", { ...LINK_TOKEN, code: ErrorCodes.paymentRejected }) ?? "";
  const provider = findProvider(ctx, paymentMethodId);
  const id = await ownedPaymentMethod(ctx, caller.uuid, paymentId);
  return withPaymentStep(ctx, `payment-method:${id}`, "update-finalize", async () => {
    const { rows } = await ctx.db.query("SELECT 1 FROM accounts_pending_challenges WHERE challenge_token = $1 AND subject = $2", [
      challengeToken,
      `payment-method:${id}`,
    ]);
    if (!rows[0]) throw new ApiError(400, ErrorCodes.paymentRejected, "No hay una verificación 3-D Secure pendiente con ese token para este medio de pago");
    // The provider says whether the issuer authenticated the reader; the browser's flag is not asked.
    const outcome = await provider.completeChallenge({ challengeToken, idempotencyKey: `payment-method:${id}:${challengeToken}` });
    return settleUpdate(ctx, caller, id, provider, outcome, challengeToken);
  });
}
