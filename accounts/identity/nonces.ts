// Single-use e-mailed nonces (reset, magic link, verification, account deletion). Only a hash is
// stored, so a database leak exposes no usable link.
import type { Queryable } from "../../platform/database";
import type { AccountsContext } from "../context";
import { ApiError, ErrorCodes, type ErrorCode } from "../errors";
import { LINK_TOKEN, requiredText } from "../input";
import { randomToken, sha256 } from "../tokens";

export const NONCE_TTL_MS = {
  reset: 60 * 60 * 1000,
  magic: 15 * 60 * 1000,
  verify: 7 * 24 * 60 * 60 * 1000,
  anonymize: 24 * 60 * 60 * 1000,
} as const;

export type NonceKind = keyof typeof NONCE_TTL_MS;

export interface NonceRow {
  kind: NonceKind;
  user_uuid: string | null;
  email: string | null;
  data: Record<string, unknown>;
  expires_at: Date;
  used_at: Date | null;
}

export async function createNonce(
  ctx: AccountsContext,
  tx: Queryable,
  kind: NonceKind,
  uuid: string,
  email: string | null,
  data: Record<string, unknown> = {},
): Promise<string> {
  const nonce = randomToken(24);
  await tx.query("INSERT INTO accounts_nonces (token_hash, kind, user_uuid, email, data, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)", [
    sha256(nonce),
    kind,
    uuid,
    email,
    JSON.stringify(data),
    ctx.now(),
    new Date(ctx.clock() + NONCE_TTL_MS[kind]),
  ]);
  return nonce;
}

const FAILURES: Record<NonceKind, { code: ErrorCode; invalid: string; expired: string }> = {
  reset: {
    code: ErrorCodes.passwordRequestExpired,
    invalid: "El enlace para cambiar la contraseña no es válido o ya se usó",
    expired: "La solicitud de cambio de contraseña venció; pide un enlace nuevo",
  },
  magic: { code: ErrorCodes.notFound, invalid: "El enlace mágico no es válido o ya se usó", expired: "El enlace mágico venció; pide uno nuevo" },
  verify: {
    code: ErrorCodes.notFound,
    invalid: "El enlace de verificación no es válido o ya se usó",
    expired: "El enlace de verificación venció; pide uno nuevo",
  },
  anonymize: {
    code: ErrorCodes.notFound,
    invalid: "La solicitud de eliminación no es válida o ya se resolvió",
    expired: "La solicitud de eliminación venció; pídela de nuevo",
  },
};

/**
 * The nonce, checked like consumeNonce does but left unused (locked with `lock`): a sign-in that
 * may still be refused (the device limit) reads it first and spends it only when it goes through.
 */
export async function peekNonce(ctx: AccountsContext, tx: Queryable, kind: NonceKind, input: unknown, lock = false): Promise<NonceRow> {
  const failure = FAILURES[kind];
  const nonce = requiredText(input, "nonce", { ...LINK_TOKEN, code: failure.code });
  const { rows } = await tx.query<NonceRow>(`SELECT * FROM accounts_nonces WHERE token_hash = $1 AND kind = $2${lock ? " FOR UPDATE" : ""}`, [
    sha256(nonce),
    kind,
  ]);
  const row = rows[0];
  if (!row || row.used_at) throw new ApiError(kind === "reset" ? 400 : 404, failure.code, failure.invalid);
  if (new Date(row.expires_at).getTime() <= ctx.clock()) throw new ApiError(400, failure.code, failure.expired);
  return row;
}

/**
 * Marks the nonce used and returns it; unknown, used or expired nonces are refused. One that is not
 * a LINK_TOKEN (too long, control characters…) is refused with 400 and the kind's code before it is
 * hashed or looked up.
 */
export async function consumeNonce(ctx: AccountsContext, tx: Queryable, kind: NonceKind, input: unknown): Promise<NonceRow> {
  const row = await peekNonce(ctx, tx, kind, input, true);
  await tx.query("UPDATE accounts_nonces SET used_at = $2 WHERE token_hash = $1", [sha256(String(input)), ctx.now()]);
  return row;
}

/**
 * Ends every e-mailed link of an account that is still open (after its e-mail changed, links sent
 * to the old address must no longer act on the account). Returns how many were open.
 */
export async function invalidateOpenNonces(ctx: AccountsContext, tx: Queryable, uuid: string): Promise<number> {
  const { rows } = await tx.query("UPDATE accounts_nonces SET used_at = $2 WHERE user_uuid = $1 AND used_at IS NULL RETURNING kind", [uuid, ctx.now()]);
  return rows.length;
}
