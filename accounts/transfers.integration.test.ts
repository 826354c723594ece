// Transfer to another person through the real HTTP API on PGlite and PostgreSQL
// (docs/subscriptions-and-checkout.md#transfer): the owner's request is stored with a number,
// confirmed to the owner in the brand's mail, shown in the subscription's details and listed for the
// operators, who close it; nobody else may ask (a stranger learns nothing, an associate or a gift's
// recipient is refused), one request is open at a time, a cancelled subscription or a gift is not
// transferred, and every hostile body is refused naming its field, storing nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIGITAL_ANNUAL_SKU } from "../domain/catalog";
import { TRANSFER_MESSAGES, TRANSFER_NUMBER_PATTERN, transferApiPath } from "../domain/transfer";
import { SUBSCRIPTION_TERMS_PATH } from "../domain/routes";
import { silentLogger } from "../platform/log";
import { ErrorCodes } from "./errors";
import { TEST_CARD_NUMBERS } from "./payments/test-provider";
import { OPERATOR_TRANSFERS_PATH } from "./sales/transfers";
import { count, databaseTargets, lastMail, settleMailRequests, startAccountsServer, type TestServer } from "./testing/harness";

const PASSWORD = "Clave2024segura";
const OPERATOR_TOKEN = "token-de-operador-de-cesiones";
const BILLING = { line1: "Calle 5 # 38-14", locality: "Cali", region: "Valle del Cauca", country: "CO" };
const ANNUAL = { sku: DIGITAL_ANNUAL_SKU, priceCode: "ANUAL-199000", quantity: 1 };
const operator = { Authorization: `Bearer ${OPERATOR_TOKEN}` };

