// The 4-device limit of the digital subscription (identity/devices.ts) through the real API, on
// PGlite and PostgreSQL: a subscriber's fifth sign-in is refused with the four devices and a token
// that signs one of them out (once); then the sign-in works. Readers without a subscription are not limited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIGITAL_ANNUAL_SKU } from "../domain/catalog";
import { DEVICE_LIMIT_MESSAGE, ErrorCodes } from "../domain/errors";
import { silentLogger } from "../platform/log";
import { deviceName } from "./identity/devices";
import { TEST_CARD_NUMBERS } from "./payments/test-provider";
import { BILLING, count, databaseTargets, lastMail, startAccountsServer, type TestServer } from "./testing/harness";

const PASSWORD = "Clave2024segura";
const AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0",
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
];

it("names devices as readers recognise them", () => {
  expect(AGENTS.map(deviceName)).toEqual(["Chrome en Windows", "Safari en iPhone", "Firefox en Linux", "Edge en Mac", "Chrome en Android"]);
  expect(deviceName(null)).toBe("Dispositivo desconocido");
});

describe.each(databaseTargets)("the 4-device limit on %s", (_name, database) => {
  const options = database();
  let server: TestServer;
  let n = 0;
  beforeAll(async () => {
    server = await startAccountsServer(options, { reconcileIntervalMs: 0, renewalIntervalMs: 0, logger: silentLogger });
  });
  afterAll(() => server.close());

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.origin}${path}`, {
      method,
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.7.${n % 250}.${++n % 250}`, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const login = (email: string, agent: string) =>
    call("POST", "/identity/public/v1/auth/login", { userName: email, credentials: PASSWORD }, { "User-Agent": agent });

  async function reader(subscribe: boolean) {
    const email = `dispositivos${Date.now()}.${n}@example.com`;
    // Signing up opens the first session (this device).
    const signup = await call(
      "POST",
      "/identity/public/v1/signup",
      { identity: { userName: email, credentials: PASSWORD }, profile: { email } },
      { "User-Agent": AGENTS[0] },
    );
    if (subscribe) {
      const auth = { Authorization: `Bearer ${signup.body.accessToken}` };
      await call(
        "POST",
        "/sales/public/v1/cart/item",
        { items: [{ sku: DIGITAL_ANNUAL_SKU, priceCode: "ANUAL-199000", quantity: 1 }], billingAddress: BILLING },
        auth,
      );
      const orderNumber = (await call("POST", "/sales/public/v1/checkout/order", {}, auth)).body.orderNumber;
      expect((await call("PUT", `/sales/public/v1/checkout/order/${orderNumber}/payment/1`, { token: TEST_CARD_NUMBERS.success }, auth)).body.status).toBe(
        "Paid",
      );
    }
    return email;
  }

  it("refuses a subscriber's fifth device with the other four, lets one be signed out once, then signs in", async () => {
    const email = await reader(true);
    for (const agent of AGENTS.slice(1, 4)) expect((await login(email, agent)).status).toBe(200);
    const refused = await login(email, AGENTS[4]);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: ErrorCodes.deviceLimit, message: DEVICE_LIMIT_MESSAGE, deviceLimit: 4 });
    expect(refused.body.devices.map((d: { name: string }) => d.name).sort()).toEqual([
      "Chrome en Windows",
      "Edge en Mac",
      "Firefox en Linux",
      "Safari en iPhone",
    ]);
    // Nothing else works as a token, and the token signs out one of this account's devices only.
    expect((await call("POST", "/identity/public/v1/auth/devices/signout", { deviceToken: "inventado", deviceId: refused.body.devices[0].id })).status).toBe(
      404,
    );
    const firefox = refused.body.devices.find((d: { name: string }) => d.name === "Firefox en Linux");
    const signedOut = await call("POST", "/identity/public/v1/auth/devices/signout", { deviceToken: refused.body.deviceToken, deviceId: firefox.id });
    expect(signedOut.status).toBe(200);
    expect(signedOut.body.devices).toHaveLength(3);
    // Once only.
    const other = refused.body.devices.find((d: { name: string }) => d.name === "Edge en Mac");
    expect((await call("POST", "/identity/public/v1/auth/devices/signout", { deviceToken: refused.body.deviceToken, deviceId: other.id })).status).toBe(404);
    expect((await login(email, AGENTS[4])).status).toBe(200);
    expect((await login(email, AGENTS[2])).body.code).toBe(ErrorCodes.deviceLimit);
  });

  it("limits a magic link's sign-in too: refused with the four devices, the link still usable after signing one out", async () => {
    const email = await reader(true);
    for (const agent of AGENTS.slice(1, 4)) expect((await login(email, agent)).status).toBe(200);
    expect((await call("POST", "/identity/public/v1/auth/magiclink", { email })).status).toBe(200);
    const link = (await lastMail(server.db, email, "enlace-magico"))!.nonce!;
    const redeem = () => call("GET", `/identity/public/v1/auth/magiclink/${link}`, undefined, { "User-Agent": AGENTS[4] });
    const refused = await redeem();
    expect([refused.status, refused.body.code, refused.body.devices.length]).toEqual([409, ErrorCodes.deviceLimit, 4]);
    // Refused, it stored nothing: no session, and the link is not spent.
    expect(await count(server.db, "accounts_nonces", "used_at IS NOT NULL AND kind = 'magic' AND email = $1", [email])).toBe(0);
    const iphone = refused.body.devices.find((d: { name: string }) => d.name === "Safari en iPhone");
    expect((await call("POST", "/identity/public/v1/auth/devices/signout", { deviceToken: refused.body.deviceToken, deviceId: iphone.id })).status).toBe(200);
    const signedIn = await redeem();
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.accessToken).toBeTruthy();
    // Spent now.
    expect((await redeem()).body.code).toBe(ErrorCodes.notFound);
  });

  it("does not limit a reader without a subscription", async () => {
    const email = await reader(false);
    for (const agent of [...AGENTS, ...AGENTS]) expect((await login(email, agent)).status).toBe(200);
  });
});
