// Subscribe with Google (sales/swg.ts) through the real HTTP API, on PGlite and PostgreSQL: Google's
// signed entitlements are stood for by a key pair generated here, its public half served as a JWKS
// by a local HTTP server (SWG_JWKS_URL), as Google publishes its keys. A genuine entitlement links
// the subscription to the account (or signs its account in); a tampered one, one for another
// audience or an expired one is refused (100020 with `reason`) and stores nothing.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCodes } from "./errors";
import { SWG_ACCESS_DAYS, SWG_PRODUCT_NAME } from "./sales/swg";
import { count, databaseTargets, startAccountsServer, type TestServer } from "./testing/harness";
import { entitlementFor, LOCKED_CONTENT_CODE } from "./entitlement";
import { readSettings } from "../platform/settings";

const PASSWORD = "Clave2024segura";
const ISSUER = "https://news.google.com/swg";
const AUDIENCE = "semana.com";
const DAY = 24 * 60 * 60 * 1000;

describe.each(databaseTargets)("Subscribe with Google on %s", (_name, database) => {
  let server: TestServer;
  let jwks: http.Server;
  let privateKey: CryptoKey;
  let n = 0;

  beforeAll(async () => {
    const pair = await generateKeyPair("RS256", { extractable: true });
    privateKey = pair.privateKey as CryptoKey;
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: "clave-swg", alg: "RS256", use: "sig" };
    jwks = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ keys: [publicJwk] })));
    await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
    server = await startAccountsServer(database(), {
      reconcileIntervalMs: 0,
      renewalIntervalMs: 0,
      settings: readSettings({ SWG_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks`, SWG_ISSUER: ISSUER, SWG_AUDIENCE: AUDIENCE }),
    });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => jwks?.close(resolve));
  });

  /** Google's signed entitlements for a subscription token. */
  async function entitlements(subscriptionToken: string, claims: JWTPayload = {}, expiresInSeconds = 300): Promise<string> {
    const now = Math.floor(server.now() / 1000);
    return new SignJWT({
      iss: ISSUER,
      aud: AUDIENCE,
      iat: now,
      exp: now + expiresInSeconds,
      entitlements: [{ source: "google", products: ["semana.com:premium"], subscriptionToken }],
      ...claims,
    })
      .setProtectedHeader({ alg: "RS256", kid: "clave-swg" })
      .sign(privateKey);
  }

  const call = async (method: string, path: string, body?: unknown, accessToken?: string) => {
    const response = await fetch(`${server.origin}${path}`, {
      method,
      headers: { "Content-Type": "application/json", ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  async function reader() {
    const email = `swg${++n}.${Date.now()}@example.com`;
    const signup = await call("POST", "/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } });
    return signup.body as { uuid: string; accessToken: string };
  }
  const token = () => `{"packageName":"co.semana","productId":"premium","purchaseToken":"${++n}-${Date.now()}"}`;
  const swgRows = () => count(server.db, "accounts_subscriptions", "swg_token_hash IS NOT NULL");

  it("links a verified entitlement's subscription to the reader (Google bills it) and opens the paywall", async () => {
    const { uuid, accessToken } = await reader();
    // What the sales SDK's onSwgPurchase posts: SwG's purchase answer, with the entitlements' raw JWT.
    const purchase = await call(
      "POST",
      "/sales/public/v1/swg/purchase",
      { entitlements: { raw: await entitlements(token()) }, productType: "SUBSCRIPTION" },
      accessToken,
    );
    expect(purchase).toMatchObject({ status: 200, body: { linked: true, subscriptionID: expect.any(Number) } });
    const all = (await call("GET", "/sales/public/v1/subscription/all", undefined, accessToken)).body;
    expect(all).toEqual([
      expect.objectContaining({
        subscriptionID: purchase.body.subscriptionID,
        statusID: 1,
        productName: SWG_PRODUCT_NAME,
        paymentMethod: expect.objectContaining({ paymentPartner: "Google" }),
      }),
    ]);
    const details = (await call("GET", `/sales/public/v1/subscription/${purchase.body.subscriptionID}/details`, undefined, accessToken)).body;
    expect(details.nextEventDateUTC - server.now()).toBeGreaterThan((SWG_ACCESS_DAYS - 1) * DAY);
    expect((await entitlementFor({ authorization: `Bearer ${accessToken}` }, LOCKED_CONTENT_CODE, ["/nacion"], server.accounts.context)).entitled).toBe(true);
    // Google bills it: it is cancelled at Google, not here.
    expect(await call("PUT", `/sales/public/v1/subscription/${purchase.body.subscriptionID}/cancel`, { reason: "precio" }, accessToken)).toMatchObject({
      status: 403,
      body: { code: ErrorCodes.cancelNotAllowed },
    });
    const { rows } = await server.db.query<{ user_uuid: string }>("SELECT user_uuid FROM accounts_subscriptions WHERE id = $1", [purchase.body.subscriptionID]);
    expect(rows[0].user_uuid).toBe(uuid);
  });

  it("finds the account of an entitlement, and with findOrCreate signs it in once per entitlement", async () => {
    const owner = await reader();
    const subscriptionToken = token();
    await call("POST", "/sales/public/v1/swg/purchase", { signedEntitlements: await entitlements(subscriptionToken) }, owner.accessToken);
    // checkSwgSubscriptionToken({ subscriptionToken, findOrCreate }) posts { ...JSON.parse(subscriptionToken), findOrCreate }.
    const signed = await entitlements(subscriptionToken);
    expect(await call("POST", "/sales/public/v1/swg/loginexists", { signedEntitlements: signed, findOrCreate: false })).toEqual({
      status: 200,
      body: { exists: true, profileId: owner.uuid },
    });
    const signedIn = await call("POST", "/sales/public/v1/swg/loginexists", { signedEntitlements: signed, findOrCreate: true });
    expect(signedIn).toMatchObject({
      status: 200,
      body: { exists: true, profileId: owner.uuid, accessToken: expect.any(String), refreshToken: expect.any(String) },
    });
    expect((await call("GET", "/identity/public/v1/profile", undefined, signedIn.body.accessToken)).body.uuid).toBe(owner.uuid);
    expect(await call("POST", "/sales/public/v1/swg/exists", { signedEntitlements: signed, findOrCreate: true })).toMatchObject({
      status: 401,
      body: { code: ErrorCodes.socialSignInNotVerified, reason: "token" },
    });
    // A subscription nobody linked yet: not found, and nothing created for an anonymous caller.
    expect(await call("POST", "/sales/public/v1/swg/exists", { signedEntitlements: await entitlements(token()), findOrCreate: true })).toEqual({
      status: 200,
      body: { exists: false },
    });
  });

  it("keeps one Google purchase on one account (409 for another)", async () => {
    const first = await reader();
    const second = await reader();
    const subscriptionToken = token();
    expect((await call("POST", "/sales/public/v1/swg/purchase", { signedEntitlements: await entitlements(subscriptionToken) }, first.accessToken)).status).toBe(
      200,
    );
    const before = await swgRows();
    expect(
      await call("POST", "/sales/public/v1/swg/purchase", { signedEntitlements: await entitlements(subscriptionToken) }, second.accessToken),
    ).toMatchObject({
      status: 409,
      body: { code: ErrorCodes.conflict },
    });
    expect(await swgRows()).toBe(before);
  });

  it("refuses a tampered entitlement, one for another audience and an expired one, storing nothing", async () => {
    const { accessToken } = await reader();
    const genuine = await entitlements(token());
    const [header, payload, signature] = genuine.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    claims.entitlements[0].subscriptionToken = "el-de-otra-persona";
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    const before = await swgRows();
    const purchase = async (signedEntitlements: string) => call("POST", "/sales/public/v1/swg/purchase", { signedEntitlements }, accessToken);
    expect(await purchase(tampered)).toMatchObject({ status: 401, body: { code: ErrorCodes.socialSignInNotVerified, reason: "signature" } });
    expect(await purchase(await entitlements(token(), { aud: "otro-sitio.com" }))).toMatchObject({ status: 401, body: { reason: "audience" } });
    expect(await purchase(await entitlements(token(), { iss: "https://otro-emisor.example" }))).toMatchObject({ status: 401, body: { reason: "issuer" } });
    expect(await purchase(await entitlements(token(), {}, -600))).toMatchObject({ status: 401, body: { reason: "expired" } });
    expect(await call("POST", "/sales/public/v1/swg/purchase", { signedEntitlements: genuine })).toMatchObject({ status: 401 });
    expect(await swgRows()).toBe(before);
  });
});

it("answers 404 when Subscribe with Google is not configured", async () => {
  const server = await startAccountsServer({}, { reconcileIntervalMs: 0, renewalIntervalMs: 0 });
  try {
    const response = await fetch(`${server.origin}/sales/public/v1/swg/purchase`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(404);
    expect((await response.json()).message).toContain("no está configurada");
  } finally {
    await server.close();
  }
});
