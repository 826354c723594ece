// What every payment step shares, an order's and a card update's: the provider it asks, the card
// token it reads, and the in-flight marker that lets one call of a step run at a time.
import type { AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { CARD_TOKEN, optionalText, quoteInput } from "../input";
import type { PaymentProvider } from "../payments/provider";

/** A marker older than this belongs to a crashed process: the next call may take over. */
export const STALE_PAYMENT_STEP_MS = 2 * 60 * 1000;

export function findProvider(ctx: AccountsContext, paymentMethodId: string): PaymentProvider {
  const provider = ctx.paymentProviders.find((p) => String(p.paymentMethodID) === String(paymentMethodId));
  if (!provider) throw new ApiError(404, ErrorCodes.paymentProviderNotFound, `No existe el medio de pago ${quoteInput(paymentMethodId)}`);
  return provider;
}

export function paymentOptions(ctx: AccountsContext) {
  return ctx.paymentProviders.map((p) => ({
    paymentMethodID: p.paymentMethodID,
    paymentMethodType: p.paymentMethodType,
    paymentPartner: p.name,
    name: p.name,
  }));
}

const STEP_NAMES: Record<string, string> = {
  initialize: "initializePayment",
  finalize: "finalizePayment",
  "update-initialize": "initializePaymentUpdate",
  "update-finalize": "finalizePaymentUpdate",
};

/** Runs fn while holding the in-flight marker of (subject, step); a second caller is refused. */
export async function withPaymentStep<T>(ctx: AccountsContext, subject: string, step: keyof typeof STEP_NAMES, fn: () => Promise<T>): Promise<T> {
  const startedAt = ctx.now();
  const { rows } = await ctx.db.query(
    `INSERT INTO accounts_payment_steps AS s (subject, step, started_at) VALUES ($1, $2, $3)
     ON CONFLICT (subject, step) DO UPDATE SET started_at = EXCLUDED.started_at WHERE s.started_at < $4
     RETURNING subject`,
    [subject, step, startedAt, new Date(ctx.clock() - STALE_PAYMENT_STEP_MS)],
  );
  if (!rows.length) {
    throw new ApiError(
      409,
      ErrorCodes.conflict,
      `${STEP_NAMES[step]} no se puede llamar hasta que termine la llamada anterior a ${STEP_NAMES[step]} (hay un pago en curso)`,
      { paymentInFlight: true },
    );
  }
  try {
    return await fn();
  } finally {
    await ctx.db.query("DELETE FROM accounts_payment_steps WHERE subject = $1 AND step = $2 AND started_at = $3", [subject, step, startedAt]);
  }
}

/** The card token of a finalize body (TestPay: the card number); missing is the tokenizer's 300160. */
export function cardToken(value: unknown): string {
  const token = optionalText(value, "token", { ...CARD_TOKEN, code: ErrorCodes.cardTokenizerFailed });
  if (!token) throw new ApiError(400, ErrorCodes.cardTokenizerFailed, "Falta el token de la tarjeta", { field: "token" });
  return token;
}
