// @vitest-environment jsdom
// Accounts bound to the right person: guest purchases join only an account that verified the
// order's e-mail; share invitations and gifts are redeemed only by the account that verified the
// invited address; changing the e-mail takes the current password and tells the old address.
// (A provider's sign-in linked only to an account that proved the address, and social-only
// accounts that cannot change their e-mail: social.integration.test.ts, with local providers.)
// Driven through the real Arc SDKs (and plain HTTP where the SDK has no call), on PGlite and
// PostgreSQL. Every refusal is checked to store nothing by reading the tables.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { splitStatements } from "../platform/migrations";
import { DIGITAL_ANNUAL_SKU } from "../domain/catalog";
import { SALES_ERROR_MESSAGES } from "../domain/errors";
import { ErrorCodes } from "./errors";
import { accountsMigrations } from "./migrations";
import { TEST_CARD_NUMBERS } from "./payments/test-provider";
import { BILLING, count, databaseTargets, installCookieJar, lastMail, startAccountsServer, type TestServer } from "./testing/harness";
import { Identity, pointSdksAt, rejection, resetSdks, Sales } from "./testing/sdk";

const PASSWORD = "Clave2024segura";
const PRICE_CODE = "ANUAL-199000";
const ANNUAL = { sku: DIGITAL_ANNUAL_SKU, quantity: 1, priceCode: PRICE_CODE };

/** Rows that a refused call must leave exactly as they were. */
const WATCHED_TABLES = [
  "accounts_users",
  "accounts_identities",
  "accounts_subscriptions",
  "accounts_orders",
  "accounts_nonces",
  "accounts_outbox",
  "accounts_sessions",
];

