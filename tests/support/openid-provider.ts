// A real, standards-compliant OpenID provider on this machine (the `oidc-provider` package), for the
// social sign-in tests: discovery, JWKS, the authorization code flow with PKCE, form_post, and its
// development login and consent screens. It stands for Google and Apple, which cannot be reached
// from here, and speaks their protocol (docs/decisions/0025-social-sign-in.md).
//
// The people: whoever signs in with an e-mail as the login (any password) is that person; an address
// whose local part contains "+noverificado" comes with email_verified false. The subject is the
// login. Apple's differences are switched on with `apple`: its client secret is an ES256 JWT signed
// with the team's key (checked here as Apple does before the token endpoint), its ID tokens carry
// no names and write email_verified as the text "true".
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK } from "jose";
import Provider from "oidc-provider";

export interface TestClient {
  client_id: string;
  /** Absent for Apple's (its secret is a JWT checked in front of the provider). */
  client_secret?: string;
  redirect_uris: string[];
}

export interface AppleSettings {
  clientId: string;
  teamId: string;
  keyId: string;
  /** The team's public key (the private one signs the client secrets the server sends). */
  publicKey: CryptoKey | JWK;
}

export interface TestOpenIdProvider {
  /** "http://127.0.0.1:41234": what the server under test is configured with. */
  issuer: string;
  /** The signing keys (private), to start a second provider with the same keys under another issuer. */
  jwks: JWK[];
  /** Seconds an ID token lasts from now on (default one hour). */
  idTokenTtl: number;
  close(): Promise<void>;
}

/** An ES256 key pair as Apple gives a team: the private key as PKCS#8 PEM (the .p8 file). */
export async function appleTeamKey(): Promise<{ privateKeyPem: string; publicKey: CryptoKey }> {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const pkcs8 = Buffer.from(await crypto.webcrypto.subtle.exportKey("pkcs8", privateKey as CryptoKey)).toString("base64");
  const privateKeyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)!.join("\n")}\n-----END PRIVATE KEY-----\n`;
  return { privateKeyPem, publicKey: publicKey as CryptoKey };
}

/** The login's claims (see the header). */
function claimsOf(login: string, apple: boolean) {
  const email = login.toLowerCase();
  const verified = !email.split("@")[0].includes("+noverificado");
  if (apple) return { sub: login, email, email_verified: verified ? "true" : "false", is_private_email: "false" };
  const first = email.split("@")[0].split(/[.+]/)[0];
  return {
    sub: login,
    email,
    email_verified: verified,
    given_name: first.charAt(0).toUpperCase() + first.slice(1),
    family_name: "Prueba",
    name: `${first} Prueba`,
  };
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startTestOpenIdProvider(options: {
  clients: TestClient[];
  /** Host of the issuer: "127.0.0.1" (Node's fetch in tests) or "localhost" (Chromium). */
  host?: string;
  port?: number;
  /** Sign with these keys instead of a new one (same keys, another issuer). */
  jwks?: JWK[];
  apple?: AppleSettings;
}): Promise<TestOpenIdProvider> {
  const host = options.host ?? "127.0.0.1";
  const jwks = options.jwks ?? [
    { ...(await exportJWK((await generateKeyPair("RS256", { extractable: true })).privateKey)), kid: crypto.randomUUID(), alg: "RS256", use: "sig" },
  ];
  const server = http.createServer();
  // "localhost" may resolve to ::1 or 127.0.0.1 (Chromium and Node try either): listen on both.
  await new Promise<void>((resolve) => (host === "localhost" ? server.listen(options.port ?? 0, resolve) : server.listen(options.port ?? 0, host, resolve)));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const state = { idTokenTtl: 3600 };
  const apple = options.apple;

  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      client_id: client.client_id,
      redirect_uris: client.redirect_uris,
      response_types: ["code"],
      grant_types: ["authorization_code"],
      ...(client.client_secret
        ? { client_secret: client.client_secret, token_endpoint_auth_method: "client_secret_post" }
        : { token_endpoint_auth_method: "none" }),
    })),
    jwks: { keys: jwks },
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => claimsOf(id, !!apple) }),
    claims: { openid: ["sub"], email: ["email", "email_verified", "is_private_email"], profile: ["given_name", "family_name", "name"], name: [] },
    scopes: ["openid", "email", "profile", "name"],
    // Like Google's and Apple's, the ID token itself carries the scopes' claims.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { IdToken: () => state.idTokenTtl, AuthorizationCode: 120, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600 },
    cookies: { keys: [crypto.randomBytes(16).toString("hex")] },
    features: { devInteractions: { enabled: true } },
    renderError(ctx: { type: string; body: string }, out: unknown) {
      ctx.type = "html";
      ctx.body = `<!doctype html><title>Error</title><pre>${JSON.stringify(out)}</pre>`;
    },
  });

  // Its own failures would otherwise be only a 500 to the server under test.
  provider.on("server_error", (_ctx: unknown, error: Error) => console.error("proveedor OpenID de prueba:", error));
  const handler = provider.callback();
  server.on("request", async (req, res) => {
    // Browsers ask for it on the provider's screens; a real provider has one.
    if (req.url === "/favicon.ico") return void res.writeHead(204).end();
    // Apple's token endpoint: client_secret is an ES256 JWT (kid: the key, iss: the team, sub: the
    // client, aud: the issuer) that must verify with the team's key, or the answer is invalid_client.
    if (apple && req.method === "POST" && req.url?.startsWith("/token")) {
      const form = new URLSearchParams(await readBody(req));
      try {
        const key = "kty" in apple.publicKey ? await importJWK(apple.publicKey as JWK, "ES256") : apple.publicKey;
        const { protectedHeader } = await jwtVerify(form.get("client_secret") ?? "", key, {
          algorithms: ["ES256"],
          issuer: apple.teamId,
          subject: apple.clientId,
          audience: issuer,
        });
        if (protectedHeader.kid !== apple.keyId || form.get("client_id") !== apple.clientId) throw new Error("kid");
      } catch {
        res.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "invalid_client" }));
        return;
      }
      form.delete("client_secret");
      (req as http.IncomingMessage & { body?: string }).body = form.toString();
    }
    handler(req, res);
  });

  return {
    issuer,
    jwks,
    get idTokenTtl() {
      return state.idTokenTtl;
    },
    set idTokenTtl(seconds: number) {
      state.idTokenTtl = seconds;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
