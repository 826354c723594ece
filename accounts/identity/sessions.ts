// Sessions and their rotating refresh tokens. A session is one sign-in; each refresh exchanges the
// presented refresh token for a new pair and marks the old one used. Presenting a used token
// again (after a short grace for two tabs refreshing at once) means it was stolen: the whole
// session family is revoked, and with it every access token of the session.
import type { Queryable } from "../../platform/database";
import type { AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { invalidateOpenNonces } from "./nonces";
import { randomToken, REFRESH_TOKEN_TTL_REMEMBER_MS, REFRESH_TOKEN_TTL_SESSION_MS } from "../tokens";

/** Two tabs may refresh with the same token at once; a reuse this soon is not treated as theft. */
const REFRESH_REUSE_GRACE_MS = 10_000;

export interface IssuedIdentity {
  uuid: string;
  accessToken: string;
  refreshToken: string;
  /** Not sent to the browser: used to set the access cookie's lifetime. */
  sessionExpiresAt: number;
  rememberMe: boolean;
}

function ttl(rememberMe: boolean) {
  return rememberMe ? REFRESH_TOKEN_TTL_REMEMBER_MS : REFRESH_TOKEN_TTL_SESSION_MS;
}

async function issuePair(ctx: AccountsContext, tx: Queryable, uuid: string, sid: string, rememberMe: boolean): Promise<IssuedIdentity> {
  const expiresAt = ctx.clock() + ttl(rememberMe);
  const jti = randomToken(18);
  await tx.query("INSERT INTO accounts_refresh_tokens (jti, session_id, issued_at, expires_at) VALUES ($1, $2, $3, $4)", [
    jti,
    sid,
    ctx.now(),
    new Date(expiresAt),
  ]);
  await tx.query("UPDATE accounts_sessions SET expires_at = $2, last_seen_at = $3 WHERE id = $1", [sid, new Date(expiresAt), ctx.now()]);
  const [access, refreshToken] = await Promise.all([ctx.tokens.signAccess(uuid, sid), ctx.tokens.signRefresh(uuid, sid, jti, expiresAt)]);
  return { uuid, accessToken: access.token, refreshToken, sessionExpiresAt: expiresAt, rememberMe };
}

/** Opens a session for a user who just proved who they are; marks the identity's last login. */
export async function openSession(ctx: AccountsContext, tx: Queryable, uuid: string, rememberMe: boolean, userAgent?: string | null): Promise<IssuedIdentity> {
  const sid = randomToken(18);
  // The device, as its browser names itself (identity/devices.ts lists it): printable characters, 300 at most.
  const agent = userAgent ? userAgent.replace(/[^\x20-\x7e]/g, "").slice(0, 300) || null : null;
  await tx.query("INSERT INTO accounts_sessions (id, user_uuid, remember_me, created_at, expires_at, user_agent) VALUES ($1, $2, $3, $4, $4, $5)", [
    sid,
    uuid,
    rememberMe,
    ctx.now(),
    agent,
  ]);
  await tx.query("UPDATE accounts_identities SET last_login_at = $2 WHERE user_uuid = $1", [uuid, ctx.now()]);
  return issuePair(ctx, tx, uuid, sid, rememberMe);
}

/** Exchanges a refresh token for a new pair (grantType 'refresh-token'). */
export async function refreshSession(ctx: AccountsContext, refreshToken: string): Promise<IssuedIdentity> {
  let claims;
  try {
    claims = await ctx.tokens.verify(refreshToken, "refresh");
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCodes.sessionExpired) throw new ApiError(401, ErrorCodes.sessionExpired, "Refresh token is expired");
    throw error;
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    // Lock the session row: concurrent refreshes of one family run one after the other.
    const { rows: sessions } = await tx.query<{ id: string; user_uuid: string; remember_me: boolean; revoked_at: Date | null; status: string }>(
      `SELECT s.id, s.user_uuid, s.remember_me, s.revoked_at, u.status FROM accounts_sessions s JOIN accounts_users u ON u.uuid = s.user_uuid
       WHERE s.id = $1 FOR UPDATE OF s`,
      [claims.sid],
    );
    const session = sessions[0];
    if (!session || session.user_uuid !== claims.uuid || session.revoked_at || session.status !== "Active")
      return { refused: "La sesión fue cerrada; ingresa de nuevo" } as const;
    const { rows: tokens } = await tx.query<{ used_at: Date | null }>("SELECT used_at FROM accounts_refresh_tokens WHERE jti = $1 AND session_id = $2", [
      claims.jti,
      claims.sid,
    ]);
    if (!tokens[0]) return { refused: "No refresh token found for this session" } as const;
    const usedAt = tokens[0].used_at ? new Date(tokens[0].used_at).getTime() : null;
    if (usedAt !== null && ctx.clock() - usedAt > REFRESH_REUSE_GRACE_MS) {
      await tx.query("UPDATE accounts_sessions SET revoked_at = $2, revoked_reason = 'refresh-token-reuse' WHERE id = $1", [claims.sid, ctx.now()]);
      return { refused: "El token de actualización ya se había usado; por seguridad se cerró la sesión" } as const;
    }
    if (usedAt === null) await tx.query("UPDATE accounts_refresh_tokens SET used_at = $2 WHERE jti = $1", [claims.jti, ctx.now()]);
    return { issued: await issuePair(ctx, tx, claims.uuid, claims.sid, session.remember_me) } as const;
  });
  if ("refused" in outcome) throw new ApiError(401, ErrorCodes.sessionExpiredLogInAgain, outcome.refused!);
  return outcome.issued;
}

export async function revokeSession(ctx: AccountsContext, tx: Queryable, sid: string, reason: string) {
  await tx.query("UPDATE accounts_sessions SET revoked_at = $2, revoked_reason = $3 WHERE id = $1 AND revoked_at IS NULL", [sid, ctx.now(), reason]);
}

/**
 * Ends the account's sessions (but `keep`) and every e-mailed link still open: whatever ends the
 * sessions (a password reset or change, closing every session, an anonymization) must also end a
 * reset or magic link sent before it, or that link would set a second password or sign in again
 * (docs/accounts.md#e-mailed-links).
 */
export async function revokeUserSessions(ctx: AccountsContext, tx: Queryable, uuid: string, reason: string, keep?: string) {
  await invalidateOpenNonces(ctx, tx, uuid);
  await tx.query("UPDATE accounts_sessions SET revoked_at = $2, revoked_reason = $3 WHERE user_uuid = $1 AND revoked_at IS NULL AND id <> $4", [
    uuid,
    ctx.now(),
    reason,
    keep ?? "",
  ]);
}
