// The server-side paywall decision of docs/paywall-and-visitors.md#paywall-decision, with the rules
// of docs/paywall-and-visitors.md#content-codes and docs/paywall-and-visitors.md#never-paywalled.
import { ACTIVE_SUBSCRIPTION_STATUSES } from "../domain/subscriptions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCESS_TOKEN_COOKIE,
  ENTITLED_STATUSES_BY_CONTENT_CODE,
  ENTITLED_STATUSES_FOR_LOCKED_CONTENT,
  entitlementFor,
  FREE_CODE_IN_SECTION,
  freeForEverybody,
  LOCKED_CONTENT_CODE,
  NEVER_PAYWALLED_SECTIONS,
} from "./entitlement";
import { TEST_CARD_NUMBERS } from "./payments/test-provider";
import { BILLING, startAccountsServer, type TestServer } from "./testing/harness";

it("names the spec's constants", () => {
  expect(LOCKED_CONTENT_CODE).toBe("3");
  expect(ENTITLED_STATUSES_FOR_LOCKED_CONTENT).toEqual([1, 3, 4]);
  expect(ACTIVE_SUBSCRIPTION_STATUSES).toEqual([1, 3, 4, 5]);
  expect(NEVER_PAYWALLED_SECTIONS).toEqual(["/semanaplay", "/semana-tv", "/hablan-las-marcas", "/mejor-colombia", "/especiales", "/foros-semana"]);
  expect(FREE_CODE_IN_SECTION).toEqual({ section: "/finanzas", contentCode: "1" });
  expect(ENTITLED_STATUSES_BY_CONTENT_CODE).toEqual({ "3": [1, 3, 4], "1": [1, 3, 4, 5] });
});

it("decides documents that are free for everybody without a reader", () => {
  for (const section of NEVER_PAYWALLED_SECTIONS) {
    expect(freeForEverybody("3", [section])).toEqual({ entitled: true, reason: "free-section" });
    expect(freeForEverybody("3", [`${section}/programas/el-control`])).toEqual({ entitled: true, reason: "free-section" });
  }
  expect(freeForEverybody("1", ["/finanzas"])).toEqual({ entitled: true, reason: "free-finanzas" });
  expect(freeForEverybody("1", ["finanzas/economia/"])).toEqual({ entitled: true, reason: "free-finanzas" });
  // Code '1' carries paywall meaning: free in /finanzas (and the never-paywalled sections) only.
  expect(freeForEverybody("1", ["/politica"])).toBeNull();
  expect(freeForEverybody("1", ["/finanzasx"])).toBeNull();
  expect(freeForEverybody("1", ["/especiales"])).toEqual({ entitled: true, reason: "free-section" });
  expect(freeForEverybody("0", ["/politica"])).toEqual({ entitled: true, reason: "not-locked" });
  expect(freeForEverybody("green", ["/politica"])).toEqual({ entitled: true, reason: "not-locked" });
  expect(freeForEverybody(undefined, ["/politica"])).toEqual({ entitled: true, reason: "not-locked" });
  // Only the whole section name counts: /especialesx is not /especiales.
  expect(freeForEverybody("3", ["/especialesx"])).toBeNull();
  expect(freeForEverybody("3", ["/finanzas"])).toBeNull();
  expect(freeForEverybody("3", ["/politica"])).toBeNull();
});

