// An OpenID Connect relying party for Google and Apple (docs/decisions/0025-social-sign-in.md):
// discovery from the configured issuer, the authorization code flow with PKCE (S256), and the ID
// token verified with jose against the provider's published keys (JWKS): signature, issuer,
// audience (and azp), expiry, nonce. Apple's differences: the answer is posted back
// (response_mode=form_post) and the client secret is a short ES256 JWT signed with the team's key.
import { createRemoteJWKSet, decodeProtectedHeader, errors as joseErrors, importPKCS8, jwtVerify, SignJWT, type JWTPayload } from "jose";
import {
  fetchJson,
  ProviderUnavailableError,
  providerUrl,
  SocialVerificationError,
  type AuthorizationRequest,
  type CodeExchange,
  type SocialIdentityType,
  type SocialProfile,
  type SocialProvider,
  type SocialProviderName,
} from "./social";

/** Discovery documents are read again after this long (providers rotate keys through jwks_uri, read by jose). */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** Clocks of two servers disagree a little: this much past `exp` (or before `iat`) is still accepted. */
const CLOCK_TOLERANCE_SECONDS = 60;
/** Signature algorithms accepted in ID tokens (Google: RS256; Apple: RS256; never "none" or HMAC). */
const ID_TOKEN_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "ES256", "ES384", "EdDSA"];
/** Apple's client secret: valid this long (Apple accepts up to six months; one per exchange needs little). */
const APPLE_SECRET_TTL_SECONDS = 5 * 60;

export interface OpenIdSettings {
  name: SocialProviderName;
  identityType: SocialIdentityType;
  /** Exactly as the provider writes it in its ID tokens ("https://accounts.google.com"). */
  issuer: string;
  clientId: string;
  /** None: ID tokens only (Google's own button), no visit to the provider's pages. */
  clientSecret: { kind: "secret"; secret: string } | { kind: "apple"; teamId: string; keyId: string; privateKey: string } | null;
  scope: string;
  responseMode: "query" | "form_post";
}

interface Discovery {
  authorizationEndpoint: URL;
  tokenEndpoint: URL;
  userinfoEndpoint: URL | null;
  jwks: ReturnType<typeof createRemoteJWKSet>;
  readAt: number;
}

/** The clock of the accounts service (tests move it); jose checks expiry against it. */
export type Clock = () => number;

export class OpenIdProvider implements SocialProvider {
  readonly name: SocialProviderName;
  readonly identityType: SocialIdentityType;
  readonly clientId: string;
  readonly scope: string;
  readonly responseMode: "query" | "form_post";
  readonly codeFlow: boolean;
  private discovery: Discovery | null = null;

  constructor(
    private readonly settings: OpenIdSettings,
    /** The accounts service's clock (tests move it): expiry is checked against it. */
    private readonly clock: Clock = Date.now,
  ) {
    this.name = settings.name;
    this.identityType = settings.identityType;
    this.clientId = settings.clientId;
    this.scope = settings.scope;
    this.responseMode = settings.responseMode;
    this.codeFlow = settings.clientSecret !== null;
  }

  /** The provider's endpoints and keys (OpenID Connect Discovery 1.0), cached for an hour. */
  private async discover(): Promise<Discovery> {
    if (this.discovery && Date.now() - this.discovery.readAt < DISCOVERY_TTL_MS) return this.discovery;
    const { issuer } = this.settings;
    const { status, body } = await fetchJson(`${issuer}/.well-known/openid-configuration`);
    if (status !== 200 || !body || typeof body !== "object")
      throw new ProviderUnavailableError(`el documento de descubrimiento de ${issuer} respondió ${status}`);
    // §4.3: the document must name the issuer it was asked for, or nothing it says is trusted.
    if (body.issuer !== issuer)
      throw new ProviderUnavailableError(`el documento de descubrimiento dice ser de ${String(body.issuer).slice(0, 120)}, no de ${issuer}`);
    const endpoint = (field: string) => {
      if (typeof body[field] !== "string") throw new ProviderUnavailableError(`el documento de descubrimiento de ${issuer} no tiene ${field}`);
      try {
        return providerUrl(body[field], field);
      } catch (error) {
        throw new ProviderUnavailableError(`el documento de descubrimiento de ${issuer}: ${(error as Error).message}`);
      }
    };
    this.discovery = {
      authorizationEndpoint: endpoint("authorization_endpoint"),
      tokenEndpoint: endpoint("token_endpoint"),
      userinfoEndpoint: typeof body.userinfo_endpoint === "string" ? endpoint("userinfo_endpoint") : null,
      jwks: createRemoteJWKSet(endpoint("jwks_uri"), { timeoutDuration: 5000 }),
      readAt: Date.now(),
    };
    return this.discovery;
  }

  async authorizationUrl(request: AuthorizationRequest): Promise<string> {
    const { authorizationEndpoint } = await this.discover();
    const url = new URL(authorizationEndpoint);
    url.searchParams.set("client_id", this.clientId);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("scope", this.scope);
    url.searchParams.set("redirect_uri", request.redirectUri);
    url.searchParams.set("state", request.state);
    url.searchParams.set("nonce", request.nonce);
    url.searchParams.set("code_challenge", request.codeChallenge);
    url.searchParams.set("code_challenge_method", "S256");
    if (this.responseMode === "form_post") url.searchParams.set("response_mode", "form_post");
    return url.toString();
  }

