// Social sign-in (identity/social-sign-in.ts) through the real HTTP API, against a standards-compliant
// OpenID provider started here (oidc-provider, standing for Google and — with Apple's client
// secret and form_post — for Apple) and a local server speaking Facebook's dialog and Graph API, on
// PGlite and PostgreSQL. A TestBrowser goes through the providers' login and consent screens as a
// reader would and calls the API as the Arc identity SDK does (the SDK itself drives it in Chromium:
// tests/e2e/social-sign-in.spec.ts; the provider cannot run under jsdom). Every refusal names its
// reason (100020 with `reason`, 300022) and leaves the accounts as they were.
import crypto from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIGITAL_ANNUAL_SKU } from "../domain/catalog";
import { silentLogger } from "../platform/log";
import { ErrorCodes } from "./errors";
import { socialProviders } from "./identity/social";
import { TEST_CARD_NUMBERS } from "./payments/test-provider";
import { BILLING, count, databaseTargets, lastMail, startAccountsServer, type TestServer } from "./testing/harness";
import { appleTeamKey, startTestOpenIdProvider, type TestOpenIdProvider } from "../tests/support/openid-provider";
import { startGraphApi, type TestGraphApi } from "../tests/support/graph-api";
import { TestBrowser, visitProvider } from "../tests/support/test-browser";
import { readSettings } from "../platform/settings";

const PASSWORD = "Clave2024segura";
const SITE = "http://localhost:3000";
const LOGIN_RETURN = `${SITE}/-revista-semana/`;
const APPLE_RETURN = `${SITE}/identity/public/v1/apple/auth`;
const GOOGLE = { id: "bloques-web.apps.example", secret: "secreto-de-google" };
const OTHER_APP = { id: "otra-app.apps.example", secret: "secreto-de-otra" };
const APPLE = { clientId: "co.semana.web", teamId: "EQUIPO1234", keyId: "CLAVE5678" };
const FACEBOOK = { appId: "1234567890", appSecret: "secreto-de-facebook" };

