// Signed JWTs for access and refresh tokens (HS256). The secret comes from IDENTITY_JWT_SECRET or,
// when unset, a random one created once and kept in the database, so every process sharing the
// database (and every restart) signs and verifies with the same key.
import crypto from "node:crypto";
import { SignJWT, errors as joseErrors, jwtVerify } from "jose";
import type { Queryable } from "../platform/database";
import type { Settings } from "../platform/settings";
import { ApiError, ErrorCodes, MISSING_OR_INVALID_JWT } from "./errors";

const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
/** Refresh tokens (and the session family) last 30 days with "remember me", one day without. */
export const REFRESH_TOKEN_TTL_REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
export const REFRESH_TOKEN_TTL_SESSION_MS = 24 * 60 * 60 * 1000;
const TOKEN_ISSUER = "bloques-identity";
const SECRET_SETTING_KEY = "identity_jwt_secret";

/** The signing secret: the environment's, else the one stored in the database (created on first use). */
// A WebCrypto key rather than bytes: jose recognises it in every JavaScript realm (tests run in jsdom).
function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.webcrypto.subtle.importKey("raw", Buffer.from(secret, "utf8"), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]) as Promise<CryptoKey>;
}

/** The signing secret: IDENTITY_JWT_SECRET (32 characters or more, platform/settings.ts), else the one stored in the database. */
export async function loadSigningSecret(db: Queryable, settings: Pick<Settings, "IDENTITY_JWT_SECRET">): Promise<CryptoKey> {
  if (settings.IDENTITY_JWT_SECRET) return hmacKey(settings.IDENTITY_JWT_SECRET);
  const candidate = crypto.randomBytes(48).toString("base64url");
  // Two processes starting together: the first insert wins and both read the same row.
  await db.query("INSERT INTO accounts_settings (key, value, created_at) VALUES ($1, $2, now()) ON CONFLICT (key) DO NOTHING", [SECRET_SETTING_KEY, candidate]);
  const { rows } = await db.query<{ value: string }>("SELECT value FROM accounts_settings WHERE key = $1", [SECRET_SETTING_KEY]);
  return hmacKey(rows[0].value);
}

export class TokenSigner {
  constructor(
    private readonly secret: CryptoKey,
    private readonly clock: () => number,
  ) {}

  async signAccess(uuid: string, sid: string): Promise<{ token: string; expiresAt: number }> {
    const now = this.clock();
    const expiresAt = now + ACCESS_TOKEN_TTL_MS;
    const token = await new SignJWT({ uuid, sid, typ: "access" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(uuid)
      .setIssuer(TOKEN_ISSUER)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(this.secret);
    return { token, expiresAt };
  }

  async signRefresh(uuid: string, sid: string, jti: string, expiresAt: number): Promise<string> {
    return new SignJWT({ uuid, sid, typ: "refresh" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(uuid)
      .setIssuer(TOKEN_ISSUER)
      .setJti(jti)
      .setIssuedAt(Math.floor(this.clock() / 1000))
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(this.secret);
  }

  /** A short-lived token for other uses (Subscribe with Google linking), with its purpose in `typ`. */
  async signPurpose(uuid: string, typ: string, ttlMs: number): Promise<string> {
    const now = this.clock();
    return new SignJWT({ uuid, typ })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(uuid)
      .setIssuer(TOKEN_ISSUER)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor((now + ttlMs) / 1000))
      .sign(this.secret);
  }

  /**
   * Verifies signature, issuer, type and expiry. A tampered or foreign token is refused with 100018,
   * an expired one with 100011; both carry the SDK's 'Missing or invalid jwt' message.
   * allowExpired accepts a well-signed expired token (the caller must then check the session).
   */
  async verify(
    token: string,
    typ: "access" | "refresh",
    options: { allowExpired?: boolean } = {},
  ): Promise<Record<string, unknown> & { uuid: string; sid: string; exp: number; jti?: string }> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.secret, { algorithms: ["HS256"], issuer: TOKEN_ISSUER, currentDate: new Date(this.clock()) }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired && options.allowExpired && error.payload?.iss === TOKEN_ISSUER) payload = error.payload;
      else if (error instanceof joseErrors.JWTExpired) throw new ApiError(401, ErrorCodes.sessionExpired, `${MISSING_OR_INVALID_JWT}: el token expiró`);
      else throw new ApiError(401, ErrorCodes.sessionExpiredLogInAgain, `${MISSING_OR_INVALID_JWT}: el token no es válido`);
    }
    if (payload.typ !== typ || typeof payload.uuid !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number") {
      throw new ApiError(401, ErrorCodes.sessionExpiredLogInAgain, `${MISSING_OR_INVALID_JWT}: el token no es de tipo ${typ}`);
    }
    return payload as Record<string, unknown> & { uuid: string; sid: string; exp: number; jti?: string };
  }

  async verifyPurpose(token: string, typ: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ["HS256"], issuer: TOKEN_ISSUER, currentDate: new Date(this.clock()) });
      return payload.typ === typ && typeof payload.uuid === "string" ? payload.uuid : null;
    } catch {
      return null;
    }
  }
}

/** Random URL-safe token for nonces, ids and redeem codes. */
export function randomToken(bytes = 24): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}