  /** client_secret for the token endpoint: the configured one, or Apple's ES256 JWT (iss team, sub client, aud issuer). */
  private async clientSecret(): Promise<string> {
    const secret = this.settings.clientSecret;
    if (!secret) throw new SocialVerificationError("exchange", "sin secreto de cliente no se canjean códigos");
    if (secret.kind === "secret") return secret.secret;
    const now = Math.floor(this.clock() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: "ES256", kid: secret.keyId })
      .setIssuer(secret.teamId)
      .setSubject(this.clientId)
      .setAudience(this.settings.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + APPLE_SECRET_TTL_SECONDS)
      .sign(await importPKCS8(secret.privateKey, "ES256"));
  }

  async exchangeCode(exchange: CodeExchange): Promise<SocialProfile> {
    const { tokenEndpoint } = await this.discover();
    const { status, body } = await fetchJson(tokenEndpoint, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: exchange.code,
        redirect_uri: exchange.redirectUri,
        client_id: this.clientId,
        client_secret: await this.clientSecret(),
        code_verifier: exchange.codeVerifier,
      }),
    });
    if (status >= 500) throw new ProviderUnavailableError(`el proveedor respondió ${status} al canjear el código`);
    if (status !== 200 || typeof body?.id_token !== "string") {
      // invalid_grant: a used, expired or foreign code, or a PKCE verifier that does not match.
      const error = typeof body?.error === "string" ? body.error.slice(0, 60) : `HTTP ${status}`;
      throw new SocialVerificationError("exchange", `el proveedor no aceptó el código (${error})`);
    }
    const claims = await this.verifyIdToken(body.id_token, exchange.nonce);
    const profile = profileOf(claims);
    // Providers that keep the e-mail out of the ID token give it at the userinfo endpoint (Core §5.3),
    // for the same subject only.
    if (!profile.email && typeof body.access_token === "string") return this.withUserInfo(profile, body.access_token);
    return profile;
  }

  private async withUserInfo(profile: SocialProfile, accessToken: string): Promise<SocialProfile> {
    const { userinfoEndpoint } = await this.discover();
    if (!userinfoEndpoint) return profile;
    const { status, body } = await fetchJson(userinfoEndpoint, { headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" } });
    if (status !== 200 || !body || body.sub !== profile.subject) return profile;
    return {
      ...profileOf({ ...body, sub: profile.subject }),
      firstName: profile.firstName ?? textClaim(body.given_name),
      lastName: profile.lastName ?? textClaim(body.family_name),
    };
  }

  /** Sign in with Google posts an ID token without a visit of ours: no nonce to compare. */
  async verifyCredential(credential: string): Promise<SocialProfile> {
    return profileOf(await this.verifyIdToken(credential, null));
  }

  /**
   * The ID token's checks (OpenID Connect Core §3.1.3.7): a signature by one of the provider's
   * published keys, `iss` the configured issuer, `aud` our client id (and `azp` ours when there are
   * several audiences), `exp` not past and `iat` not in the future (with CLOCK_TOLERANCE_SECONDS),
   * and `nonce` the one of this visit.
   */
  async verifyIdToken(idToken: string, expectedNonce: string | null): Promise<JWTPayload> {
    const { jwks } = await this.discover();
    try {
      decodeProtectedHeader(idToken);
    } catch {
      throw new SocialVerificationError("token", "el token de identidad no es un JWT");
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        issuer: this.settings.issuer,
        audience: this.clientId,
        algorithms: ID_TOKEN_ALGORITHMS,
        currentDate: new Date(this.clock()),
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ["sub", "exp", "iat"],
      }));
    } catch (error) {
      throw verificationFailure(error);
    }
    if (typeof payload.iat === "number" && payload.iat * 1000 > this.clock() + CLOCK_TOLERANCE_SECONDS * 1000)
      throw new SocialVerificationError("claims", "el token de identidad dice emitirse en el futuro");
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== this.clientId)
      throw new SocialVerificationError("audience", "el token de identidad es para otra aplicación (azp)");
    if (expectedNonce !== null && payload.nonce !== expectedNonce)
      throw new SocialVerificationError("nonce", "el token de identidad no es de esta solicitud de ingreso (nonce)");
    if (typeof payload.sub !== "string" || !payload.sub || payload.sub.length > 255)
      throw new SocialVerificationError("claims", "el token de identidad no tiene un sujeto válido");
    return payload;
  }
}

/** jose's refusal as the reason the reader's sign-in was refused; keys that cannot be read mean the provider is away. */
function verificationFailure(error: unknown): Error {
  if (error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError))
    return new ProviderUnavailableError(`no se pudieron leer las claves del proveedor (${(error as Error)?.message?.slice(0, 80)})`);
  if (error instanceof joseErrors.JWTExpired) return new SocialVerificationError("expired", "el token de identidad venció");
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === "iss") return new SocialVerificationError("issuer", "el token de identidad es de otro emisor");
    if (error.claim === "aud") return new SocialVerificationError("audience", "el token de identidad es para otra aplicación");
    return new SocialVerificationError("claims", `el token de identidad no tiene un ${error.claim} válido`);
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey)
    return new SocialVerificationError("signature", "la firma del token de identidad no es del proveedor");
  return new SocialVerificationError("token", `el token de identidad no es válido (${(error as Error).message.slice(0, 80)})`);
}

function textClaim(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim().slice(0, 50) : undefined;
}

/** The profile an ID token (or userinfo answer) describes. Apple writes email_verified as the text "true". */
function profileOf(claims: JWTPayload): SocialProfile {
  const email = typeof claims.email === "string" && claims.email.length <= 254 ? claims.email : undefined;
  return {
    subject: claims.sub as string,
    email,
    emailVerified: !!email && (claims.email_verified === true || claims.email_verified === "true"),
    firstName: textClaim(claims.given_name),
    lastName: textClaim(claims.family_name),
  };
}