describe.each(databaseTargets)("social sign-in on %s", (_name, database) => {
  let google: TestOpenIdProvider;
  let impostor: TestOpenIdProvider;
  let apple: TestOpenIdProvider;
  let graph: TestGraphApi;
  let server: TestServer;
  let n = 0;
  const email = (prefix = "lectora") => `${prefix}.${++n}.${Date.now()}@example.com`;
  const browser = () => new TestBrowser(`198.51.100.${(n++ % 250) + 1}`);

  beforeAll(async () => {
    google = await startTestOpenIdProvider({
      clients: [
        { client_id: GOOGLE.id, client_secret: GOOGLE.secret, redirect_uris: [LOGIN_RETURN] },
        { client_id: OTHER_APP.id, client_secret: OTHER_APP.secret, redirect_uris: [LOGIN_RETURN] },
      ],
    });
    // Another issuer that signs with the same keys: only the issuer check can tell its tokens apart.
    impostor = await startTestOpenIdProvider({
      jwks: google.jwks,
      clients: [{ client_id: GOOGLE.id, client_secret: GOOGLE.secret, redirect_uris: [LOGIN_RETURN] }],
    });
    const team = await appleTeamKey();
    apple = await startTestOpenIdProvider({
      apple: { ...APPLE, publicKey: team.publicKey },
      clients: [{ client_id: APPLE.clientId, redirect_uris: [APPLE_RETURN] }],
    });
    graph = await startGraphApi({ ...FACEBOOK, redirectUris: [LOGIN_RETURN] });
    server = await startAccountsServer(database(), {
      reconcileIntervalMs: 0,
      renewalIntervalMs: 0,
      settings: readSettings({
        GOOGLE_CLIENT_ID: GOOGLE.id,
        GOOGLE_CLIENT_SECRET: GOOGLE.secret,
        GOOGLE_ISSUER: google.issuer,
        APPLE_CLIENT_ID: APPLE.clientId,
        APPLE_TEAM_ID: APPLE.teamId,
        APPLE_KEY_ID: APPLE.keyId,
        APPLE_PRIVATE_KEY: team.privateKeyPem.replace(/\n/g, "\\n"),
        APPLE_ISSUER: apple.issuer,
        FACEBOOK_APP_ID: FACEBOOK.appId,
        FACEBOOK_APP_SECRET: FACEBOOK.appSecret,
        FACEBOOK_GRAPH_URL: graph.graphUrl,
        FACEBOOK_DIALOG_URL: graph.dialogUrl,
      }),
    });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([google?.close(), impostor?.close(), apple?.close(), graph?.close()]);
  });

  const api = (path: string) => `${server.origin}${path}`;
  const initiate = (b: TestBrowser, provider: string) => b.json(api(`/identity/public/v2/oidc/${provider}/initiate`));
  const finish = (b: TestBrowser, code: string, state: string) => b.json(api(`/identity/public/v2/oidc/signin?${new URLSearchParams({ code, state })}`));

  /** A Google visit: initiate, the provider's screens as `login`, and the code and state it sends back. */
  async function visitGoogle(b: TestBrowser, login: string, tamper?: (url: URL) => void) {
    const started = await initiate(b, "google");
    expect(started.status).toBe(200);
    const url = new URL(started.body.url);
    tamper?.(url);
    const { redirect } = await visitProvider(b, url.toString(), login);
    expect(redirect?.origin + redirect!.pathname).toBe(LOGIN_RETURN);
    return { code: redirect!.searchParams.get("code")!, state: redirect!.searchParams.get("state")! };
  }

  /** Signs in with Google as `login` in a new browser; the answer of the sign-in. */
  async function googleSignIn(login: string) {
    const b = browser();
    const { code, state } = await visitGoogle(b, login);
    return { browser: b, ...(await finish(b, code, state)) };
  }

  /** An ID token the provider issues to `client` for `login` (what Sign in with Google hands the page). */
  async function idTokenFrom(provider: TestOpenIdProvider, client: { id: string; secret: string }, login: string): Promise<string> {
    const discovery = await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json();
    const verifier = crypto.randomBytes(32).toString("base64url");
    const url = new URL(discovery.authorization_endpoint);
    for (const [key, value] of Object.entries({
      client_id: client.id,
      response_type: "code",
      scope: "openid email profile",
      redirect_uri: LOGIN_RETURN,
      state: "s",
      nonce: crypto.randomBytes(8).toString("hex"),
      code_challenge: crypto.createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
    }))
      url.searchParams.set(key, value);
    const { redirect } = await visitProvider(new TestBrowser(), url.toString(), login);
    const tokens = await fetch(discovery.token_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: redirect!.searchParams.get("code")!,
        redirect_uri: LOGIN_RETURN,
        client_id: client.id,
        client_secret: client.secret,
        code_verifier: verifier,
      }),
    }).then((r) => r.json());
    return tokens.id_token;
  }

  const postCredential = (b: TestBrowser, grantType: string, credentials: string) =>
    b.json(api("/identity/public/v1/auth/login"), { method: "POST", body: JSON.stringify({ userName: "", grantType, credentials }) });

  const profileOf = async (accessToken: string) =>
    (await fetch(api("/identity/public/v1/profile"), { headers: { Authorization: `Bearer ${accessToken}` } })).json();

  async function passwordAccount(address: string, { verify }: { verify: boolean }) {
    const b = browser();
    const signup = await b.json(api("/identity/public/v1/signup"), {
      method: "POST",
      body: JSON.stringify({ identity: { userName: address, credentials: PASSWORD }, profile: { email: address, firstName: "Marta" } }),
    });
    expect(signup.status).toBe(200);
    if (verify) {
      const mail = await lastMail(server.db, address, "verificacion");
      expect((await b.json(api(`/identity/public/v1/email/verify/${mail!.nonce}`))).status).toBe(200);
    }
    return signup.body as { uuid: string; accessToken: string };
  }

  /** What a refused sign-in must leave as it was. */
  const accounts = async () => ({
    users: await count(server.db, "accounts_users"),
    identities: await count(server.db, "accounts_identities"),
    sessions: await count(server.db, "accounts_sessions"),
  });

  describe("Google (OpenID Connect, code flow with PKCE)", () => {
    it("tells the browser which providers are configured", async () => {
      const config = (await browser().json(api("/identity/public/v1/config"))).body;
      expect(config).toMatchObject({ googleClientId: GOOGLE.id, facebookAppId: FACEBOOK.appId, socialProviders: ["google", "apple", "facebook"] });
    });

    it("starts a visit with state, nonce and an S256 challenge, keeping them (hashed state) on the server", async () => {
      const b = browser();
      const started = await initiate(b, "google");
      const url = new URL(started.body.url);
      expect(url.origin).toBe(google.issuer);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        client_id: GOOGLE.id,
        response_type: "code",
        redirect_uri: LOGIN_RETURN,
        state: started.body.state,
        code_challenge: started.body.codeChallenge,
        code_challenge_method: "S256",
      });
      expect(url.searchParams.get("nonce")).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const stateHash = crypto.createHash("sha256").update(started.body.state).digest("hex");
      expect(await count(server.db, "accounts_social_states", "state_hash = $1 AND nonce = $2", [stateHash, url.searchParams.get("nonce")])).toBe(1);
      expect(await count(server.db, "accounts_social_states", "state_hash = $1", [started.body.state])).toBe(0);
      expect(b.cookies(server.origin).get("identity_social")).toMatch(/^[A-Za-z0-9_-]{32}$/);
    });

    it("creates the account on the first sign-in, with the verified e-mail and the name, and finds it on the next", async () => {
      const login = email("ana");
      const first = await googleSignIn(login);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ uuid: expect.any(String), accessToken: expect.any(String), refreshToken: expect.any(String) });
      const profile = await profileOf(first.body.accessToken);
      expect(profile).toMatchObject({ email: login, emailVerified: true, firstName: "Ana", lastName: "Prueba" });
      expect(profile.identities).toEqual([expect.objectContaining({ type: "Google", userName: login })]);
      const second = await googleSignIn(login);
      expect(second.body.uuid).toBe(first.body.uuid);
      expect(await count(server.db, "accounts_users", "email = $1", [login])).toBe(1);
    });

    it("accepts a visit's answer once, and only in the browser that started it", async () => {
      const before = await accounts();
      const b = browser();
      const { code, state } = await visitGoogle(b, email("unavez"));
      expect(await finish(browser(), code, state)).toMatchObject({ status: 401, body: { code: ErrorCodes.socialSignInNotVerified, reason: "state" } });
      expect(await accounts()).toEqual(before);
      expect((await finish(b, code, state)).status).toBe(200);
      expect(await finish(b, code, state)).toMatchObject({ status: 401, body: { code: ErrorCodes.socialSignInNotVerified, reason: "state" } });
      expect(await finish(b, code, "estado-inventado")).toMatchObject({ status: 401, body: { reason: "state" } });
    });

    it("refuses an ID token issued for another nonce, and stores nothing", async () => {
      const b = browser();
      const { code, state } = await visitGoogle(b, email("nonce"), (url) => url.searchParams.set("nonce", "un-nonce-de-otra-solicitud"));
      const before = await accounts();
      expect(await finish(b, code, state)).toMatchObject({ status: 401, body: { code: ErrorCodes.socialSignInNotVerified, reason: "nonce" } });
      expect(await accounts()).toEqual(before);
    });

    it("refuses a code whose PKCE verifier the provider does not accept (a code from another visit)", async () => {
      const b = browser();
      const first = await visitGoogle(b, email("pkce"));
      const second = await visitGoogle(b, email("pkce"));
      expect(await finish(b, first.code, second.state)).toMatchObject({ status: 401, body: { reason: "exchange" } });
    });

    it("refuses an expired ID token", async () => {
      google.idTokenTtl = 60;
      try {
        const b = browser();
        const { code, state } = await visitGoogle(b, email("vencido"));
        server.advance(5 * 60 * 1000);
        expect(await finish(b, code, state)).toMatchObject({ status: 401, body: { code: ErrorCodes.socialSignInNotVerified, reason: "expired" } });
      } finally {
        server.advance(-5 * 60 * 1000);
        google.idTokenTtl = 3600;
      }
    });

    it("links Google to an account that verified the same e-mail", async () => {
      const address = email("marta");
      const account = await passwordAccount(address, { verify: true });
      const signedIn = await googleSignIn(address);
      expect(signedIn).toMatchObject({ status: 200, body: { uuid: account.uuid } });
      const profile = await profileOf(signedIn.body.accessToken);
      expect(profile.identities.map((i: { type: string }) => i.type).sort()).toEqual(["Google", "Identity"]);
    });

    it("does not link to an account that never verified the address (300022), until it does", async () => {
      const address = email("prehijack");
      const account = await passwordAccount(address, { verify: false });
      const before = await accounts();
      expect(await googleSignIn(address)).toMatchObject({ status: 409, body: { code: ErrorCodes.emailAlreadyRegistered } });
      expect(await accounts()).toEqual(before);
      const mail = await lastMail(server.db, address, "verificacion");
      await fetch(api(`/identity/public/v1/email/verify/${mail!.nonce}`));
      expect(await googleSignIn(address)).toMatchObject({ status: 200, body: { uuid: account.uuid } });
    });

    it("does not link an address the provider does not vouch for (email_verified false): 300022", async () => {
      const address = email("luis+noverificado");
      await passwordAccount(address, { verify: true });
      const before = await accounts();
      const refused = await googleSignIn(address);
      expect(refused).toMatchObject({ status: 409, body: { code: ErrorCodes.emailAlreadyRegistered } });
      expect(refused.body.message).toContain("Google no confirma");
      expect(await accounts()).toEqual(before);
    });

    it("signs a social-only account in, which cannot change its e-mail (no password to confirm) and stores nothing", async () => {
      const address = email("solosocial");
      const { body } = await googleSignIn(address);
      const patch = (changes: Record<string, unknown>) =>
        fetch(api("/identity/public/v1/profile"), {
          method: "PATCH",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${body.accessToken}` },
          body: JSON.stringify(changes),
        }).then(async (r) => ({ status: r.status, body: await r.json() }));
      const before = await server.db.query("SELECT email, email_verified, modified_at FROM accounts_users WHERE uuid = $1", [body.uuid]);
      const refused = await patch({ email: email("nueva"), currentPassword: "Cualquiera123" });
      expect(refused).toMatchObject({ status: 403, body: { code: ErrorCodes.forbidden, field: "email" } });
      expect(refused.body.message).toContain("red social");
      expect((await server.db.query("SELECT email, email_verified, modified_at FROM accounts_users WHERE uuid = $1", [body.uuid])).rows).toEqual(before.rows);
      // Other fields still change without a password.
      expect(await patch({ firstName: "Sofía Elena" })).toMatchObject({ status: 200, body: { email: address, firstName: "Sofía Elena" } });
    });

    it("unlinks Google from an account that has a password, never the only way in", async () => {
      const only = await googleSignIn(email("unico"));
      const unlink = (accessToken: string) =>
        fetch(api("/identity/public/v2/oidc/unlink"), {
          method: "PUT",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${accessToken}` },
          body: JSON.stringify({ identifier: "google" }),
        }).then(async (r) => ({ status: r.status, body: await r.json() }));
      expect(await unlink(only.body.accessToken)).toMatchObject({ status: 400, body: { message: "No puedes quitar tu único método de ingreso" } });
      const address = email("doble");
      await passwordAccount(address, { verify: true });
      const linked = await googleSignIn(address);
      const unlinked = await unlink(linked.body.accessToken);
      expect(unlinked.status).toBe(200);
      expect(unlinked.body.identities.map((i: { type: string }) => i.type)).toEqual(["Identity"]);
    });

    it("applies the 4-device limit to a subscriber signing in with Google", async () => {
      const address = email("suscriptora");
      const account = await passwordAccount(address, { verify: true });
      const auth = { Authorization: `Bearer ${account.accessToken}` };
      const b = browser();
      await b.json(api("/sales/public/v1/cart/item"), {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ items: [{ sku: DIGITAL_ANNUAL_SKU, priceCode: "ANUAL-199000", quantity: 1 }], billingAddress: BILLING }),
      });
      const order = await b.json(api("/sales/public/v1/checkout/order"), { method: "POST", headers: auth, body: "{}" });
      const paid = await b.json(api(`/sales/public/v1/checkout/order/${order.body.orderNumber}/payment/1`), {
        method: "PUT",
        headers: auth,
        body: JSON.stringify({ token: TEST_CARD_NUMBERS.success }),
      });
      expect(paid.body.status).toBe("Paid");
      // The sign-up's session and three more devices.
      for (let i = 0; i < 3; i++) {
        const login = await browser().json(api("/identity/public/v1/auth/login"), {
          method: "POST",
          body: JSON.stringify({ userName: address, credentials: PASSWORD }),
        });
        expect(login.status).toBe(200);
      }
      const before = await accounts();
      const refused = await googleSignIn(address);
      expect(refused).toMatchObject({ status: 409, body: { code: ErrorCodes.deviceLimit, deviceLimit: 4 } });
      expect(refused.body.devices).toHaveLength(4);
      expect(await accounts()).toEqual(before);
    });
  });

  describe("Sign in with Google (an ID token posted to /auth/login)", () => {
    it("signs in with the article document's call: POST /identity/public/v1/auth/ with Name, credentials and grantType google", async () => {
      const login = email("gsi");
      const token = await idTokenFrom(google, GOOGLE, login);
      const answer = await browser().json(api("/identity/public/v1/auth/?cookie=true"), {
        method: "POST",
        body: JSON.stringify({ Name: "", credentials: token, grantType: "google" }),
      });
      expect(answer.status).toBe(200);
      expect((await profileOf(answer.body.accessToken)).email).toBe(login);
    });

    it("signs in with a genuine ID token, once", async () => {
      const login = email("gis");
      const token = await idTokenFrom(google, GOOGLE, login);
      const b = browser();
      const first = await postCredential(b, "google", token);
      expect(first.status).toBe(200);
      expect((await profileOf(first.body.accessToken)).email).toBe(login);
      expect(await postCredential(b, "google", token)).toMatchObject({ status: 401, body: { code: ErrorCodes.socialSignInNotVerified, reason: "token" } });
      // Subscribe with Google's check finds the account by the same kind of token.
      const check = await b.json(api("/identity/public/v1/swg/checkloginexists"), { method: "POST", body: JSON.stringify({ token }) });
      expect(check.body).toEqual({ identityExists: true });
    });

    it("refuses a tampered ID token (its e-mail changed): the signature is not the provider's", async () => {
      const token = await idTokenFrom(google, GOOGLE, email("original"));
      const [header, payload, signature] = token.split(".");
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
      const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, email: "victima@example.com" })).toString("base64url")}.${signature}`;
      const before = await accounts();
      expect(await postCredential(browser(), "google", forged)).toMatchObject({
        status: 401,
        body: { code: ErrorCodes.socialSignInNotVerified, reason: "signature" },
      });
      expect(await accounts()).toEqual(before);
    });

    it("refuses an ID token issued to another application (audience)", async () => {
      const token = await idTokenFrom(google, OTHER_APP, email("otraapp"));
      expect(await postCredential(browser(), "google", token)).toMatchObject({
        status: 401,
        body: { code: ErrorCodes.socialSignInNotVerified, reason: "audience" },
      });
    });

    it("refuses an ID token of another issuer, even signed with the same keys", async () => {
      const token = await idTokenFrom(impostor, GOOGLE, email("impostor"));
      expect(await postCredential(browser(), "google", token)).toMatchObject({
        status: 401,
        body: { code: ErrorCodes.socialSignInNotVerified, reason: "issuer" },
      });
    });

    it("refuses an expired ID token", async () => {
      const token = await idTokenFrom(google, GOOGLE, email("caducado"));
      server.advance(2 * 60 * 60 * 1000);
      try {
        expect(await postCredential(browser(), "google", token)).toMatchObject({
          status: 401,
          body: { code: ErrorCodes.socialSignInNotVerified, reason: "expired" },
        });
      } finally {
        server.advance(-2 * 60 * 60 * 1000);
      }
    });
  });

  // What Google's one-tap and button need is the client id alone (no secret): the server accepts
  // their ID tokens, with every check, and sends nobody to Google's pages.
  describe("Google configured with GOOGLE_CLIENT_ID alone (its own button's ID tokens)", () => {
    let idOnly: TestServer;
    beforeAll(async () => {
      idOnly = await startAccountsServer(database(), {
        reconcileIntervalMs: 0,
        renewalIntervalMs: 0,
        settings: readSettings({ GOOGLE_CLIENT_ID: GOOGLE.id, GOOGLE_ISSUER: google.issuer }),
      });
    });
    afterAll(async () => {
      await idOnly?.close();
    });
    const signIn = (credentials: string) =>
      browser().json(`${idOnly.origin}/identity/public/v1/auth/`, {
        method: "POST",
        body: JSON.stringify({ Name: "", credentials, grantType: "google" }),
      });
    const refusal = (reason: string) => ({ status: 401, body: { code: ErrorCodes.socialSignInNotVerified, reason } });

    it("gives the page Google's client id, and has no visit to Google's pages (no button of ours)", async () => {
      const config = await browser().json(`${idOnly.origin}/identity/public/v1/config`);
      expect(config.body).toMatchObject({ googleClientId: GOOGLE.id, socialProviders: [] });
      const visit = await browser().json(`${idOnly.origin}/identity/public/v2/oidc/google/initiate`);
      expect(visit).toMatchObject({ status: 400, body: { code: ErrorCodes.badRequest, field: "provider" } });
      expect(visit.body.message).toContain("propio botón");
    });

    it("signs in (and signs up) with a genuine ID token", async () => {
      const login = email("boton");
      const answer = await signIn(await idTokenFrom(google, GOOGLE, login));
      expect(answer.status).toBe(200);
      expect(
        (await (await fetch(`${idOnly.origin}/identity/public/v1/profile`, { headers: { Authorization: `Bearer ${answer.body.accessToken}` } })).json()).email,
      ).toBe(login);
    });

    it("refuses another application's token, an expired one, a forged signature and another issuer's, naming why", async () => {
      const before = { users: await count(idOnly.db, "accounts_users"), sessions: await count(idOnly.db, "accounts_sessions") };
      expect(await signIn(await idTokenFrom(google, OTHER_APP, email("boton-otra")))).toMatchObject(refusal("audience"));
      expect(await signIn(await idTokenFrom(impostor, GOOGLE, email("boton-impostor")))).toMatchObject(refusal("issuer"));
      const [header, payload, signature] = (await idTokenFrom(google, GOOGLE, email("boton-firma"))).split(".");
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
      const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, email: "victima@example.com" })).toString("base64url")}.${signature}`;
      expect(await signIn(forged)).toMatchObject(refusal("signature"));
      const late = await idTokenFrom(google, GOOGLE, email("boton-caducado"));
      idOnly.advance(2 * 60 * 60 * 1000);
      try {
        expect(await signIn(late)).toMatchObject(refusal("expired"));
      } finally {
        idOnly.advance(-2 * 60 * 60 * 1000);
      }
      expect({ users: await count(idOnly.db, "accounts_users"), sessions: await count(idOnly.db, "accounts_sessions") }).toEqual(before);
    });
  });

  describe("Apple (form_post, client secret signed with the team's key, the name on the first sign-in)", () => {
    /** Apple's visit as the SDK's initAppleSignOn makes it, up to what Apple's page posts back. */
    async function visitApple(b: TestBrowser, login: string) {
      const authUrl = await b.json(api("/identity/public/v1/apple/authurl"));
      expect(typeof authUrl.body).toBe("string");
      const url = `${authUrl.body}&redirect_uri=${encodeURIComponent(APPLE_RETURN)}`;
      expect(new URL(url).searchParams.get("response_mode")).toBe("form_post");
      const { formPost } = await visitProvider(b, url, login);
      expect(formPost?.action).toBe(APPLE_RETURN);
      return formPost!.fields;
    }

    /** Apple's page posts its fields to our callback (Apple adds `user` on the first authorisation only). */
    const postBack = (b: TestBrowser, fields: Record<string, string>) =>
      b.fetch(api("/identity/public/v1/apple/auth"), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });

    it("signs in through Apple's callback, naming the account from the first sign-in's `user`", async () => {
      const login = email("sofia");
      const b = browser();
      const fields = await visitApple(b, login);
      const back = await postBack(b, { ...fields, user: JSON.stringify({ name: { firstName: "Sofía", lastName: "Restrepo" }, email: login }) });
      expect(back.status).toBe(303);
      const location = new URL(back.headers.get("location")!, SITE);
      expect(location.pathname).toBe("/-revista-semana/");
      const signedIn = await finish(b, location.searchParams.get("code")!, location.searchParams.get("state")!);
      expect(signedIn.status).toBe(200);
      expect(await profileOf(signedIn.body.accessToken)).toMatchObject({ email: login, emailVerified: true, firstName: "Sofía", lastName: "Restrepo" });
    });

    it("signs in with the code alone through /auth/login (the SDK's appleSignOn), in the browser of the visit", async () => {
      const login = email("apple");
      const b = browser();
      const fields = await visitApple(b, login);
      expect((await postBack(b, fields)).status).toBe(303);
      expect(await postCredential(browser(), "apple", fields.code)).toMatchObject({ status: 401, body: { reason: "state" } });
      const signedIn = await postCredential(b, "apple", fields.code);
      expect(signedIn.status).toBe(200);
      expect((await profileOf(signedIn.body.accessToken)).identities).toEqual([expect.objectContaining({ type: "Apple", userName: login })]);
    });

    it("sends a reader whose answer does not match a visit to the login page with 100020, and notes nothing", async () => {
      const b = browser();
      const back = await postBack(b, { code: "codigo", state: "estado-que-nadie-pidio" });
      expect(new URL(back.headers.get("location")!, SITE).search).toBe(`?error=${ErrorCodes.socialSignInNotVerified}&state=estado-que-nadie-pidio`);
      expect(await count(server.db, "accounts_social_states", "code_hash = $1", [crypto.createHash("sha256").update("codigo").digest("hex")])).toBe(0);
      const broken = await postBack(b, { code: "c\u0000", state: "x\n" });
      expect(new URL(broken.headers.get("location")!, SITE).search).toBe(`?error=${ErrorCodes.socialSignInNotVerified}`);
    });

    it("sends a reader who cancels at Apple back to the login page with the error", async () => {
      const b = browser();
      const authUrl = await b.json(api("/identity/public/v1/apple/authurl"));
      const state = new URL(authUrl.body).searchParams.get("state")!;
      const back = await postBack(b, { error: "user_cancelled_authorize", state });
      expect(new URL(back.headers.get("location")!, SITE).search).toBe(`?error=user_cancelled_authorize&state=${state}`);
    });
  });

  describe("Facebook (OAuth 2.0 and the Graph API)", () => {
    async function visitFacebook(b: TestBrowser, userId: string) {
      const started = await initiate(b, "facebook");
      const dialog = new URL(started.body.url);
      expect(dialog.searchParams.get("code_challenge_method")).toBe("S256");
      expect((await b.fetch(dialog)).status).toBe(200);
      const chosen = await b.fetch(dialog, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `user_id=${userId}` });
      const back = new URL(chosen.headers.get("location")!);
      return finish(b, back.searchParams.get("code")!, back.searchParams.get("state")!);
    }

    it("creates the account from /me, with the e-mail still to verify (Facebook does not vouch for it)", async () => {
      const address = email("camilo");
      graph.addUser({ id: "1000001", email: address, first_name: "Camilo", last_name: "Torres" });
      const signedIn = await visitFacebook(browser(), "1000001");
      expect(signedIn.status).toBe(200);
      const profile = await profileOf(signedIn.body.accessToken);
      expect(profile).toMatchObject({ email: address, emailVerified: false, firstName: "Camilo", lastName: "Torres" });
      expect(profile.identities).toEqual([expect.objectContaining({ type: "Facebook", userName: "1000001" })]);
      expect((await lastMail(server.db, address, "verificacion"))?.subject).toBe("Verifica tu correo electrónico");
    });

    it("never links by e-mail (300022), even to a verified account", async () => {
      const address = email("paula");
      await passwordAccount(address, { verify: true });
      graph.addUser({ id: "1000002", email: address, first_name: "Paula" });
      const before = await accounts();
      expect(await visitFacebook(browser(), "1000002")).toMatchObject({ status: 409, body: { code: ErrorCodes.emailAlreadyRegistered } });
      expect(await accounts()).toEqual(before);
    });

    it("signs in with the Facebook SDK's access token when it is this app's, and refuses another app's", async () => {
      graph.addUser({ id: "1000003", email: email("sdk"), first_name: "Andrés" });
      expect((await postCredential(browser(), "facebook", graph.issueToken("1000003"))).status).toBe(200);
      expect(await postCredential(browser(), "facebook", graph.issueToken("1000003", "999"))).toMatchObject({
        status: 401,
        body: { code: ErrorCodes.socialSignInNotVerified, reason: "audience" },
      });
      expect(await postCredential(browser(), "facebook", "EAAGinventado")).toMatchObject({ status: 401, body: { reason: "token" } });
    });
  });
});