describe.each(databaseTargets)("accounts bound to the right person on %s", (_name, database) => {
  let server: TestServer;
  let jar: ReturnType<typeof installCookieJar>;
  let n = 0;
  const newEmail = (prefix = "persona") => `${prefix}${++n}.${Date.now()}@example.com`;

  beforeAll(async () => {
    server = await startAccountsServer(database());
    jar = installCookieJar();
  });
  afterAll(async () => {
    jar.restore();
    await server.close();
  });
  beforeEach(() => {
    resetSdks();
    jar.clear();
    pointSdksAt(server.origin);
  });

  /** A new browser where `email` signs up (and, when asked, opens the verification link). */
  async function signUp(email: string, { verify = false } = {}): Promise<string> {
    resetSdks();
    jar.clear();
    await Identity.signUp({ userName: email, credentials: PASSWORD }, { email, firstName: "Ana", lastName: "Gómez" } as never, undefined, true);
    if (verify) await verifyFromMailbox(email);
    return Identity.userIdentity.uuid!;
  }

  async function verifyFromMailbox(email: string) {
    const mail = await lastMail(server.db, email, "verificacion");
    await Identity.verifyEmail(mail!.nonce!);
  }

  /** A visitor who is not signed in buys with `email` in a new browser; returns the subscription ids. */
  async function guestBuys(email: string, items: Array<Record<string, unknown>> = [ANNUAL]): Promise<number[]> {
    resetSdks();
    jar.clear();
    await Sales.addItemToCart(items as never, BILLING as never);
    const created = await Sales.createNewOrder(BILLING as never, email, "3001234567", "Laura", "Mejía");
    const paid = (await Sales.finalizePayment(created.orderNumber!, 1, TEST_CARD_NUMBERS.success)) as { subscriptionIDs: number[] };
    jar.clear();
    return paid.subscriptionIDs;
  }

  /** The signed-in reader buys; returns the subscription ids. */
  async function buys(items: Array<Record<string, unknown>> = [ANNUAL]): Promise<number[]> {
    await Sales.addItemToCart(items as never, BILLING as never);
    const created = await Sales.createNewOrder(BILLING as never, Identity.userProfile!.email!, "3001234567", "Carlos", "Rodríguez");
    const paid = (await Sales.finalizePayment(created.orderNumber!, 1, TEST_CARD_NUMBERS.success)) as { subscriptionIDs: number[] };
    return paid.subscriptionIDs;
  }

  async function subscriptionRow(id: number) {
    const { rows } = await server.db.query<{ user_uuid: string | null; owner_email: string | null; purchaser_uuid: string | null; redeemed_at: Date | null }>(
      "SELECT user_uuid, owner_email, purchaser_uuid, redeemed_at FROM accounts_subscriptions WHERE id = $1",
      [id],
    );
    return rows[0];
  }

  async function snapshot() {
    const tables: Record<string, unknown[]> = {};
    for (const table of WATCHED_TABLES) tables[table] = (await server.db.query(`SELECT * FROM ${table} ORDER BY 1`)).rows;
    return tables;
  }

  const patchProfile = (body: Record<string, unknown>) =>
    fetch(`${server.origin}/identity/public/v1/profile`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${Identity.userIdentity.accessToken}` },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));

  describe("a guest purchase attaches only to an account that verified the order's e-mail", () => {
    it("waits while the account with that e-mail is unverified, and joins it when the e-mail is verified", async () => {
      const email = newEmail("invitada");
      const uuid = await signUp(email);
      const [id] = await guestBuys(email);
      expect(await subscriptionRow(id)).toMatchObject({ user_uuid: null, owner_email: email });
      await Identity.login(email, PASSWORD);
      await expect(Sales.getAllSubscriptions()).resolves.toEqual([]);
      await verifyFromMailbox(email);
      expect(await subscriptionRow(id)).toMatchObject({ user_uuid: uuid, owner_email: null });
      await expect(Sales.getAllSubscriptions()).resolves.toEqual([expect.objectContaining({ subscriptionID: id, status: 1 })]);
    });

    it("joins at purchase time an account that has already verified the e-mail (whatever its case)", async () => {
      const email = newEmail("verificada");
      const uuid = await signUp(email, { verify: true });
      const [id] = await guestBuys(email.toUpperCase());
      expect(await subscriptionRow(id)).toMatchObject({ user_uuid: uuid, owner_email: null });
    });

    it("waits for an account created later, until it verifies; a password reset proves the address too", async () => {
      const email = newEmail("despues");
      const [id] = await guestBuys(email);
      const uuid = await signUp(email);
      expect(await subscriptionRow(id)).toMatchObject({ user_uuid: null, owner_email: email });
      resetSdks();
      await Identity.requestResetPassword(email);
      await Identity.resetPassword((await lastMail(server.db, email, "restablecer"))!.nonce!, "OtraClave2025");
      expect(await subscriptionRow(id)).toMatchObject({ user_uuid: uuid, owner_email: null });
    });

    it("does not go to an account that switches to that e-mail without verifying it; verifying the new address attaches it", async () => {
      const guestEmail = newEmail("comprador");
      const [id] = await guestBuys(guestEmail);
      const uuid = await signUp(newEmail("otra"), { verify: true });
      const changed = await patchProfile({ email: guestEmail, currentPassword: PASSWORD });
      expect(changed).toMatchObject({ status: 200, body: { email: guestEmail, emailVerified: false } });
      expect(await subscriptionRow(id)).toMatchObject({ user_uuid: null, owner_email: guestEmail });
      await expect(Sales.getAllSubscriptions()).resolves.toEqual([]);
      await verifyFromMailbox(guestEmail);
      expect(await subscriptionRow(id)).toMatchObject({ user_uuid: uuid, owner_email: null });
    });

    it("hands a guest's gift to the buyer's account once verified, so the buyer can name the recipient", async () => {
      const email = newEmail("regalador");
      const [giftId] = await guestBuys(email, [{ ...ANNUAL, gift: true }]);
      expect(await subscriptionRow(giftId)).toMatchObject({ user_uuid: null, purchaser_uuid: null, owner_email: null });
      const uuid = await signUp(email);
      await expect(Sales.getAllSubscriptions()).resolves.toEqual([]);
      await verifyFromMailbox(email);
      expect(await subscriptionRow(giftId)).toMatchObject({ user_uuid: null, purchaser_uuid: uuid });
      const [gift] = (await Sales.getAllSubscriptions()) as Array<{ subscriptionID: number; redeemCode: string }>;
      expect(gift.subscriptionID).toBe(giftId);
      await expect(Sales.setGiftRecipient(gift.redeemCode, { email: newEmail("festejada"), name: "Marta" })).resolves.toMatchObject({
        subscriptionID: giftId,
      });
    });

    it("migrates purchases an earlier version attached to unverified accounts back to the order's e-mail", async () => {
      const unverifiedEmail = newEmail("antigua");
      const [wrongly] = await guestBuys(unverifiedEmail);
      const unverified = await signUp(unverifiedEmail);
      // What the earlier version did at purchase time.
      await server.db.query("UPDATE accounts_subscriptions SET user_uuid = $1, owner_email = NULL WHERE id = $2", [unverified, wrongly]);
      const verifiedEmail = newEmail("correcta");
      const verified = await signUp(verifiedEmail, { verify: true });
      const [rightly] = await guestBuys(verifiedEmail);
      await server.db.query("UPDATE accounts_subscriptions SET purchaser_uuid = NULL WHERE id = $1", [rightly]);
      const migration = accountsMigrations.find((m) => m.id === "accounts-004-guest-purchases-need-a-verified-email")!;
      await server.db.transaction(async (tx) => {
        for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      });
      expect(await subscriptionRow(wrongly)).toMatchObject({ user_uuid: null, owner_email: unverifiedEmail });
      expect(await subscriptionRow(rightly)).toMatchObject({ user_uuid: verified, owner_email: null });
      await Identity.login(unverifiedEmail, PASSWORD);
      await verifyFromMailbox(unverifiedEmail);
      expect(await subscriptionRow(wrongly)).toMatchObject({ user_uuid: unverified, owner_email: null });
    });
  });

  describe("share invitations are bound to the invited e-mail", () => {
    /** An owner with a subscription shares it with `invited`; returns the code and the owner's identity. */
    async function invite(invited: string) {
      await signUp(newEmail("titular"), { verify: true });
      const [id] = await buys();
      const { redeemCode } = (await Sales.shareSubscription(id, invited)) as { redeemCode: string };
      const { rows } = await server.db.query<{ id: number }>("SELECT id FROM accounts_subscriptions WHERE redeem_code = $1", [redeemCode]);
      return { parentId: id, redeemCode, sharedId: Number(rows[0].id) };
    }

    it("refuses another verified account with the catalogue's 404, naming nobody, and stores nothing", async () => {
      const invited = newEmail("invitado");
      const { redeemCode, sharedId } = await invite(invited);
      await signUp(newEmail("intrusa"), { verify: true });
      const before = await snapshot();
      const refusal = await rejection(Sales.redeemAssociateInvitation(redeemCode));
      expect(refusal).toMatchObject({ code: ErrorCodes.notFound, httpStatus: 404 });
      expect(SALES_ERROR_MESSAGES[refusal.code!]).toBe("El enlace no es válido o ya se usó.");
      expect(JSON.stringify(refusal)).not.toContain(invited.split("@")[0]);
      expect(await snapshot()).toEqual(before);
      expect(await subscriptionRow(sharedId)).toMatchObject({ user_uuid: null, redeemed_at: null });
    });

    it("asks the invited reader to verify the e-mail first (130051) and stores nothing; then accepts, whatever the case of the address", async () => {
      const invited = newEmail("Invitada");
      const { redeemCode, sharedId } = await invite(invited.toUpperCase());
      const uuid = await signUp(invited.toLowerCase());
      const before = await snapshot();
      expect(await rejection(Sales.redeemAssociateInvitation(redeemCode))).toMatchObject({ code: ErrorCodes.emailNotVerified, httpStatus: 403 });
      expect(await snapshot()).toEqual(before);
      await verifyFromMailbox(invited.toLowerCase());
      await expect(Sales.redeemAssociateInvitation(redeemCode)).resolves.toEqual({ subscriptionID: sharedId });
      expect(await subscriptionRow(sharedId)).toMatchObject({ user_uuid: uuid });
    });

    it("refuses an account that switched to the invited e-mail without verifying it", async () => {
      const invited = newEmail("destino");
      const { redeemCode, sharedId } = await invite(invited);
      await signUp(newEmail("cambiante"), { verify: true });
      expect((await patchProfile({ email: invited, currentPassword: PASSWORD })).status).toBe(200);
      const before = await snapshot();
      expect(await rejection(Sales.redeemAssociateInvitation(redeemCode))).toMatchObject({ code: ErrorCodes.emailNotVerified });
      expect(await snapshot()).toEqual(before);
      expect(await subscriptionRow(sharedId)).toMatchObject({ user_uuid: null });
    });

    it("refuses a reader who is not signed in", async () => {
      const { redeemCode } = await invite(newEmail("anonima"));
      resetSdks();
      const response = await fetch(`${server.origin}/sales/public/v1/subscription/redeem`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token: redeemCode }),
      });
      expect(response.status).toBe(401);
      expect(await count(server.db, "accounts_subscriptions", "redeem_code = $1 AND user_uuid IS NOT NULL", [redeemCode])).toBe(0);
    });
  });

  describe("gifts are bound to the recipient's e-mail", () => {
    /** A buyer with an unnamed gift; returns its code and id. */
    async function giftBought() {
      await signUp(newEmail("comprador"), { verify: true });
      const [giftId] = await buys([{ ...ANNUAL, gift: true }]);
      const owner = { ...Identity.userIdentity };
      const [gift] = (await Sales.getAllSubscriptions()) as Array<{ redeemCode: string }>;
      return { giftId, code: gift.redeemCode, owner };
    }

    it("refuses a gift with no recipient yet, another account, and the unverified recipient, storing nothing; the verified recipient redeems", async () => {
      const { giftId, code, owner } = await giftBought();
      const recipient = newEmail("Lucia");
      await signUp(newEmail("curiosa"), { verify: true });
      let before = await snapshot();
      expect(await rejection(Sales.redeemGiftSubscription(code))).toMatchObject({ code: ErrorCodes.notFound });
      expect(await snapshot()).toEqual(before);

      resetSdks();
      Identity.userIdentity = owner;
      await Sales.setGiftRecipient(code, { email: recipient.toUpperCase(), name: "Lucía" });

      await signUp(newEmail("curioso"), { verify: true });
      before = await snapshot();
      const refusal = await rejection(Sales.redeemGiftSubscription(code));
      expect(refusal).toMatchObject({ code: ErrorCodes.notFound, httpStatus: 404 });
      expect(JSON.stringify(refusal)).not.toContain(recipient.split("@")[0].toLowerCase());
      expect(await snapshot()).toEqual(before);

      const uuid = await signUp(recipient.toLowerCase());
      before = await snapshot();
      expect(await rejection(Sales.redeemGiftSubscription(code))).toMatchObject({ code: ErrorCodes.emailNotVerified });
      expect(await snapshot()).toEqual(before);

      await verifyFromMailbox(recipient.toLowerCase());
      await expect(Sales.redeemGiftSubscription(code)).resolves.toEqual({ subscriptionID: giftId });
      expect(await subscriptionRow(giftId)).toMatchObject({ user_uuid: uuid });
    });

    it("binds the gift to the newest recipient when the buyer corrects the address", async () => {
      const { giftId, code, owner } = await giftBought();
      const wrong = newEmail("equivocada");
      const right = newEmail("correcta");
      resetSdks();
      Identity.userIdentity = owner;
      await Sales.setGiftRecipient(code, { email: wrong, name: "Pedro" });
      await Sales.setGiftRecipient(code, { email: right, name: "Pablo" });
      await signUp(wrong, { verify: true });
      expect(await rejection(Sales.redeemGiftSubscription(code))).toMatchObject({ code: ErrorCodes.notFound });
      await signUp(right, { verify: true });
      await expect(Sales.redeemGiftSubscription(code)).resolves.toEqual({ subscriptionID: giftId });
    });
  });

  describe("changing the e-mail", () => {
    it("cannot be used to guess the password: wrong ones slow this address down like failed sign-ins, and nothing is stored", async () => {
      const email = newEmail("adivina");
      await signUp(email, { verify: true });
      const target = newEmail("atacante");
      const before = await snapshot();
      const rules = server.accounts.context.rateLimits;
      const rule = rules.passwordPerAccountAndAddress;
      // A first wait of an hour, so no real time ends it during the test.
      rules.passwordPerAccountAndAddress = { ...rule, firstDelayMs: 60 * 60 * 1000, maxDelayMs: 60 * 60 * 1000 };
      try {
        for (let i = 0; i <= rule.freeFailures; i++) {
          expect(await patchProfile({ email: target, currentPassword: `Intento${i}Malo` })).toMatchObject({
            status: 400,
            body: { code: ErrorCodes.wrongPassword, field: "currentPassword" },
          });
        }
        // This address waits now, even with the right password (and so does its sign-in).
        expect(await patchProfile({ email: target, currentPassword: PASSWORD })).toMatchObject({
          status: 429,
          body: { code: ErrorCodes.signInThrottled, retryAfter: 3600 },
        });
        expect(await snapshot()).toEqual(before);
        expect(await lastMail(server.db, target)).toBeNull();
        server.advance(60 * 60 * 1000 + 1000);
        await Identity.extendSession();
        expect(await patchProfile({ email: target, currentPassword: PASSWORD })).toMatchObject({ status: 200, body: { email: target } });
      } finally {
        rules.passwordPerAccountAndAddress = rule;
      }
    });
  });
});
