// @vitest-environment jsdom
// Subscribe with Google's linking in the browser (swg.ts) with the real Arc SDKs against the real
// API: Google's signed entitlements are stood for by a key pair made here (its public half served as
// a JWKS, SWG_JWKS_URL), signed with node:crypto. Linking with the reader's consent, a refusal that
// sets swgCanceled and runs the handler (and is not asked again), a failed link treated the same,
// and a signed-out reader signed in to the account that holds the subscription.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { installCookieJar, startAccountsServer, type TestServer } from "../../../accounts/testing/harness";
import { freshBrowser, Identity, Sales, signUpReader } from "../../../tests/support/accounts";
import { linkGoogleEntitlement, SWG_CANCELED_KEY } from "./swg";
import { readSettings } from "../../../platform/settings";

const ISSUER = "https://news.google.com/swg";
const AUDIENCE = "semana.com";
const keys = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
let jwks: http.Server;
let server: TestServer;
let jar: ReturnType<typeof installCookieJar>;
let n = 0;

beforeAll(async () => {
  const jwk = { ...keys.publicKey.export({ format: "jwk" }), kid: "swg", alg: "RS256", use: "sig" };
  jwks = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
  server = await startAccountsServer(
    {},
    { settings: readSettings({ SWG_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/`, SWG_ISSUER: ISSUER, SWG_AUDIENCE: AUDIENCE }) },
  );
  jar = installCookieJar();
});
afterAll(async () => {
  jar.restore();
  await server.close();
  await new Promise((resolve) => jwks.close(resolve));
});
afterEach(() => vi.restoreAllMocks());

/** Google's signed entitlements (RS256) for a new subscription token. */
function entitlements(subscriptionToken = `compra-${++n}-${Date.now()}`): string {
  const now = Math.floor(server.now() / 1000);
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const signingInput = `${part({ alg: "RS256", kid: "swg" })}.${part({
    iss: ISSUER,
    aud: AUDIENCE,
    iat: now,
    exp: now + 300,
    entitlements: [{ source: "google", products: ["semana.com:premium"], subscriptionToken }],
  })}`;
  return `${signingInput}.${crypto.sign("sha256", Buffer.from(signingInput), keys.privateKey).toString("base64url")}`;
}

it("links the Google subscription to the signed-in reader who agrees", async () => {
  freshBrowser(server.origin);
  await signUpReader();
  const askConsent = vi.fn(async () => true);
  expect(await linkGoogleEntitlement({ signedEntitlements: entitlements(), askConsent })).toBe("linked");
  expect(askConsent).toHaveBeenCalledTimes(1);
  const subscriptions = await Sales.getAllActiveSubscriptions();
  expect(subscriptions).toEqual([expect.objectContaining({ status: 1, paymentMethod: expect.objectContaining({ paymentPartner: "Google" }) })]);
  expect(localStorage.getItem(SWG_CANCELED_KEY)).toBeNull();
});

it("sets swgCanceled and runs the consent-rejected handler when the reader refuses, and does not ask again", async () => {
  freshBrowser(server.origin);
  await signUpReader();
  const onConsentRejected = vi.fn();
  const askConsent = vi.fn(async () => false);
  expect(await linkGoogleEntitlement({ signedEntitlements: entitlements(), askConsent, onConsentRejected })).toBe("refused");
  expect(localStorage.getItem(SWG_CANCELED_KEY)).toBe("true");
  expect(onConsentRejected).toHaveBeenCalledTimes(1);
  expect(await Sales.getAllActiveSubscriptions()).toEqual([]);
  expect(await linkGoogleEntitlement({ signedEntitlements: entitlements(), askConsent, onConsentRejected })).toBe("refused");
  expect(askConsent).toHaveBeenCalledTimes(1);
});

it("treats a failed link as a refusal (swgCanceled, the handler)", async () => {
  freshBrowser(server.origin);
  await signUpReader();
  // The session ends on the server while the page still holds its tokens: the link is refused there.
  await fetch(`${server.origin}/identity/public/v1/auth/token`, {
    method: "DELETE",
    headers: { Authorization: `Bearer ${Identity.userIdentity.accessToken}` },
  });
  const onConsentRejected = vi.fn();
  vi.spyOn(console, "warn").mockImplementation(() => {});
  expect(await linkGoogleEntitlement({ signedEntitlements: entitlements(), askConsent: async () => true, onConsentRejected })).toBe("refused");
  expect(localStorage.getItem(SWG_CANCELED_KEY)).toBe("true");
  expect(onConsentRejected).toHaveBeenCalledTimes(1);
});

it("signs a signed-out reader in to the account that holds the Google subscription", async () => {
  freshBrowser(server.origin);
  await signUpReader();
  const owner = Identity.userIdentity.uuid;
  const token = `compra-${++n}-${Date.now()}`;
  expect(await linkGoogleEntitlement({ signedEntitlements: entitlements(token), askConsent: async () => true })).toBe("linked");
  freshBrowser(server.origin);
  const askConsent = vi.fn(async () => true);
  expect(await linkGoogleEntitlement({ signedEntitlements: entitlements(token), askConsent })).toBe("granted");
  expect(askConsent).not.toHaveBeenCalled();
  expect(Identity.userIdentity.uuid).toBe(owner);
  expect((await Identity.getUserProfile()).uuid).toBe(owner);
});
