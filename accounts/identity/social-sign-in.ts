// Social sign-in routes (docs/accounts.md#social-sign-in, docs/decisions/0025-social-sign-in.md):
//
//   GET  /identity/public/v2/oidc/{provider}/initiate   a visit: { url, state, … } (SDK initiateOIDC)
//   GET  /identity/public/v1/apple/authurl              Apple's URL, the SDK adds redirect_uri (initAppleSignOn)
//   POST /identity/public/v1/apple/auth                 Apple posts its answer here (form_post)
//   GET  /identity/public/v2/oidc/signin?code&state     the visit's answer → the identity (SDK signInWithOIDC)
//   GET  /identity/public/v2/oidc/?code&state           the same, as docs/accounts.md names it
//   PUT  /identity/public/v2/oidc/unlink                { identifier }: removes a provider from the account
//   POST /identity/public/v1/auth/login                 grantType google | facebook | apple (see socialLogin)
//
// A visit's state, PKCE verifier and nonce live in the database (accounts_social_states, 10
// minutes) with the hash of an httpOnly cookie set in the browser that started it: an answer is
// accepted only in that browser, once, while fresh. Accounts are found by the provider's identity,
// else linked by e-mail only when the provider vouches for the address and the account has
// verified it, else created (social-accounts.ts).
import crypto from "node:crypto";
import express from "express";
import { authenticate, limitAnonymousWrite, type AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { bodyObject, handle, noStore } from "../http";
import { clearCookie, parseCookies, setCookie } from "../../platform/request";
import { CODE, CREDENTIAL, LINK_TOKEN, passes, quoteInput, requiredText } from "../input";
import { randomToken, sha256 } from "../tokens";
import { LOGIN_PAGE } from "../../domain/routes";
import { answerIdentity, IDENTITY_V1, IDENTITY_V2 } from "./route-helpers";
import type { IssuedIdentity } from "./sessions";
import { notVerified, PROVIDER_LABELS, socialApiError, type SocialProvider } from "./social";
import { signInWithProfile, unlinkIdentity } from "./social-accounts";

/** A visit to a provider must come back within this time. */
const SOCIAL_STATE_TTL_MS = 10 * 60 * 1000;
/** The httpOnly cookie that ties a visit to the browser that started it (only the API's paths see it). */
const SOCIAL_BROWSER_COOKIE = "identity_social";
const SOCIAL_COOKIE_PATH = "/identity/public/";
/** Where Apple posts its answer (the SDK's initAppleSignOn names it as redirect_uri). */
const APPLE_CALLBACK_PATH = `${IDENTITY_V1}/apple/auth`;

interface StateRow {
  state_hash: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  browser_hash: string;
  apple_name: { firstName?: string; lastName?: string } | null;
  expires_at: Date;
}

/** Signs in with what the SDK posts to /identity/public/v1/auth/login for a grant type other than 'password'. */
export type SocialLogin = (req: express.Request, grantType: string, body: Record<string, unknown>) => Promise<IssuedIdentity>;

export function registerSocialRoutes(router: express.Router, ctx: AccountsContext): { socialLogin: SocialLogin } {
  /** A provider's failure as the API's refusal; an unreachable provider is logged for operators. */
  const refusal = (provider: SocialProvider) => (error: unknown) => {
    const refused = socialApiError(provider, error);
    if (refused.httpStatus === 502)
      ctx.logger.warn("cuentas: el proveedor de ingreso no responde", { provider: provider.name, detail: (error as Error)?.message });
    throw refused;
  };

  /** The configured provider a path or grant names (its name, or its client id as the SDK's initiateOIDC may send). */
  function providerNamed(value: unknown, field: string): SocialProvider {
    const name = requiredText(value, field, CODE);
    const provider = ctx.socialProviders.find((p) => p.name === name.toLowerCase() || p.clientId === name);
    if (!provider) throw new ApiError(400, ErrorCodes.badRequest, `El ingreso con ${quoteInput(name)} no está disponible`, { field });
    return provider;
  }

  /** Where the provider sends the reader back: the login page of the request's brand, or Apple's callback. */
  function redirectUriFor(provider: SocialProvider): string {
    const origin = ctx.mailFor().origin;
    return provider.responseMode === "form_post" ? `${origin}${APPLE_CALLBACK_PATH}` : `${origin}${LOGIN_PAGE}`;
  }

  /** Starts a visit: stores its state, verifier and nonce with this browser's cookie; answers the provider's URL. */
  async function startVisit(req: express.Request, res: express.Response, provider: SocialProvider) {
    await limitAnonymousWrite(ctx, req, "social");
    const state = randomToken(24);
    const nonce = randomToken(24);
    const codeVerifier = randomToken(48);
    const codeChallenge = crypto.createHash("sha256").update(codeVerifier).digest("base64url");
    const redirectUri = redirectUriFor(provider);
    const url = await provider.authorizationUrl({ state, nonce, codeChallenge, redirectUri }).catch(refusal(provider));
    // One cookie per browser, kept while it starts visits: two tabs may be on their way at once.
    const existing = parseCookies(req.get("cookie"))[SOCIAL_BROWSER_COOKIE];
    const browser = passes(existing, LINK_TOKEN) ? existing : randomToken(24);
    await ctx.db.query(
      `INSERT INTO accounts_social_states (state_hash, provider, code_verifier, nonce, redirect_uri, browser_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [sha256(state), provider.name, codeVerifier, nonce, redirectUri, sha256(browser), ctx.now(), new Date(ctx.clock() + SOCIAL_STATE_TTL_MS)],
    );
    setCookie(res, SOCIAL_BROWSER_COOKIE, browser, { path: SOCIAL_COOKIE_PATH, secure: ctx.secureCookies, maxAgeMs: SOCIAL_STATE_TTL_MS });
    noStore(res);
    return { url, state, codeChallenge, redirectUri };
  }

  /** The visit a state names, if it is fresh, of a configured provider, and started in this browser. */
  async function visitOf(req: express.Request, where: { state?: string; codeHash?: string }): Promise<{ row: StateRow; provider: SocialProvider }> {
    const browser = parseCookies(req.get("cookie"))[SOCIAL_BROWSER_COOKIE];
    const { rows } = where.state
      ? await ctx.db.query<StateRow>("SELECT * FROM accounts_social_states WHERE state_hash = $1", [sha256(where.state)])
      : await ctx.db.query<StateRow>("SELECT * FROM accounts_social_states WHERE code_hash = $1", [where.codeHash]);
    const row = rows[0];
    if (!row || new Date(row.expires_at).getTime() <= ctx.clock())
      throw notVerified("La solicitud de ingreso no existe o venció; vuelve a intentarlo desde el botón de ingreso");
    if (!passes(browser, LINK_TOKEN) || sha256(browser) !== row.browser_hash)
      throw notVerified("La solicitud de ingreso empezó en otro navegador; vuelve a intentarlo desde el botón de ingreso");
    const provider = ctx.socialProviders.find((p) => p.name === row.provider);
    if (!provider) throw notVerified(`El ingreso con ${PROVIDER_LABELS[row.provider as keyof typeof PROVIDER_LABELS] ?? "ese servicio"} ya no está disponible`);
    return { row, provider };
  }

  /** The answer of a visit: the code exchanged with its verifier, the ID token checked against its nonce, then the account. */
  async function completeVisit(req: express.Request, visit: { row: StateRow; provider: SocialProvider }, code: string): Promise<IssuedIdentity> {
    const { row, provider } = visit;
    const profile = await provider
      .exchangeCode({ code, codeVerifier: row.code_verifier, nonce: row.nonce, redirectUri: row.redirect_uri })
      .catch(refusal(provider));
    const names = row.apple_name ?? {};
    return signInWithProfile(
      ctx,
      req,
      provider,
      { ...profile, firstName: profile.firstName ?? names.firstName, lastName: profile.lastName ?? names.lastName },
      true,
      {
        stateHash: row.state_hash,
      },
    );
  }

  // --- Visits ------------------------------------------------------------------------------------

  router.get(
    `${IDENTITY_V2}/oidc/:provider/initiate`,
    handle(async (req, res) => {
      const provider = providerNamed(req.params.provider, "provider");
      if (!provider.codeFlow)
        throw new ApiError(400, ErrorCodes.badRequest, `El ingreso con ${PROVIDER_LABELS[provider.name]} de este sitio se hace con su propio botón`, {
          field: "provider",
        });
      const visit = await startVisit(req, res, provider);
      return {
        url: visit.url,
        state: visit.state,
        clientId: provider.clientId,
        redirectURI: visit.redirectUri,
        responseType: "code",
        scope: provider.scope,
        codeChallenge: visit.codeChallenge,
        codeChallengeMethod: "S256",
      };
    }),
  );

  // The SDK's initAppleSignOn appends "&redirect_uri=<apiOrigin>/identity/public/v1/apple/auth".
  router.get(
    `${IDENTITY_V1}/apple/authurl`,
    handle(async (req, res) => {
      const provider = providerNamed("apple", "provider");
      const { url } = await startVisit(req, res, provider);
      const withoutRedirect = new URL(url);
      withoutRedirect.searchParams.delete("redirect_uri");
      return withoutRedirect.toString();
    }),
  );

  // Apple posts { code, state, user (first sign-in: the name), id_token } from its page: a
  // cross-site POST, so no cookie of ours arrives here. The visit is checked, its code noted (the
  // SDK's appleSignOn sends only the code), and the reader goes on to the login page with the code
  // and state, where the page finishes as for any provider (in its own browser, with its cookie).
  const appleCallback = handle(async (req, res) => {
    const field = (name: string) => {
      const value = req.method === "POST" ? req.body?.[name] : req.query[name];
      return typeof value === "string" ? value : undefined;
    };
    // A reader's browser arrives here: whatever is wrong, they go on to the login page, which says so.
    const state = field("state");
    const code = field("code");
    const back = (params: Record<string, string>) => res.redirect(303, `${LOGIN_PAGE}?${new URLSearchParams(params)}`);
    if (!passes(state, LINK_TOKEN)) return back({ error: ErrorCodes.socialSignInNotVerified });
    const error = field("error");
    if (error) return back({ error: passes(error, CODE) ? error : "access_denied", state });
    if (!passes(code, CREDENTIAL)) return back({ error: ErrorCodes.socialSignInNotVerified, state });
    const { rows } = await ctx.db.query<{ expires_at: Date }>(
      `UPDATE accounts_social_states SET code_hash = $2, apple_name = $3 WHERE state_hash = $1 AND provider = 'apple' AND expires_at > $4 AND code_hash IS NULL
       RETURNING expires_at`,
      [sha256(state), sha256(code), appleName(field("user")), ctx.now()],
    );
    if (!rows.length) return back({ error: ErrorCodes.socialSignInNotVerified, state });
    back({ code, state });
  });
  router.post(APPLE_CALLBACK_PATH, express.urlencoded({ extended: false, limit: "16kb" }), appleCallback);
  router.get(APPLE_CALLBACK_PATH, appleCallback);

  const signInWithCode = handle(async (req, res) => {
    noStore(res);
    const state = requiredText(req.query.state, "state", { ...LINK_TOKEN, code: ErrorCodes.socialSignInNotVerified });
    const code = requiredText(req.query.code, "code", CREDENTIAL);
    const issued = await completeVisit(req, await visitOf(req, { state }), code);
    clearCookie(res, SOCIAL_BROWSER_COOKIE, { path: SOCIAL_COOKIE_PATH, secure: ctx.secureCookies });
    return answerIdentity(ctx, req, res, issued);
  });
  router.get(`${IDENTITY_V2}/oidc/signin`, signInWithCode);
  router.get(`${IDENTITY_V2}/oidc/`, signInWithCode);

  router.put(
    `${IDENTITY_V2}/oidc/unlink`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const identifier = requiredText(bodyObject(req).identifier, "identifier", CODE).toLowerCase();
      return unlinkIdentity(ctx, caller.uuid, identifier, "identifier");
    }),
  );

  /**
   * Credentials the SDK posts to /identity/public/v1/auth/login with grantType google (an ID token of
   * Sign in with Google: verified, and spent once), facebook (an access token of Facebook's SDK:
   * checked to be this app's) or apple (the code Apple posted to APPLE_CALLBACK_PATH: its visit must
   * have started in this browser).
   */
  return {
    socialLogin: async (req, grantType, body) => {
      const provider = providerNamed(grantType, "grantType");
      const credential = requiredText(body.credentials, "credentials", CREDENTIAL);
      const rememberMe = body.rememberMe !== false;
      if (provider.responseMode === "form_post") return completeVisit(req, await visitOf(req, { codeHash: sha256(credential) }), credential);
      if (!provider.verifyCredential) throw new ApiError(400, ErrorCodes.badRequest, `El ingreso con ${PROVIDER_LABELS[provider.name]} empieza en su botón`);
      const profile = await provider.verifyCredential(credential).catch(refusal(provider));
      // An ID token signs in once (until it expires); Facebook's SDK posts the same access token for weeks.
      const usedToken =
        provider.name === "google" ? { hash: sha256(credential), expiresAt: new Date(expiryOf(credential) ?? ctx.clock() + SOCIAL_STATE_TTL_MS) } : undefined;
      return signInWithProfile(ctx, req, provider, profile, rememberMe, { usedToken });
    },
  };
}

/** Apple's `user` field on the first sign-in: {"name":{"firstName","lastName"},"email"}; only the name is kept. */
function appleName(raw: string | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  try {
    const name = JSON.parse(raw)?.name;
    const text = (value: unknown) => (typeof value === "string" && passes(value, { max: 50 }) ? value.trim() : undefined);
    const kept = { firstName: text(name?.firstName), lastName: text(name?.lastName) };
    return kept.firstName || kept.lastName ? JSON.stringify(kept) : null;
  } catch {
    return null;
  }
}

/** A JWT's `exp` (already verified by the caller), in milliseconds. */
function expiryOf(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));
    return typeof payload.exp === "number" ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}
