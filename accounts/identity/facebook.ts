// Facebook Login (docs/decisions/0025-social-sign-in.md): OAuth 2.0 — the login dialog, the code
// exchanged with the app secret (and the PKCE verifier) at the Graph API's /oauth/access_token —
// then the Graph API's /me (fields id, email, first_name, last_name) with appsecret_proof. An access
// token the Facebook SDK posts instead is first checked with /debug_token to be a valid user token
// of this app: another app's token must never sign anyone in. Facebook does not say whether the
// e-mail was verified, so a Facebook sign-in is never linked to an existing account by e-mail.
import crypto from "node:crypto";
import {
  fetchJson,
  ProviderUnavailableError,
  SocialVerificationError,
  type AuthorizationRequest,
  type CodeExchange,
  type SocialProfile,
  type SocialProvider,
} from "./social";

export interface FacebookSettings {
  appId: string;
  appSecret: string;
  /** "https://graph.facebook.com/v19.0" */
  graphUrl: string;
  /** "https://www.facebook.com/v19.0/dialog/oauth" */
  dialogUrl: string;
}

/** A Graph API error answer: { error: { message, type, code } }. */
function graphError(body: any, status: number): string {
  const error = body?.error;
  return error && typeof error === "object" ? `${String(error.type ?? "error").slice(0, 40)} ${String(error.code ?? status).slice(0, 10)}` : `HTTP ${status}`;
}

export class FacebookProvider implements SocialProvider {
  readonly name = "facebook" as const;
  readonly identityType = "Facebook" as const;
  readonly clientId: string;
  readonly scope = "email public_profile";
  readonly responseMode = "query" as const;
  readonly codeFlow = true;

  constructor(private readonly settings: FacebookSettings) {
    this.clientId = settings.appId;
  }

  async authorizationUrl(request: AuthorizationRequest): Promise<string> {
    const url = new URL(this.settings.dialogUrl);
    url.searchParams.set("client_id", this.settings.appId);
    url.searchParams.set("redirect_uri", request.redirectUri);
    url.searchParams.set("state", request.state);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("scope", this.scope.replaceAll(" ", ","));
    url.searchParams.set("code_challenge", request.codeChallenge);
    url.searchParams.set("code_challenge_method", "S256");
    return url.toString();
  }

  private graph(path: string, params: Record<string, string>): URL {
    const url = new URL(`${this.settings.graphUrl}${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url;
  }

  async exchangeCode(exchange: CodeExchange): Promise<SocialProfile> {
    const { status, body } = await fetchJson(
      this.graph("/oauth/access_token", {
        client_id: this.settings.appId,
        client_secret: this.settings.appSecret,
        redirect_uri: exchange.redirectUri,
        code: exchange.code,
        code_verifier: exchange.codeVerifier,
      }),
    );
    if (status >= 500) throw new ProviderUnavailableError(`Facebook respondió ${status} al canjear el código`);
    if (status !== 200 || typeof body?.access_token !== "string")
      throw new SocialVerificationError("exchange", `Facebook no aceptó el código (${graphError(body, status)})`);
    return this.me(body.access_token);
  }

  /** An access token from Facebook's SDK: a valid user token issued to this app, then /me. */
  async verifyCredential(accessToken: string): Promise<SocialProfile> {
    const { status, body } = await fetchJson(
      this.graph("/debug_token", { input_token: accessToken, access_token: `${this.settings.appId}|${this.settings.appSecret}` }),
    );
    if (status >= 500) throw new ProviderUnavailableError(`Facebook respondió ${status} al revisar el token`);
    const data = body?.data;
    if (status !== 200 || !data || data.is_valid !== true) throw new SocialVerificationError("token", "Facebook dice que el token no es válido");
    if (String(data.app_id) !== this.settings.appId) throw new SocialVerificationError("audience", "el token de Facebook es de otra aplicación");
    if (data.type !== undefined && data.type !== "USER") throw new SocialVerificationError("token", "el token de Facebook no es de una persona");
    const profile = await this.me(accessToken);
    if (data.user_id !== undefined && String(data.user_id) !== profile.subject)
      throw new SocialVerificationError("claims", "el token de Facebook es de otra persona");
    return profile;
  }

  /** The person behind an access token; appsecret_proof proves the call comes from the app's server. */
  private async me(accessToken: string): Promise<SocialProfile> {
    const proof = crypto.createHmac("sha256", this.settings.appSecret).update(accessToken).digest("hex");
    const { status, body } = await fetchJson(this.graph("/me", { fields: "id,email,first_name,last_name", access_token: accessToken, appsecret_proof: proof }));
    if (status >= 500) throw new ProviderUnavailableError(`Facebook respondió ${status} a /me`);
    if (status !== 200 || typeof body?.id !== "string" || !/^[0-9]{1,40}$/.test(body.id))
      throw new SocialVerificationError("token", `Facebook no entregó el perfil (${graphError(body, status)})`);
    const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim().slice(0, 50) : undefined);
    return {
      subject: body.id,
      email: typeof body.email === "string" && body.email.length <= 254 ? body.email : undefined,
      emailVerified: false,
      firstName: text(body.first_name),
      lastName: text(body.last_name),
    };
  }
}
