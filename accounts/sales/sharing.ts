// Sharing a subscription with associates: the owner invites by e-mail (up to MAX_SHARED_ASSOCIATES),
// the invited reader redeems the invitation, and either of them ends the place.
import type { Queryable } from "../../platform/database";
import { sendMail, type AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { quoteInput } from "../input";
import { normalizeEmail } from "../identity/validation";
import { getUser } from "../identity/users";
import { mailTemplates } from "../mail/templates";
import { randomToken } from "../tokens";
import { MAX_SHARED_ASSOCIATES } from "../../domain/catalog";
import { appendEvent, effectiveStatus, lockSubscription, subscriptionEvent, SubscriptionStatus, type SubscriptionRow } from "./subscriptions";
import { requireInvitedReader } from "./bound-to-person";
import { isActiveStatus } from "../../domain/subscriptions";

async function ownedParent(ctx: AccountsContext, tx: Queryable, uuid: string, id: string): Promise<SubscriptionRow> {
  const row = await lockSubscription(tx, id);
  if (row.user_uuid !== uuid || row.parent_id) throw new ApiError(403, ErrorCodes.forbidden, "Solo el titular puede compartir esta suscripción");
  return row;
}

export async function sharingDetails(ctx: AccountsContext, tx: Queryable, uuid: string, id: string) {
  const parent = await ownedParent(ctx, tx, uuid, id);
  const { rows } = await tx.query<SubscriptionRow>("SELECT * FROM accounts_subscriptions WHERE parent_id = $1 AND status <> 2 ORDER BY id", [parent.id]);
  return {
    numSharesAllowed: MAX_SHARED_ASSOCIATES,
    sharedSubscriptions: rows.map((r) => ({
      subscriptionID: Number(r.id),
      email: r.shared_email,
      redeemed: !!r.user_uuid,
      redeemCode: r.user_uuid ? null : r.redeem_code,
    })),
  };
}

export async function shareSubscription(ctx: AccountsContext, tx: Queryable, uuid: string, id: string, emailInput: unknown) {
  const email = normalizeEmail(emailInput);
  const parent = await ownedParent(ctx, tx, uuid, id);
  if (!isActiveStatus(effectiveStatus(parent, ctx.now())))
    throw new ApiError(400, ErrorCodes.parentSubscriptionInactive, "La suscripción no está activa; no se puede compartir");
  const owner = await getUser(tx, uuid);
  if (owner?.email === email) throw new ApiError(400, ErrorCodes.alreadyInGroup, "No puedes compartir la suscripción contigo");
  const { rows } = await tx.query<SubscriptionRow>("SELECT * FROM accounts_subscriptions WHERE parent_id = $1 AND status <> 2", [parent.id]);
  if (rows.some((r) => r.shared_email === email))
    throw new ApiError(409, ErrorCodes.alreadyInGroup, `La suscripción ya está compartida con ${quoteInput(email)}`);
  if (rows.length >= MAX_SHARED_ASSOCIATES)
    throw new ApiError(400, ErrorCodes.sharedToMaximum, `Ya compartiste la suscripción con el máximo de ${MAX_SHARED_ASSOCIATES} personas`);
  const redeemCode = randomToken(12);
  const { rows: created } = await tx.query<{ id: number }>(
    `INSERT INTO accounts_subscriptions (parent_id, purchaser_uuid, sku, price_code, product_name, status, current_period_start, current_period_end,
       redeem_code, shared_email, events, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
    [
      parent.id,
      uuid,
      parent.sku,
      parent.price_code,
      parent.product_name,
      parent.current_period_start,
      parent.current_period_end,
      redeemCode,
      email,
      subscriptionEvent("SHARED", ctx.now(), email),
      ctx.now(),
    ],
  );
  await appendEvent(ctx, tx, parent.id, "SHARED", email);
  await sendMail(ctx, tx, mailTemplates.shareInvitation(ctx.mailFor(), email, redeemCode, owner?.display_name ?? null));
  return { redeemCode, subscriptionID: Number(created[0].id) };
}

/** Ends an associate's access: called by the owner (or by the associate leaving). `id` is the shared subscription. */
export async function stopSharing(ctx: AccountsContext, tx: Queryable, uuid: string, id: string) {
  const row = await lockSubscription(tx, id);
  if (!row.parent_id) throw new ApiError(400, ErrorCodes.badRequest, "Esa suscripción no es compartida; indica la suscripción del asociado");
  const { rows } = await tx.query<{ user_uuid: string | null }>("SELECT user_uuid FROM accounts_subscriptions WHERE id = $1", [row.parent_id]);
  if (rows[0]?.user_uuid !== uuid && row.user_uuid !== uuid)
    throw new ApiError(403, ErrorCodes.forbidden, "No tienes permiso sobre esta suscripción compartida");
  await appendEvent(ctx, tx, row.id, "SHARE_STOPPED", null, SubscriptionStatus.terminated);
  return { subscriptionID: Number(row.id) };
}

export async function redeemShare(ctx: AccountsContext, tx: Queryable, uuid: string, token: string) {
  const { rows } = await tx.query<SubscriptionRow>("SELECT * FROM accounts_subscriptions WHERE redeem_code = $1 AND parent_id IS NOT NULL FOR UPDATE", [token]);
  const row = rows[0];
  if (!row || row.status === SubscriptionStatus.terminated) throw new ApiError(404, ErrorCodes.notFound, "La invitación no existe o fue retirada");
  await requireInvitedReader(ctx, tx, uuid, row.shared_email, "invitation", row.id);
  if (row.user_uuid) throw new ApiError(409, ErrorCodes.alreadyInGroup, row.user_uuid === uuid ? "Ya aceptaste esta invitación" : "La invitación ya fue usada");
  const { rows: parents } = await tx.query<SubscriptionRow>("SELECT * FROM accounts_subscriptions WHERE id = $1", [row.parent_id]);
  const parent = parents[0];
  if (!parent || !isActiveStatus(effectiveStatus(parent, ctx.now())))
    throw new ApiError(400, ErrorCodes.parentSubscriptionInactive, "La suscripción que te compartieron ya no está activa");
  if (parent.user_uuid === uuid) throw new ApiError(409, ErrorCodes.alreadyInGroup, "Ya eres el titular de esta suscripción");
  const { rows: siblings } = await tx.query("SELECT 1 FROM accounts_subscriptions WHERE parent_id = $1 AND user_uuid = $2 AND status <> 2", [parent.id, uuid]);
  if (siblings.length) throw new ApiError(409, ErrorCodes.alreadyInGroup, "Ya perteneces al grupo de esta suscripción");
  await tx.query("UPDATE accounts_subscriptions SET user_uuid = $2, redeemed_at = $3, updated_at = $3 WHERE id = $1", [row.id, uuid, ctx.now()]);
  await appendEvent(ctx, tx, row.id, "SHARE_REDEEMED", null);
  return { subscriptionID: Number(row.id) };
}
