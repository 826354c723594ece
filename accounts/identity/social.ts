// Social sign-in (docs/accounts.md#social-sign-in, docs/decisions/0025-social-sign-in.md): Google
// and Apple by OpenID Connect (oidc.ts), Facebook by OAuth 2.0 and the Graph API (facebook.ts).
// A provider turns what comes back from the reader's visit to it — an authorization code, or a
// token the SDK posts — into a verified profile; social-sign-in.ts keeps the state of each visit,
// social-accounts.ts finds, links or creates the account and opens the session. Which providers
// exist is configuration (socialProviders): an unconfigured one has no button, no config entry and
// no route.
import type { Logger } from "../../runtime/types";
import { serviceUrlProblem } from "../../domain/urls";
import type { Settings } from "../../platform/settings";
import { ApiError, ErrorCodes } from "../errors";
import { FacebookProvider, type FacebookSettings } from "./facebook";
import { OpenIdProvider, type OpenIdSettings } from "./oidc";

export type SocialProviderName = "google" | "apple" | "facebook";
export type SocialIdentityType = "Google" | "Apple" | "Facebook";

export interface SocialProfile {
  /** The provider's stable user id (the OIDC "sub", Facebook's app-scoped id). */
  subject: string;
  email?: string;
  /** Only an address the provider vouches for may be linked to an existing account with it. */
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
}

/** What the provider needs to send the reader back: where, and the values that bind the answer to this visit. */
export interface AuthorizationRequest {
  state: string;
  nonce: string;
  /** PKCE (RFC 7636): the S256 challenge of the verifier kept with the state. */
  codeChallenge: string;
  redirectUri: string;
}

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
}

export interface SocialProvider {
  readonly name: SocialProviderName;
  readonly identityType: SocialIdentityType;
  readonly clientId: string;
  readonly scope: string;
  /**
   * Whether the reader can be sent to the provider's pages (a visit, exchanged with the client's
   * secret). False for Google configured with its client id alone: only the ID tokens of Google's
   * own button are accepted (docs/accounts.md#social-sign-in).
   */
  readonly codeFlow: boolean;
  /** Apple answers with a form posted to the redirect URI (response_mode=form_post); the others redirect. */
  readonly responseMode: "query" | "form_post";
  /** The provider's authorization URL for this visit. */
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  /** Exchanges the code (with the PKCE verifier) and verifies what comes back. */
  exchangeCode(exchange: CodeExchange): Promise<SocialProfile>;
  /**
   * Verifies a credential the SDK posts to /identity/public/v1/auth/login without a visit of ours: a
   * Google ID token (Sign in with Google), a Facebook access token (Facebook's SDK). Absent when the
   * provider has none (Apple posts its authorization code, which needs the visit's state).
   */
  verifyCredential?(credential: string): Promise<SocialProfile>;
}

/** Why a provider's answer was refused; the reader sees 100020 (docs/error-catalogue.md). */
export type VerificationFailure = "state" | "signature" | "issuer" | "audience" | "nonce" | "expired" | "claims" | "exchange" | "token";

/** A provider's answer that does not prove who the reader is: 401, 100020, with `reason`. */
export class SocialVerificationError extends Error {
  constructor(
    readonly reason: VerificationFailure,
    message: string,
  ) {
    super(message);
    this.name = "SocialVerificationError";
  }
}

/** The provider could not be reached or answered nonsense: 502, 100021. */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderUnavailableError";
  }
}

export const PROVIDER_LABELS: Record<SocialProviderName, string> = { google: "Google", apple: "Apple", facebook: "Facebook" };

/** The API error a provider failure answers with. */
export function socialApiError(provider: SocialProvider, error: unknown): ApiError {
  const label = PROVIDER_LABELS[provider.name];
  if (error instanceof SocialVerificationError)
    return new ApiError(401, ErrorCodes.socialSignInNotVerified, `No se pudo verificar el ingreso con ${label}: ${error.message}`, {
      reason: error.reason,
      provider: provider.name,
    });
  if (error instanceof ProviderUnavailableError)
    return new ApiError(502, ErrorCodes.socialProviderUnavailable, `No pudimos comunicarnos con ${label}; intenta de nuevo en unos minutos`, {
      provider: provider.name,
    });
  if (error instanceof ApiError) return error;
  throw error;
}

