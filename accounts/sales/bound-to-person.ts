// Invitations and gifts are bound to the address they were sent to (docs/accounts.md#verified-e-mail):
// the check that redeeming either runs first.
import type { Queryable } from "../../platform/database";
import type { AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { getUser } from "../identity/users";

const BOUND_TO = {
  invitation: {
    log: "cuentas: invitación a suscripción compartida rechazada",
    otherAccount: "Esta invitación no es válida para tu cuenta: ingresa con la cuenta del correo que recibió la invitación",
    unverified: "Verifica tu correo electrónico para aceptar la invitación: usa el enlace que te enviamos o pide otro desde tu perfil",
  },
  gift: {
    log: "cuentas: redención de regalo rechazada",
    otherAccount: "Este regalo no es válido para tu cuenta: ingresa con la cuenta del correo que recibió el regalo",
    unverified: "Verifica tu correo electrónico para redimir el regalo: usa el enlace que te enviamos o pide otro desde tu perfil",
  },
} as const;

/**
 * Invitations and gifts are bound to the address they were sent to: only a signed-in reader whose
 * account has that e-mail, verified, may accept them. Anyone else gets the catalogue's answer to an
 * unusable link (404, "El enlace no es válido o ya se usó"), which says nothing of the address; the
 * invited reader whose e-mail is not verified yet is asked to verify it (130051). Runs before any
 * write, so a refusal stores nothing.
 */
export async function requireInvitedReader(
  ctx: AccountsContext,
  tx: Queryable,
  uuid: string,
  invitedEmail: string | null | undefined,
  kind: keyof typeof BOUND_TO,
  subscriptionId: number,
) {
  const texts = BOUND_TO[kind];
  const user = await getUser(tx, uuid);
  const invited = invitedEmail?.trim().toLowerCase();
  if (!invited || !user?.email || user.email.toLowerCase() !== invited) {
    ctx.logger.info(texts.log, { subscription: Number(subscriptionId), reason: invited ? "otra-cuenta" : "sin-destinatario" });
    throw new ApiError(404, ErrorCodes.notFound, texts.otherAccount);
  }
  if (!user.email_verified) {
    ctx.logger.info(texts.log, { subscription: Number(subscriptionId), reason: "correo-sin-verificar" });
    throw new ApiError(403, ErrorCodes.emailNotVerified, texts.unverified);
  }
}
