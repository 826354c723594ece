// Wrong passwords slow the guesser down instead of locking the owner out
// (docs/decisions/0012-threat-model.md). Every place that checks a password — sign-in (API and the
// no-JavaScript form), the current password of a password change or an e-mail change — goes
// through here:
//
// - per account and client address (the pair): after a few failures the pair waits 1 s, 2 s, 4 s…
//   up to minutes (100016 with Retry-After). The owner signing in from their own address is a
//   different pair and never waits for a stranger's failures;
// - per client address, any account (password spraying): the same growing waits from a much higher
//   count, never a lock of everyone behind the address;
// - per account, any address: past a count, sign-in needs the captcha when one is configured.
//
// A success clears the pair; a password reset clears the account everywhere. 100014 is only for an
// account an operator blocked (accounts_identities.locked).
import type express from "express";
import { signInThrottledMessage } from "../../domain/errors";
import { captchaPasses, type AccountsContext } from "../context";
import { ApiError, CAPTCHA_INVALID, ErrorCodes, tooManyRequests } from "../errors";
import { clientIp } from "../../platform/request";

const pairKey = (email: string, ip: string) => `password:pair:${email} ${ip}`;
const addressKey = (ip: string) => `password:address:${ip}`;
const accountKey = (email: string) => `password:account:${email}`;

/** Refuses (429, 100016, Retry-After) while this address must wait before trying a password for `email` again. */
export async function refuseWhileThrottled(ctx: AccountsContext, req: express.Request, email: string): Promise<void> {
  const ip = clientIp(req);
  const wait = await ctx.rateLimiter.waitMs([pairKey(email, ip), addressKey(ip)]);
  if (wait > 0) throw tooManyRequests(ErrorCodes.signInThrottled, (seconds) => signInThrottledMessage(seconds, new Date(ctx.clock() + seconds * 1000)), wait);
}

/**
 * With a captcha verifier configured, an account that had many wrong passwords (from any address)
 * asks every sign-in for the captcha: 130001 with `captchaRequired: true` without a valid token.
 */
export async function requireCaptchaAfterFailures(ctx: AccountsContext, email: string, token: unknown): Promise<void> {
  // When every sign-in asks for the captcha, enforceCaptcha has checked it already.
  if (!ctx.captcha.verify || ctx.captcha.signin) return;
  const { captchaAfterFailures, forgetAfterMs } = ctx.rateLimits.passwordPerAccount;
  if ((await ctx.rateLimiter.failures(accountKey(email), forgetAfterMs)) < captchaAfterFailures) return;
  if (!(await captchaPasses(ctx, "signin", token))) throw new ApiError(400, ErrorCodes.captchaInvalid, CAPTCHA_INVALID, { captchaRequired: true });
}

/** Counts a wrong password for `email` from this address: for the pair, the address and the account. */
export async function countWrongPassword(ctx: AccountsContext, req: express.Request, email: string): Promise<void> {
  const ip = clientIp(req);
  const rules = ctx.rateLimits;
  await ctx.rateLimiter.fail(pairKey(email, ip), rules.passwordPerAccountAndAddress);
  await ctx.rateLimiter.fail(addressKey(ip), rules.passwordPerAddress);
  await ctx.rateLimiter.count(accountKey(email), rules.passwordPerAccount.forgetAfterMs);
}

/** The right password from this address: the pair starts afresh (the address and account counts stay). */
export async function forgetWrongPasswords(ctx: AccountsContext, req: express.Request, email: string): Promise<void> {
  await ctx.rateLimiter.reset(pairKey(email, clientIp(req)));
}

/** A password reset proved who the reader is: every count of the account ends, from every address. */
export async function forgetAccountFailures(ctx: AccountsContext, email: string): Promise<void> {
  await ctx.rateLimiter.resetPrefix(`password:pair:${email} `);
  await ctx.rateLimiter.reset(accountKey(email));
}
