// Writes anyone can make (docs/decisions/0012-threat-model.md, accounts): AMP reader ids and
// anonymous carts are limited per client address, data-export (GDPR) reports per user — one being
// prepared at a time and a few a day — all with 429 and Retry-After; and the periodic clean-up
// deletes anonymous carts and unlinked AMP reader ids nobody touched for a while, and expired
// reports. Real HTTP on PGlite, with the server's clock moved by the test, never waited for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCodes } from "../../domain/errors";
import { GDPR_REPORT_TTL_MS } from "../../accounts/identity/data-reports";
import { AMP_READER_TTL_MS, ANONYMOUS_CART_TTL_MS } from "../../accounts/maintenance";
import { DEFAULT_RATE_LIMITS } from "../../accounts/rate-limit";
import { count, startAccountsServer, type TestServer } from "../../accounts/testing/harness";

const PASSWORD = "Clave2024segura";
const ITEM = { items: [{ sku: "DIGITAL-ANUAL", quantity: 1 }] };
const DAY = 24 * 60 * 60 * 1000;

describe("writes anyone can make are limited and expire", () => {
  let server: TestServer;
  let n = 0;
  beforeAll(async () => {
    server = await startAccountsServer({}, {}, { frozenClock: true });
  });
  afterAll(() => server.close());

  const call = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.origin}${path}`, {
      method,
      headers: { "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      cookie:
        response.headers
          .getSetCookie()
          .find((c) => c.startsWith("sales_cart="))
          ?.split(";")[0] ?? null,
      body: await response.json(),
    };
  };
  const from = (ip: string) => ({ "X-Forwarded-For": ip });
  async function signUp(): Promise<{ email: string; uuid: string; auth: Record<string, string> }> {
    const email = `escribe${++n}@example.com`;
    const signup = await call("POST", "/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } });
    return { email, uuid: signup.body.uuid, auth: { Authorization: `Bearer ${signup.body.accessToken}` } };
  }

  it("stores at most a window's worth of AMP reader ids per address: then 429 with Retry-After, nothing stored", async () => {
    const { limit, windowMs } = DEFAULT_RATE_LIMITS.anonymousWritesPerAddress;
    const before = await count(server.db, "accounts_amp_readers");
    for (let i = 0; i < limit; i++) expect((await call("PUT", "/sales/public/v1/amp", { ampReaderId: `amp-a-${i}` }, from("192.0.2.10"))).status).toBe(200);
    const refused = await call("PUT", "/sales/public/v1/amp", { ampReaderId: "amp-a-extra" }, from("192.0.2.10"));
    expect(refused).toMatchObject({
      status: 429,
      retryAfter: String(windowMs / 1000),
      body: { code: ErrorCodes.tooManyRequests, retryAfter: windowMs / 1000 },
    });
    expect(await count(server.db, "accounts_amp_readers")).toBe(before + limit);
    // An id already stored is answered (nothing new is stored); another address is not affected.
    expect((await call("PUT", "/sales/public/v1/amp", { ampReaderId: "amp-a-0" }, from("192.0.2.10"))).status).toBe(200);
    expect((await call("PUT", "/sales/public/v1/amp", { ampReaderId: "amp-b-0" }, from("192.0.2.11"))).status).toBe(200);
    server.advance(windowMs);
    expect((await call("PUT", "/sales/public/v1/amp", { ampReaderId: "amp-a-extra" }, from("192.0.2.10"))).status).toBe(200);
  });

  it("creates at most a window's worth of anonymous carts per address: then 429 with Retry-After, nothing stored", async () => {
    const { limit, windowMs } = DEFAULT_RATE_LIMITS.anonymousWritesPerAddress;
    const before = await count(server.db, "accounts_carts", "user_uuid IS NULL");
    let cookie = "";
    for (let i = 0; i < limit; i++) {
      const added = await call("POST", "/sales/public/v1/cart/item", ITEM, from("192.0.2.20"));
      expect(added.status).toBe(200);
      cookie = added.cookie!;
    }
    const refused = await call("POST", "/sales/public/v1/cart/item", ITEM, from("192.0.2.20"));
    expect(refused).toMatchObject({ status: 429, retryAfter: String(windowMs / 1000), body: { code: ErrorCodes.tooManyRequests } });
    expect(refused.cookie).toBeNull();
    expect(await count(server.db, "accounts_carts", "user_uuid IS NULL")).toBe(before + limit);
    // The reader's own cart still takes items; a signed-in reader's cart is not an anonymous write.
    expect((await call("POST", "/sales/public/v1/cart/item", ITEM, { ...from("192.0.2.20"), cookie })).status).toBe(200);
    expect((await call("POST", "/sales/public/v1/cart/item", ITEM, { ...from("192.0.2.20"), ...(await signUp()).auth })).status).toBe(200);
    // A forged cookie is no cart: it counts as a new one.
    expect((await call("POST", "/sales/public/v1/cart/item", ITEM, { ...from("192.0.2.20"), cookie: "sales_cart=%00'--" })).status).toBe(429);
    expect(await count(server.db, "accounts_carts", "user_uuid IS NULL")).toBe(before + limit);
  });

  it("deletes anonymous carts and unlinked AMP reader ids nobody touched for their periods; linked and touched ones stay", async () => {
    const { auth: account } = await signUp();
    const stale = await call("POST", "/sales/public/v1/cart/item", ITEM, from("192.0.2.30"));
    const touched = await call("POST", "/sales/public/v1/cart/item", ITEM, from("192.0.2.31"));
    await call("POST", "/sales/public/v1/cart/item", ITEM, { ...from("192.0.2.30"), ...account });
    for (const id of ["amp-viejo", "amp-leido", "amp-vinculado"]) await call("PUT", "/sales/public/v1/amp", { ampReaderId: id }, from("192.0.2.32"));
    await call("PUT", "/sales/public/v1/amp/add", { ampReaderId: "amp-vinculado" }, account);
    const cartIds = (cookie: string | null) => cookie!.split("=")[1];

    server.advance(Math.min(ANONYMOUS_CART_TTL_MS, AMP_READER_TTL_MS) - DAY);
    expect((await call("POST", "/sales/public/v1/cart/item", ITEM, { ...from("192.0.2.31"), cookie: touched.cookie! })).status).toBe(200);
    expect((await call("GET", "/sales/public/v1/amp/amp-leido", undefined)).status).toBe(200);
    server.advance(2 * DAY);
    const report = await server.accounts.cleanUp();
    expect(report).toMatchObject({ carts: expect.any(Number), ampReaders: expect.any(Number) });
    expect(report!.carts).toBeGreaterThanOrEqual(1);

    expect(await count(server.db, "accounts_carts", "id = $1", [cartIds(stale.cookie)])).toBe(0);
    expect(await count(server.db, "accounts_carts", "id = $1", [cartIds(touched.cookie)])).toBe(1);
    expect(await count(server.db, "accounts_carts", "user_uuid IS NOT NULL")).toBeGreaterThanOrEqual(1);
    const ids = (await server.db.query<{ reader_id: string }>("SELECT reader_id FROM accounts_amp_readers WHERE reader_id LIKE 'amp-%'")).rows.map(
      (r) => r.reader_id,
    );
    expect(ids.sort()).toEqual(["amp-leido", "amp-vinculado"]);
    // The expired cart's cookie now gets a new cart, as a new reader would.
    const again = await call("POST", "/sales/public/v1/cart/item", ITEM, { ...from("192.0.2.33"), cookie: stale.cookie! });
    expect(again.status).toBe(200);
    expect(again.cookie).not.toBe(stale.cookie);
  });

  it("prepares one data-export report at a time per user and a few a day (429 with Retry-After), and deletes them once expired", async () => {
    const { email, uuid, auth } = await signUp();
    const { limit, windowMs } = DEFAULT_RATE_LIMITS.gdprReportsPerUser;
    // Asked for all at once: the account's row is locked while each is prepared, so the count is exact.
    const answers = await Promise.all(Array.from({ length: limit + 3 }, () => call("POST", "/identity/public/v1/gdpr", {}, auth)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(limit);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(3);
    for (const answer of refused) expect(answer).toMatchObject({ retryAfter: String(windowMs / 1000), body: { code: ErrorCodes.tooManyRequests } });
    expect(await count(server.db, "accounts_gdpr_reports", "user_uuid = $1", [uuid])).toBe(limit);

    // A day later another may be asked for (a new sign-in: the access token has expired meanwhile).
    server.advance(windowMs);
    const again = await call("POST", "/identity/public/v1/auth/login", { userName: email, credentials: PASSWORD, grantType: "password" });
    expect((await call("POST", "/identity/public/v1/gdpr", {}, { Authorization: `Bearer ${again.body.accessToken}` })).status).toBe(201);
    // Once every report is past its availability, the clean-up deletes them.
    server.advance(GDPR_REPORT_TTL_MS);
    const report = await server.accounts.cleanUp();
    expect(report!.gdprReports).toBe(limit + 1);
    expect(await count(server.db, "accounts_gdpr_reports", "user_uuid = $1", [uuid])).toBe(0);
  });

  it("stops the clean-up interval with close()", async () => {
    const other = await startAccountsServer({}, { cleanupIntervalMs: 10 });
    await other.close();
    // Closed: a pass after close does nothing (and the database is gone without errors).
    await expect(other.accounts.cleanUp()).resolves.toBeNull();
  });
});
