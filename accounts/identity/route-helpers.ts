// What the Identity API's route files share (router.ts registers them all on one router): its
// paths, the identity answer with its access cookie, and the account rules more than one route applies.
import type express from "express";
import type { Queryable } from "../../platform/database";
import type { AccountsContext } from "../context";
import { ACCESS_TOKEN_COOKIE } from "../entitlement";
import { ApiError, ErrorCodes } from "../errors";
import { parseCookies, setCookie } from "../../platform/request";
import { attachGuestSubscriptions } from "../sales/purchases";
import type { IssuedIdentity } from "./sessions";
import { getUser, updateUser, type UserRow } from "./users";

export const IDENTITY_V1 = "/identity/public/v1";
export const IDENTITY_V2 = "/identity/public/v2";

export function isUniqueViolation(error: unknown) {
  return (error as { code?: string })?.code === "23505";
}

/** The identity the SDK stores, and the access cookie the server-side paywall reads. */
export function answerIdentity(ctx: AccountsContext, req: express.Request, res: express.Response, issued: IssuedIdentity) {
  const wantsCookie = ctx.accessCookie === "always" || req.query.cookie === "true" || ACCESS_TOKEN_COOKIE in parseCookies(req.get("cookie"));
  if (wantsCookie) {
    setCookie(res, ACCESS_TOKEN_COOKIE, issued.accessToken, {
      secure: ctx.secureCookies,
      // Without "remember me" the cookie ends with the browser, like the SDK's sessionStorage.
      maxAgeMs: issued.rememberMe ? issued.sessionExpiresAt - ctx.clock() : undefined,
    });
  }
  return { uuid: issued.uuid, accessToken: issued.accessToken, refreshToken: issued.refreshToken };
}

export async function requireActiveUser(tx: Queryable, uuid: string): Promise<UserRow> {
  const user = await getUser(tx, uuid);
  if (!user || user.status !== "Active") throw new ApiError(403, ErrorCodes.accountDeactivated, "La cuenta está desactivada");
  return user;
}

/**
 * The reader has just proven they control the account's current address (a verification link, a
 * magic link, a password reset, a provider that vouches for it): the e-mail counts as verified
 * and guest purchases made with it join the account. The only way guest purchases attach later.
 */
export async function markEmailVerified(ctx: AccountsContext, tx: Queryable, user: UserRow) {
  if (!user.email) return;
  await updateUser(tx, user.uuid, { emailVerified: true }, ctx.now());
  await attachGuestSubscriptions(ctx, tx, user.uuid, user.email);
}