it("answers 100021 (502) when the provider cannot be reached, and stores nothing", async () => {
  const closed = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const server = await startAccountsServer(
    {},
    {
      reconcileIntervalMs: 0,
      renewalIntervalMs: 0,
      logger: silentLogger,
      settings: readSettings({ GOOGLE_CLIENT_ID: "x", GOOGLE_CLIENT_SECRET: "y", GOOGLE_ISSUER: `http://127.0.0.1:${closed}` }),
    },
  );
  try {
    const answer = await new TestBrowser().json(`${server.origin}/identity/public/v2/oidc/google/initiate`);
    expect(answer).toMatchObject({ status: 502, body: { code: ErrorCodes.socialProviderUnavailable, provider: "google" } });
    expect(await count(server.db, "accounts_social_states")).toBe(0);
  } finally {
    await server.close();
  }
});

it("refuses a provider half configured, naming what is missing, and an issuer that is not https", () => {
  // Google's client id alone is a whole configuration (its own button's ID tokens); a secret alone is not.
  const providers = (env: Record<string, string>) => socialProviders(readSettings(env), silentLogger);
  expect(() => providers({ GOOGLE_CLIENT_SECRET: "y" })).toThrow("ingreso con Google: falta GOOGLE_CLIENT_ID");
  expect(() => providers({ APPLE_CLIENT_ID: "x" })).toThrow("ingreso con Apple: faltan APPLE_TEAM_ID");
  expect(() => providers({ GOOGLE_CLIENT_ID: "x", GOOGLE_CLIENT_SECRET: "y", GOOGLE_ISSUER: "http://accounts.example.com" })).toThrow(
    "GOOGLE_ISSUER «http://accounts.example.com»: debe ser https",
  );
  expect(providers({})).toEqual([]);
});
