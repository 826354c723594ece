// The account of a social sign-in: the one holding the provider's identity, else the one with the
// e-mail when both sides verified it, else a new one; and removing a provider from an account. The
// visits that prove who the reader is are social-sign-in.ts's.
import crypto from "node:crypto";
import type express from "express";
import type { Queryable } from "../../platform/database";
import { sendMail, type AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { passes } from "../input";
import { mailTemplates } from "../mail/templates";
import { enforceDeviceLimit } from "./devices";
import { createNonce } from "./nonces";
import { markEmailVerified, requireActiveUser } from "./route-helpers";
import { openSession, type IssuedIdentity } from "./sessions";
import { notVerified, PROVIDER_LABELS, type SocialProfile, type SocialProvider } from "./social";
import { countIdentities, findUserByEmail, getUser, insertUser, profileOf, validateProfile } from "./users";
import { MAX_IDENTITIES, normalizeEmail } from "./validation";

/** Identities a reader may remove by provider name, and their type. */
const UNLINKABLE_PROVIDERS: Record<string, string> = { google: "Google", facebook: "Facebook", apple: "Apple", oidc: "OIDC" };

/**
 * The account of a verified profile: the one holding this provider identity; else the one with
 * this e-mail, linked only when the provider vouches for the address and the account has verified
 * it (300022 otherwise); else a new one. The device limit applies (devices.ts). The visit's state
 * (or a posted ID token) is spent in the same transaction, so a refusal stores nothing.
 */
export async function signInWithProfile(
  ctx: AccountsContext,
  req: express.Request,
  provider: SocialProvider,
  profile: SocialProfile,
  rememberMe: boolean,
  spend: { stateHash?: string; usedToken?: { hash: string; expiresAt: Date } },
): Promise<IssuedIdentity> {
  const email = profile.email && passes(profile.email, { max: 254 }) ? safeEmail(profile.email) : null;
  const known = await accountFor(ctx.db, provider, profile, email);
  if (known) await enforceDeviceLimit(ctx, known);
  let created: { uuid: string; email: string | null; verified: boolean; firstName?: string } | null = null;
  const issued = await ctx.db.transaction(async (tx) => {
    if (spend.stateHash) {
      const { rows } = await tx.query("DELETE FROM accounts_social_states WHERE state_hash = $1 RETURNING 1", [spend.stateHash]);
      if (!rows.length) throw notVerified("Esta solicitud de ingreso ya se usó; vuelve a intentarlo desde el botón de ingreso");
    }
    if (spend.usedToken) {
      const { rows } = await tx.query("INSERT INTO accounts_social_used_tokens (token_hash, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1", [
        spend.usedToken.hash,
        spend.usedToken.expiresAt,
      ]);
      if (!rows.length) throw notVerified("Ese token de identidad ya se usó para ingresar", "token");
    }
    let uuid = await accountFor(tx, provider, profile, email);
    if (!uuid) {
      uuid = crypto.randomUUID();
      const fields = newAccountFields(ctx, provider, profile, email);
      await insertUser(tx, uuid, fields, ctx.now());
      if (email && profile.emailVerified) await markEmailVerified(ctx, tx, (await getUser(tx, uuid))!);
      created = { uuid, email, verified: profile.emailVerified, firstName: fields.firstName ?? undefined };
    } else if ((await countIdentities(tx, uuid)) >= MAX_IDENTITIES) {
      throw new ApiError(400, ErrorCodes.badRequest, `Una cuenta admite como máximo ${MAX_IDENTITIES} identidades`);
    }
    await tx.query(
      `INSERT INTO accounts_identities (user_uuid, type, user_name, created_at, modified_at) VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (type, user_name) DO NOTHING`,
      [uuid, provider.identityType, profile.subject, ctx.now()],
    );
    await requireActiveUser(tx, uuid);
    // An address the provider does not vouch for (Facebook's) is verified like a sign-up's.
    if (created?.email && !created.verified) {
      const nonce = await createNonce(ctx, tx, "verify", uuid, created.email);
      await sendMail(ctx, tx, mailTemplates.verifyEmail(ctx.mailFor(), created.email, nonce, created.firstName));
    }
    return openSession(ctx, tx, uuid, rememberMe, req.get("user-agent"));
  });
  if (created) {
    ctx.logger.info("cuentas: cuenta creada con ingreso social", { provider: provider.name });
    void ctx.outbox.flush();
  }
  return issued;
}

/**
 * Who a profile is, if anyone: the account holding the provider's identity, or the account with
 * its e-mail when linking is allowed. Refuses (300022) an e-mail that belongs to an account when
 * the provider does not vouch for it or the account never verified it: an account that claimed an
 * address without proving it must not receive its real owner's sign-in, and a provider's word
 * that is not a verification must not open someone's account.
 */
async function accountFor(db: Queryable, provider: SocialProvider, profile: SocialProfile, email: string | null): Promise<string | null> {
  const { rows } = await db.query<{ user_uuid: string }>("SELECT user_uuid FROM accounts_identities WHERE type = $1 AND user_name = $2", [
    provider.identityType,
    profile.subject,
  ]);
  if (rows[0]) return rows[0].user_uuid;
  const existing = email ? await findUserByEmail(db, email) : null;
  if (!existing) return null;
  const label = PROVIDER_LABELS[provider.name];
  if (!profile.emailVerified)
    throw new ApiError(
      409,
      ErrorCodes.emailAlreadyRegistered,
      `Ese correo ya está registrado con otro método de ingreso, y ${label} no confirma que lo hayas verificado: ingresa con tu contraseña o con un enlace de acceso`,
    );
  if (!existing.email_verified)
    throw new ApiError(
      409,
      ErrorCodes.emailAlreadyRegistered,
      "Ese correo está registrado en una cuenta que aún no lo ha verificado: ingresa con tu contraseña y verifica el correo, o restablece la contraseña",
    );
  return existing.uuid;
}

/** A new account's profile; names the provider gives that the profile rules refuse (digits, emoji) are left out. */
function newAccountFields(ctx: AccountsContext, provider: SocialProvider, profile: SocialProfile, email: string | null) {
  const base = { email: email ?? `${provider.name}-${profile.subject.replace(/[^A-Za-z0-9]/g, "").slice(0, 60)}@sin-correo.invalid` };
  try {
    return validateProfile({ ...base, firstName: profile.firstName, lastName: profile.lastName }, ctx.now(), "signup");
  } catch {
    return validateProfile(base, ctx.now(), "signup");
  }
}

/** The signed-in reader's social identities by provider: removed unless it is their only way in. */
export async function unlinkIdentity(ctx: AccountsContext, uuid: string, provider: string, field: string) {
  const type = UNLINKABLE_PROVIDERS[provider];
  if (!type) throw new ApiError(400, ErrorCodes.badRequest, `El campo ${field} debe ser uno de ${Object.keys(UNLINKABLE_PROVIDERS).join(", ")}`, { field });
  return ctx.db.transaction(async (tx) => {
    const count = await countIdentities(tx, uuid);
    const { rows } = await tx.query("DELETE FROM accounts_identities WHERE user_uuid = $1 AND type = $2 AND $3 > 1 RETURNING id", [uuid, type, count]);
    if (!rows.length)
      throw new ApiError(400, ErrorCodes.badRequest, count <= 1 ? "No puedes quitar tu único método de ingreso" : `La cuenta no tiene ingreso con ${type}`);
    return profileOf(tx, (await getUser(tx, uuid))!);
  });
}

/** An e-mail a provider gives, normalised; one the address rules refuse counts as none. */
function safeEmail(value: string): string | null {
  try {
    return normalizeEmail(value);
  } catch {
    return null;
  }
}
