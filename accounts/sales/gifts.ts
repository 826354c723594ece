// Gifts: the buyer names the recipient, whose e-mail goes now or on a day the buyer chose (the renewal
// pass sends it), and the recipient redeems the gift; its year starts then.
import type { Queryable } from "../../platform/database";
import { sendMail, type AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { optionalText } from "../input";
import { checkDisplayName, normalizeEmail } from "../identity/validation";
import { mailTemplates } from "../mail/templates";
import { SUBSCRIPTION_TERM_MONTHS } from "../../domain/catalog";
import { addMonths, appendEvent, type SubscriptionRow } from "./subscriptions";
import { requireInvitedReader } from "./bound-to-person";

/** A gift's message to its recipient: multi-line free text. */
const MAX_GIFT_NOTE_LENGTH = 500;
/** The buyer's optional signature on a gift (one line). */
const MAX_GIFT_SIGNATURE_LENGTH = 80;

export async function setGiftRecipient(ctx: AccountsContext, tx: Queryable, uuid: string, code: string, body: Record<string, unknown>) {
  const email = normalizeEmail(body.email);
  const name = checkDisplayName(body.name, "name");
  const note = optionalText(body.note, "note", { max: MAX_GIFT_NOTE_LENGTH, multiline: true }) || null;
  // The buyer's signature: the recipient sees 'Regalo de …' only when the buyer gave one.
  const from = optionalText(body.from, "from", { max: MAX_GIFT_SIGNATURE_LENGTH }) || null;
  const { rows } = await tx.query<SubscriptionRow>(
    "SELECT * FROM accounts_subscriptions WHERE (redeem_code = $1 OR id::text = $1) AND parent_id IS NULL AND redeem_code IS NOT NULL AND purchaser_uuid = $2 FOR UPDATE",
    [code, uuid],
  );
  const gift = rows[0];
  if (!gift) throw new ApiError(404, ErrorCodes.subscriptionNotFound, "No existe ese regalo entre tus compras");
  if (gift.user_uuid) throw new ApiError(409, ErrorCodes.conflict, "El regalo ya fue redimido");
  // sendNotificationOn: a day (YYYY-MM-DD, Colombian time) from today to a year ahead; the e-mail
  // goes that day at 8:00 a. m. (the renewal job sends it, sales/renewals.ts), or now for today.
  const sendOn = giftSendDate(body.sendNotificationOn, ctx.now());
  const later = sendOn !== null && sendOn.getTime() > ctx.clock();
  const recipient = { email, name, note, from, sendOn: sendOn?.toISOString() ?? null, sentAt: later ? null : ctx.now().toISOString() };
  await tx.query("UPDATE accounts_subscriptions SET gift_recipient = $2, updated_at = $3 WHERE id = $1", [gift.id, JSON.stringify(recipient), ctx.now()]);
  if (!later) await sendMail(ctx, tx, mailTemplates.gift(ctx.mailFor(gift.brand), email, gift.redeem_code!, name, note, from));
  return { subscriptionID: Number(gift.id), redeemCode: gift.redeem_code!, name, email, sendNotificationOn: recipient.sendOn };
}

/** The longest a buyer may schedule a gift's e-mail ahead. */
const MAX_GIFT_SEND_AHEAD_DAYS = 365;

/**
 * A gift's send date: "YYYY-MM-DD" (a day in Colombia, UTC−5) or an ISO date-time; the e-mail goes
 * that day at 8:00 a. m. Colombian time. Null when absent. A past day, or one more than a year
 * ahead, is refused (400, field sendNotificationOn).
 */
function giftSendDate(value: unknown, now: Date): Date | null {
  if (value === undefined || value === null || value === "") return null;
  const text = typeof value === "string" && value.length <= 40 ? value : "";
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 13)) : new Date(NaN);
  const today = new Date(now.getTime() - 5 * 3600 * 1000).toISOString().slice(0, 10);
  if (!day || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${day[1]}-${day[2]}-${day[3]}`)
    throw new ApiError(400, ErrorCodes.badRequest, "La fecha de envío del regalo debe ser un día con el formato AAAA-MM-DD", { field: "sendNotificationOn" });
  if (`${day[1]}-${day[2]}-${day[3]}` < today)
    throw new ApiError(400, ErrorCodes.badRequest, "La fecha de envío del regalo ya pasó: elige hoy o un día futuro", { field: "sendNotificationOn" });
  if (date.getTime() - now.getTime() > MAX_GIFT_SEND_AHEAD_DAYS * 24 * 3600 * 1000)
    throw new ApiError(400, ErrorCodes.badRequest, "La fecha de envío del regalo puede ser hasta un año después de hoy", { field: "sendNotificationOn" });
  return date;
}

/** Sends the gift e-mails whose day has come (the renewal job runs it); answers how many went. */
export async function sendScheduledGifts(ctx: AccountsContext, asOf: Date): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<SubscriptionRow & { brand: string | null }>(
      `SELECT * FROM accounts_subscriptions
       WHERE parent_id IS NULL AND redeem_code IS NOT NULL AND user_uuid IS NULL AND gift_recipient IS NOT NULL
         AND gift_recipient->>'sentAt' IS NULL AND gift_recipient->>'sendOn' IS NOT NULL AND (gift_recipient->>'sendOn')::timestamptz <= $1
       ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`,
      [asOf],
    );
    for (const gift of rows) {
      const recipient = gift.gift_recipient!;
      await sendMail(
        ctx,
        tx,
        mailTemplates.gift(ctx.mailFor(gift.brand), recipient.email, gift.redeem_code!, recipient.name, recipient.note ?? null, recipient.from ?? null),
      );
      await tx.query("UPDATE accounts_subscriptions SET gift_recipient = gift_recipient || $2::jsonb, updated_at = $3 WHERE id = $1", [
        gift.id,
        JSON.stringify({ sentAt: ctx.now().toISOString() }),
        ctx.now(),
      ]);
    }
    return rows.length;
  });
}

export async function redeemGift(ctx: AccountsContext, tx: Queryable, uuid: string, token: string) {
  const { rows } = await tx.query<SubscriptionRow>("SELECT * FROM accounts_subscriptions WHERE redeem_code = $1 AND parent_id IS NULL FOR UPDATE", [token]);
  const gift = rows[0];
  if (!gift) throw new ApiError(404, ErrorCodes.notFound, "El código de regalo no existe");
  if (!gift.gift_recipient && gift.user_uuid !== uuid)
    throw new ApiError(404, ErrorCodes.notFound, "Este regalo todavía no tiene destinatario: quien lo compró debe indicar el correo de quien lo recibe");
  if (gift.user_uuid !== uuid) await requireInvitedReader(ctx, tx, uuid, gift.gift_recipient?.email, "gift", gift.id);
  if (gift.user_uuid) throw new ApiError(409, ErrorCodes.conflict, gift.user_uuid === uuid ? "Ya redimiste este regalo" : "El regalo ya fue redimido");
  // The year starts when the gift is redeemed, not when it was bought.
  const now = ctx.now();
  await tx.query(
    "UPDATE accounts_subscriptions SET user_uuid = $2, redeemed_at = $3, current_period_start = $3, current_period_end = $4, updated_at = $3 WHERE id = $1",
    [gift.id, uuid, now, addMonths(now, SUBSCRIPTION_TERM_MONTHS)],
  );
  await appendEvent(ctx, tx, gift.id, "GIFT_REDEEMED", null);
  return { subscriptionID: Number(gift.id) };
}