describe("a locked document (content codes '3' and '1')", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAccountsServer();
  });
  afterAll(() => server.close());

  async function reader(subscriptionStatus?: number) {
    const email = `derecho.${Math.random()}@example.com`;
    const call = (method: string, path: string, body: unknown, token?: string) =>
      fetch(`${server.origin}${path}`, {
        method,
        headers: { "Content-Type": "application/json", ...(token ? { Authorization: token } : {}) },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const identity = await call("POST", "/identity/public/v1/signup", { identity: { userName: email, credentials: "Clave2024segura" }, profile: { email } });
    if (subscriptionStatus !== undefined) {
      await call("POST", "/sales/public/v1/cart/item", { items: [{ sku: "DIGITAL-ANUAL" }], billingAddress: BILLING }, identity.accessToken);
      const order = await call("POST", "/sales/public/v1/checkout/order", {}, identity.accessToken);
      const paid = await call(
        "PUT",
        `/sales/public/v1/checkout/order/${order.orderNumber}/payment/1`,
        { token: TEST_CARD_NUMBERS.success },
        identity.accessToken,
      );
      await server.db.query("UPDATE accounts_subscriptions SET status = $2 WHERE id = $1", [paid.subscriptionIDs[0], subscriptionStatus]);
    }
    return identity as { uuid: string; accessToken: string };
  }

  it("is refused to an anonymous reader and to a forged token", async () => {
    await expect(entitlementFor({}, "3", ["/politica"], server.accounts.context)).resolves.toEqual({ entitled: false, reason: "anonymous" });
    await expect(entitlementFor("no.es.token", "3", ["/politica"], server.accounts.context)).resolves.toEqual({ entitled: false, reason: "invalid-token" });
  });

  it.each([
    [1, true],
    [2, false],
    [3, true],
    [4, true],
    [5, false],
    [6, false],
  ])("with a subscription of status %i: entitled %s", async (status, entitled) => {
    const { accessToken, uuid } = await reader(status);
    await expect(server.accounts.entitlementFor({ authorization: `Bearer ${accessToken}` }, "3", ["/politica"])).resolves.toEqual({
      entitled,
      reason: entitled ? "subscriber" : "no-subscription",
      uuid,
    });
  });

  it.each([
    [1, true],
    [2, false],
    [3, true],
    [4, true],
    [5, true],
    [6, false],
  ])("code '1' outside /finanzas, with a subscription of status %i: entitled %s (any active subscription)", async (status, entitled) => {
    const { accessToken, uuid } = await reader(status);
    await expect(server.accounts.entitlementFor({ authorization: `Bearer ${accessToken}` }, "1", ["/politica"])).resolves.toEqual({
      entitled,
      reason: entitled ? "subscriber" : "no-subscription",
      uuid,
    });
    await expect(server.accounts.entitlementFor({ authorization: `Bearer ${accessToken}` }, "1", ["/finanzas/mercados"])).resolves.toEqual({
      entitled: true,
      reason: "free-finanzas",
    });
  });

  it("reads the access cookie from fetch Headers too, and a reader without subscription is not entitled", async () => {
    const { accessToken, uuid } = await reader();
    const headers = new Headers({ cookie: `otra=1; ${ACCESS_TOKEN_COOKIE}=${accessToken}` });
    await expect(server.accounts.entitlementFor(headers, "3", ["/politica"])).resolves.toEqual({ entitled: false, reason: "no-subscription", uuid });
  });

  it("ends with the period of a cancelled subscription", async () => {
    const { accessToken } = await reader(3);
    await expect(server.accounts.entitlementFor(accessToken, "3", ["/politica"])).resolves.toMatchObject({ entitled: true });
    await server.db.query("UPDATE accounts_subscriptions SET current_period_end = now() - interval '1 day' WHERE status = 3");
    await expect(server.accounts.entitlementFor(accessToken, "3", ["/politica"])).resolves.toMatchObject({ entitled: false, reason: "no-subscription" });
  });

  it("does not accept an expired bearer token (only the cookie's, while its session is open)", async () => {
    const { accessToken } = await reader(1);
    server.advance(16 * 60 * 1000);
    await expect(server.accounts.entitlementFor(accessToken, "3", ["/politica"])).resolves.toEqual({ entitled: false, reason: "invalid-token" });
    await expect(server.accounts.entitlementFor({ cookie: `${ACCESS_TOKEN_COOKIE}=${accessToken}` }, "3", ["/politica"])).resolves.toMatchObject({
      entitled: true,
    });
  });
});