/** A visit of ours, or a posted token, that does not prove who the reader is: 401, 100020, with `reason`. */
export const notVerified = (message: string, reason = "state") => new ApiError(401, ErrorCodes.socialSignInNotVerified, message, { reason });

/** How long a call to a provider may take. */
const PROVIDER_TIMEOUT_MS = 5000;

/**
 * A provider's address: https, or http on this machine (the local providers of the tests). Anything
 * else in the configuration stops the server at start with the variable's name.
 */
export function providerUrl(value: string, variable: string): URL {
  const problem = serviceUrlProblem(value);
  if (problem === "no es una URL") throw new Error(`${variable}: no es una URL (${value.slice(0, 120)})`);
  if (problem) throw new Error(`${variable}: ${problem}: ${value.slice(0, 120)}`);
  return new URL(value);
}

/** A provider's JSON answer; a network failure, a timeout or a body that is not JSON is ProviderUnavailableError. */
export async function fetchJson(url: URL | string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderUnavailableError(`sin respuesta de ${new URL(url).host} (${(error as Error).message})`);
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    if (response.status >= 500) throw new ProviderUnavailableError(`${new URL(url).host} respondió ${response.status}`);
    throw new ProviderUnavailableError(`${new URL(url).host} respondió algo que no es JSON (${response.status})`);
  }
}

/** PEM text from an environment variable, where line breaks are often written as "\n". */
function pem(value: string): string {
  return value.includes("\\n") ? value.replace(/\\n/g, "\n") : value;
}

/**
 * The providers the settings configure (README.md#configuration). A provider is on when all its
 * settings are set; some but not all of them stop the server at start (platform/settings.ts).
 */
export function socialProviders(settings: Settings, logger: Logger, clock: () => number = Date.now): SocialProvider[] {
  const providers: SocialProvider[] = [];
  const withoutSlash = (url: string) => url.replace(/\/$/, "");
  // Google's client id alone is enough for the ID tokens of Google's own button; with the secret the
  // reader can also be sent to Google's pages (code flow).
  if (settings.GOOGLE_CLIENT_ID) {
    const google: OpenIdSettings = {
      name: "google",
      identityType: "Google",
      issuer: withoutSlash(settings.GOOGLE_ISSUER),
      clientId: settings.GOOGLE_CLIENT_ID,
      clientSecret: settings.GOOGLE_CLIENT_SECRET ? { kind: "secret", secret: settings.GOOGLE_CLIENT_SECRET } : null,
      scope: "openid email profile",
      responseMode: "query",
    };
    providers.push(new OpenIdProvider(google, clock));
  }
  // Apple's and Facebook's settings come all together or not at all (platform/settings.ts).
  if (settings.APPLE_CLIENT_ID && settings.APPLE_TEAM_ID && settings.APPLE_KEY_ID && settings.APPLE_PRIVATE_KEY) {
    providers.push(
      new OpenIdProvider(
        {
          name: "apple",
          identityType: "Apple",
          issuer: withoutSlash(settings.APPLE_ISSUER),
          clientId: settings.APPLE_CLIENT_ID,
          clientSecret: { kind: "apple", teamId: settings.APPLE_TEAM_ID, keyId: settings.APPLE_KEY_ID, privateKey: pem(settings.APPLE_PRIVATE_KEY) },
          scope: "openid name email",
          responseMode: "form_post",
        },
        clock,
      ),
    );
  }
  if (settings.FACEBOOK_APP_ID && settings.FACEBOOK_APP_SECRET) {
    const facebook: FacebookSettings = {
      appId: settings.FACEBOOK_APP_ID,
      appSecret: settings.FACEBOOK_APP_SECRET,
      graphUrl: withoutSlash(settings.FACEBOOK_GRAPH_URL),
      dialogUrl: settings.FACEBOOK_DIALOG_URL,
    };
    providers.push(new FacebookProvider(facebook));
  }
  if (providers.length) logger.info("cuentas: ingreso con redes sociales activo", { providers: providers.map((p) => p.name) });
  return providers;
}