describe.each(databaseTargets)("transfer requests on %s", (_name, database) => {
  let server: TestServer;
  let n = 0;

  beforeAll(async () => {
    server = await startAccountsServer(database(), { reconcileIntervalMs: 0, renewalIntervalMs: 0, logger: silentLogger, operatorToken: OPERATOR_TOKEN });
  });
  afterAll(() => server.close());

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.origin}${path}`, {
      method,
      headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: response.status, body: json as any };
  };

  /** A signed-up reader (on `host`'s brand), optionally with the e-mail verified. */
  async function reader(tag: string, { host, verify = false }: { host?: string; verify?: boolean } = {}) {
    const email = `${tag}${++n}.${Date.now()}@example.com`;
    const forwarded: Record<string, string> = host ? { "X-Forwarded-Host": host } : {};
    const signup = await call("POST", "/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } }, forwarded);
    const headers: Record<string, string> = { Authorization: `Bearer ${signup.body.accessToken}`, ...forwarded };
    if (verify) {
      const mail = await lastMail(server.db, email, "verificacion");
      expect((await call("GET", `/identity/public/v1/email/verify/${mail!.nonce}`)).status).toBe(200);
    }
    return { email, call: (method: string, path: string, body?: unknown) => call(method, path, body, headers) };
  }
  type Reader = Awaited<ReturnType<typeof reader>>;

  /** The reader buys `items`; answers the new subscriptions' ids. */
  async function buys(buyer: Reader, items: Array<Record<string, unknown>> = [ANNUAL]): Promise<number[]> {
    const before = new Set(
      ((await buyer.call("GET", "/sales/public/v1/subscription/all")).body as Array<{ subscriptionID: number }>).map((s) => s.subscriptionID),
    );
    await buyer.call("POST", "/sales/public/v1/cart/item", { items, billingAddress: BILLING });
    const order = (await buyer.call("POST", "/sales/public/v1/checkout/order", { billingAddress: BILLING })).body;
    expect((await buyer.call("PUT", `/sales/public/v1/checkout/order/${order.orderNumber}/payment/1`, { token: TEST_CARD_NUMBERS.success })).body.status).toBe(
      "Paid",
    );
    const after = (await buyer.call("GET", "/sales/public/v1/subscription/all")).body as Array<{ subscriptionID: number }>;
    return after.map((s) => s.subscriptionID).filter((id) => !before.has(id));
  }

  const recipient = () => ({ name: "Luis Pérez", email: `luis${++n}.${Date.now()}@example.com`, consent: true });
  const openList = async () => (await call("GET", OPERATOR_TRANSFERS_PATH, undefined, operator)).body as Array<Record<string, unknown>>;

  it("stores the owner's request with a number, mails the owner in the brand asked on, and lists it for the operators until they close it", async () => {
    const ana = await reader("cede", { host: "elpais.localhost" });
    const [id] = await buys(ana);
    const luis = recipient();
    const asked = await ana.call("POST", transferApiPath(id), { ...luis, name: "  Luis Pérez  ", email: luis.email.toUpperCase() });
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({
      requestNumber: expect.stringMatching(TRANSFER_NUMBER_PATTERN),
      subscriptionID: id,
      name: "Luis Pérez",
      email: luis.email,
      status: "abierta",
      requestedUTC: expect.any(Number),
    });
    const number = asked.body.requestNumber as string;

    // The owner's confirmation, in El País's mail, with the number, the new holder and what comes next.
    const mail = await lastMail(server.db, ana.email, "cesion-solicitada");
    expect(mail?.subject).toBe(`Recibimos tu solicitud de cesión ${number}`);
    expect(mail?.text_body).toContain(`a Luis Pérez (${luis.email})`);
    expect(mail?.text_body).toContain("máximo de 3 días hábiles");
    expect(mail?.links.map((link) => link.url)).toContain(`http://elpais.localhost:3000${SUBSCRIPTION_TERMS_PATH}`);
    for (const link of mail!.links) expect(new URL(link.url).origin).toBe("http://elpais.localhost:3000");
    // The new holder hears from the operators, not from a form anyone could fill with their address.
    expect(await count(server.db, "accounts_outbox", "to_address = $1", [luis.email])).toBe(0);

    // The owner's details show the open request; the subscription's history names it.
    const details = (await ana.call("GET", `/sales/public/v1/subscription/${id}/details`)).body;
    expect(details.transferRequest).toEqual(asked.body);
    expect(details.events.at(-1)).toMatchObject({ eventType: "TRANSFER_REQUESTED", details: number });

    // The operators' list: JSON and HTML with the token, the plain 404 without it.
    expect(await openList()).toContainEqual(
      expect.objectContaining({ requestNumber: number, subscriptionID: id, name: "Luis Pérez", email: luis.email, ownerEmail: ana.email, brand: "elpais" }),
    );
    const page = await fetch(`${server.origin}${OPERATOR_TRANSFERS_PATH}`, { headers: { ...operator, Accept: "text/html" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Solicitudes de cesión abiertas");
    expect(html).toContain(`<td>${number}</td>`);
    expect(html).toContain(`<td>Luis Pérez (${luis.email})</td>`);
    for (const headers of [{}, { Authorization: "Bearer otro-token" }] as Array<Record<string, string>>) {
      const refused = await fetch(`${server.origin}${OPERATOR_TRANSFERS_PATH}`, { headers });
      expect(refused.status).toBe(404);
      expect(await refused.text()).not.toContain(number);
      expect((await call("POST", `${OPERATOR_TRANSFERS_PATH}${number}`, { status: "aprobada" }, headers)).status).toBe(404);
    }

    // Closing it: a bad outcome is refused by name; then it leaves the list and the details.
    expect((await call("POST", `${OPERATOR_TRANSFERS_PATH}${number}`, { status: "cerrada" }, operator)).body).toMatchObject({ field: "status" });
    const closed = await call("POST", `${OPERATOR_TRANSFERS_PATH}${number}`, { status: "rechazada" }, operator);
    expect([closed.status, closed.body.status]).toEqual([200, "rechazada"]);
    expect((await call("POST", `${OPERATOR_TRANSFERS_PATH}${number}`, { status: "aprobada" }, operator)).status).toBe(404);
    expect((await openList()).map((row) => row.requestNumber)).not.toContain(number);
    expect((await ana.call("GET", `/sales/public/v1/subscription/${id}/details`)).body.transferRequest).toBeNull();
    // Once closed, the owner may ask again.
    expect((await ana.call("POST", transferApiPath(id), recipient())).status).toBe(201);
  });

  it("keeps one open request per subscription: a second one is refused with the first one's number", async () => {
    const ana = await reader("duplicada");
    const [id] = await buys(ana);
    const first = await ana.call("POST", transferApiPath(id), recipient());
    expect(first.status).toBe(201);
    // Two at once as well: the subscription's row is locked while a request is stored.
    const again = await Promise.all([ana.call("POST", transferApiPath(id), recipient()), ana.call("POST", transferApiPath(id), recipient())]);
    for (const refused of again) {
      expect([refused.status, refused.body.code, refused.body.requestNumber]).toEqual([409, ErrorCodes.conflict, first.body.requestNumber]);
      expect(refused.body.message).toContain(first.body.requestNumber);
    }
    expect(await count(server.db, "accounts_transfer_requests", "subscription_id = $1", [id])).toBe(1);
    expect(await count(server.db, "accounts_outbox", "to_address = $1 AND kind = 'cesion-solicitada'", [ana.email])).toBe(1);
  });

  it("lets only the owner ask: a stranger learns nothing, an associate and a gift's recipient are refused, and a gift or a cancelled subscription is not transferred", async () => {
    const ana = await reader("duena");
    const [id] = await buys(ana);
    const stored = () => count(server.db, "accounts_transfer_requests");
    const before = await stored();

    // A stranger: the answer of a subscription that does not exist.
    const stranger = await reader("extrana");
    const foreign = await stranger.call("POST", transferApiPath(id), recipient());
    const missing = await stranger.call("POST", transferApiPath(id + 100_000), recipient());
    expect([foreign.status, foreign.body.code]).toEqual([404, ErrorCodes.subscriptionNotFound]);
    expect([missing.status, missing.body.code]).toEqual([foreign.status, foreign.body.code]);
    expect(foreign.body.message.replace(String(id), "N")).toBe(missing.body.message.replace(String(id + 100_000), "N"));
    // Nor does the stranger see a request on it in the details.
    expect((await stranger.call("GET", `/sales/public/v1/subscription/${id}/details`)).status).toBe(404);

    // An associate who accepted the owner's invitation.
    const associate = await reader("asociada", { verify: true });
    const shared = await ana.call("PUT", `/sales/public/v1/subscription/${id}/share`, { email: associate.email });
    expect((await associate.call("POST", "/sales/public/v1/subscription/redeem", { token: shared.body.redeemCode })).status).toBe(200);
    const place = await associate.call("POST", transferApiPath(shared.body.subscriptionID), recipient());
    expect([place.status, place.body.code]).toEqual([403, ErrorCodes.forbidden]);
    expect(place.body.message).toBe("Solo quien compró la suscripción puede cederla: una suscripción compartida contigo o un regalo no se ceden");
    expect((await associate.call("POST", transferApiPath(id), recipient())).status).toBe(404);

    // A gift: its buyer cannot transfer it (they change its recipient), nor can the recipient who redeemed it.
    const [giftId] = await buys(ana, [{ ...ANNUAL, gift: true }]);
    const unredeemed = await ana.call("POST", transferApiPath(giftId), recipient());
    expect([unredeemed.status, unredeemed.body.code]).toEqual([403, ErrorCodes.forbidden]);
    expect(unredeemed.body.message).toContain("Un regalo no se cede");
    const lucia = await reader("regalada", { verify: true });
    const gift = (await ana.call("GET", `/sales/public/v1/subscription/${giftId}/details`)).body;
    expect((await ana.call("PUT", `/sales/public/v1/subscription/gift/${gift.redeemCode}`, { email: lucia.email, name: "Lucía" })).status).toBe(200);
    expect((await lucia.call("POST", "/sales/public/v1/subscription/gift/redeem", { token: gift.redeemCode })).status).toBe(200);
    const received = await lucia.call("POST", transferApiPath(giftId), recipient());
    expect([received.status, received.body.code]).toEqual([403, ErrorCodes.forbidden]);
    expect((await lucia.call("GET", `/sales/public/v1/subscription/${giftId}/details`)).body).not.toHaveProperty("transferRequest");
    // Nor the buyer once it is redeemed: it is not theirs any more.
    expect((await ana.call("POST", transferApiPath(giftId), recipient())).status).toBe(404);

    // A cancelled subscription: rescue it first.
    expect((await ana.call("PUT", `/sales/public/v1/subscription/${id}/cancel`, { reasonCode: "PRECIO" })).status).toBe(200);
    const cancelled = await ana.call("POST", transferApiPath(id), recipient());
    expect([cancelled.status, cancelled.body.code]).toEqual([409, ErrorCodes.conflict]);
    expect(cancelled.body.message).toBe("Solo se puede ceder una suscripción activa: si la cancelaste, reactívala primero");

    expect(await stored()).toBe(before);
    await settleMailRequests(server.db);
  });

  it("refuses every hostile body with 400 naming the field, and stores nothing", async () => {
    const ana = await reader("hostil");
    const [id] = await buys(ana);
    const good = recipient();
    const cases: Array<[string, unknown, string, string?]> = [
      ["no name", { ...good, name: undefined }, "name", TRANSFER_MESSAGES.name],
      ["a one-letter name", { ...good, name: "L" }, "name", TRANSFER_MESSAGES.name],
      ["a name too long", { ...good, name: "L".repeat(101) }, "name", TRANSFER_MESSAGES.name],
      ["a name with digits", { ...good, name: "Luis 2" }, "name", TRANSFER_MESSAGES.nameCharacters],
      ["a name with markup", { ...good, name: "<script>alert(1)</script>" }, "name", TRANSFER_MESSAGES.nameCharacters],
      ["a name with a control character", { ...good, name: "Luis\u0000Pérez" }, "name"],
      ["a name that is not text", { ...good, name: ["Luis"] }, "name"],
      ["no e-mail", { ...good, email: "" }, "email", TRANSFER_MESSAGES.email],
      ["a malformed e-mail", { ...good, email: "luis@example" }, "email", TRANSFER_MESSAGES.email],
      ["an e-mail too long", { ...good, email: `${"l".repeat(250)}@example.com` }, "email", TRANSFER_MESSAGES.email],
      ["an e-mail with a header injection", { ...good, email: "luis@example.com\r\nBcc: x@example.com" }, "email"],
      ["an e-mail that is an object", { ...good, email: { $ne: null } }, "email"],
      ["the owner's own address", { ...good, email: ana.email.toUpperCase() }, "email", TRANSFER_MESSAGES.ownEmail],
      ["no consent", { ...good, consent: undefined }, "consent", TRANSFER_MESSAGES.consent],
      ["a consent that is only a string", { ...good, consent: "true" }, "consent", TRANSFER_MESSAGES.consent],
      ["a consent of 1", { ...good, consent: 1 }, "consent", TRANSFER_MESSAGES.consent],
    ];
    for (const [what, body, field, message] of cases) {
      const refused = await ana.call("POST", transferApiPath(id), body);
      expect([what, refused.status, refused.body.field], what).toEqual([what, 400, field]);
      if (message) expect(refused.body.message, what).toBe(message);
    }
    // A body that is not an object, a subscription id that is not one.
    expect((await ana.call("POST", transferApiPath(id), "[1,2]")).status).toBe(400);
    expect((await ana.call("POST", transferApiPath(id), "{no es json")).status).toBe(400);
    const badId = await ana.call("POST", transferApiPath("1;DROP TABLE"), good);
    expect([badId.status, badId.body.field]).toEqual([400, "subscriptionId"]);
    // Without a session.
    expect((await call("POST", transferApiPath(id), good)).status).toBe(401);
    expect(await count(server.db, "accounts_transfer_requests", "subscription_id = $1", [id])).toBe(0);
    expect(await count(server.db, "accounts_outbox", "to_address = $1 AND kind = 'cesion-solicitada'", [ana.email])).toBe(0);
  });

  it("puts the reader's requests in their data report and forgets them with the account", async () => {
    const ana = await reader("datos");
    const [id] = await buys(ana);
    const asked = (await ana.call("POST", transferApiPath(id), recipient())).body;
    const report = await ana.call("POST", "/identity/public/v1/gdpr");
    await settleMailRequests(server.db);
    const data = JSON.parse((await ana.call("GET", `/identity/public/v1/gdpr/${report.body.id}`)).body.data);
    expect(data.transferRequests).toEqual([
      expect.objectContaining({ request_number: asked.requestNumber, recipient_name: "Luis Pérez", recipient_email: asked.email, status: "abierta" }),
    ]);
    // The account's deletion, confirmed from its e-mail, takes the requests with it.
    await ana.call("DELETE", "/identity/public/v1/user/anonymize");
    const mail = await lastMail(server.db, ana.email, "eliminar-cuenta");
    expect((await call("PUT", `/identity/public/v1/user/anonymize/approve/${mail!.nonce}`)).status).toBe(200);
    expect(await count(server.db, "accounts_transfer_requests", "request_number = $1", [asked.requestNumber])).toBe(0);
    expect((await openList()).map((row) => row.requestNumber)).not.toContain(asked.requestNumber);
  });
});
