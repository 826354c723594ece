// The Identity API under /identity/public/v1 and /v2, as the unmodified @arc-publishing/sdk-identity
// calls it (paths, bodies and answers read from its lib/ code), plus the aliases that
// docs/accounts.md#identity-api lists. Each part of the API declares its routes in a file of its own
// (sign-in.ts, sign-up.ts, profile.ts, …), registered here; the small calls are answered here.
import crypto from "node:crypto";
import express from "express";
import { authenticate, type AccountsContext } from "../context";
import { subscriptionStatusesOf, ENTITLED_STATUSES_FOR_LOCKED_CONTENT } from "../entitlement";
import { bodyObject, handle, noStore } from "../http";
import { CODE, CREDENTIAL, requiredText } from "../input";
import { registerAccountDeletionRoutes } from "./account-deletion";
import { registerDataReportRoutes } from "./data-reports";
import { registerEmailVerificationRoutes } from "./email-verification";
import { registerPasswordRoutes } from "./passwords";
import { registerProfileRoutes } from "./profile";
import { IDENTITY_V1, requireActiveUser } from "./route-helpers";
import { registerSignInRoutes } from "./sign-in";
import { registerSignUpRoutes } from "./sign-up";
import { registerSocialRoutes } from "./social-sign-in";
import { unlinkIdentity } from "./social-accounts";
import type { UserRow } from "./users";

/** Subscribe with Google linking tokens last this long. */
const SWG_TOKEN_TTL_MS = 5 * 60 * 1000;

export function createIdentityRouter(ctx: AccountsContext): express.Router {
  const router = express.Router();

  // Google, Apple and Facebook (social-sign-in.ts): visits, Apple's callback, the code's sign-in, unlinking.
  const social = registerSocialRoutes(router, ctx);

  router.get(
    `${IDENTITY_V1}/config`,
    handle(async (_req, res) => {
      res.set("Cache-Control", "no-cache");
      return {
        signinRecaptcha: !!ctx.captcha.signin,
        signupRecaptcha: !!ctx.captcha.signup,
        magicLinkRecaptcha: !!ctx.captcha.magicLink,
        resetPasswordRecaptcha: !!ctx.captcha.resetPassword,
        recaptchaSiteKey: ctx.captcha.siteKey ?? null,
        recaptchaScriptUrl: ctx.captcha.siteKey ? (ctx.captcha.scriptUrl ?? null) : null,
        // Only configured providers: the login modal shows a button for each (docs/accounts.md#social-sign-in).
        googleClientId: ctx.socialProviders.find((p) => p.name === "google")?.clientId ?? "",
        facebookAppId: ctx.socialProviders.find((p) => p.name === "facebook")?.clientId ?? "",
        // The providers whose pages the modal's buttons lead to; Google with its id alone has only its own button (googleClientId).
        socialProviders: ctx.socialProviders.filter((p) => p.codeFlow).map((p) => p.name),
        ...(ctx.identityConfig.disqus ? { disqus: ctx.identityConfig.disqus } : {}),
      };
    }),
  );

  registerSignInRoutes(router, ctx, social.socialLogin);
  registerSignUpRoutes(router, ctx);
  registerProfileRoutes(router, ctx);
  registerPasswordRoutes(router, ctx);
  registerEmailVerificationRoutes(router, ctx);
  registerAccountDeletionRoutes(router, ctx);

  // --- Settings and segments ---------------------------------------------------------------------

  router.get(
    `${IDENTITY_V1}/user/settings`,
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      noStore(res);
      const user = await requireActiveUser(ctx.db, caller.uuid);
      const settings: Record<string, unknown> = { ...user.settings };
      const disqusSecret = ctx.disqusSecretKey;
      if (ctx.identityConfig.disqus?.enabled && disqusSecret) settings.disqus = { ssoKey: disqusSsoKey(user, disqusSecret, ctx.clock()) };
      return settings;
    }),
  );

  router.get(
    "/identity/public/v2/identity/segmentation",
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      noStore(res);
      const statuses = await subscriptionStatusesOf(ctx.db, caller.uuid, ctx.now());
      const subscriber = statuses.some((s) => (ENTITLED_STATUSES_FOR_LOCKED_CONTENT as readonly number[]).includes(s));
      return subscriber ? { id: 1, segment: "suscriptor" } : { id: 2, segment: "registrado" };
    }),
  );

  registerDataReportRoutes(router, ctx);

  // --- Social identities and Subscribe with Google ----------------------------------------------

  router.delete(
    `${IDENTITY_V1}/identity/:provider`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const provider = requiredText(req.params.provider, "provider", CODE).toLowerCase();
      return unlinkIdentity(ctx, caller.uuid, provider, "provider");
    }),
  );

  router.get(
    `${IDENTITY_V1}/swg/accesstoken`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      return { accessToken: await ctx.tokens.signPurpose(caller.uuid, "swg", SWG_TOKEN_TTL_MS) };
    }),
  );

  const swgCheckExists = handle(async (req) => {
    const token = requiredText(bodyObject(req).token, "token", CREDENTIAL);
    const google = ctx.socialProviders.find((p) => p.name === "google");
    // Without a Google provider the ID token cannot be verified: nobody can be found by it.
    if (!google?.verifyCredential) return { identityExists: false };
    const profile = await google.verifyCredential(token).catch(() => null);
    if (!profile) return { identityExists: false };
    const { rows } = await ctx.db.query("SELECT 1 FROM accounts_identities WHERE type = 'Google' AND user_name = $1", [profile.subject]);
    return { identityExists: rows.length > 0 };
  });
  router.post(`${IDENTITY_V1}/swg/checkloginexists`, swgCheckExists);
  router.post(`${IDENTITY_V1}/swg/checkexists`, swgCheckExists);

  return router;
}

/** Disqus "remote_auth_s3": base64 user data, its HMAC-SHA1 and the timestamp. */
function disqusSsoKey(user: UserRow, secret: string, now: number): string {
  const message = Buffer.from(JSON.stringify({ id: user.uuid, username: user.display_name, email: user.email })).toString("base64");
  const timestamp = Math.floor(now / 1000);
  const signature = crypto.createHmac("sha1", secret).update(`${message} ${timestamp}`).digest("hex");
  return `${message} ${signature} ${timestamp}`;
}
