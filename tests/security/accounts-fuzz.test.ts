// A generated fuzz of the Identity and Sales APIs and of what readers send without an account (the
// PQRS form, the newsletter and the data consent) (docs/decisions/0012-threat-model.md, accounts):
// every route the routers declare gets bodies, path parameters, query strings and headers with
// control characters, broken surrogates, overlong strings, wrong types, nested garbage, huge and
// negative numbers, unicode, SQL- and HTML-looking text, missing and extra fields, signed in and
// anonymous. Deterministic (a seeded generator). Nothing may answer 5xx, and a refused request (4xx)
// may store nothing: no row of any accounts table is inserted, deleted or changed by it (triggers
// count the writes per table). Real HTTP on PGlite, through the test harness.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type express from "express";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_LOGIN_PATH } from "../../domain/routes";
import { createIdentityRouter } from "../../accounts/identity/router";
import { createSalesRouter } from "../../accounts/sales/router";
import { createNewsletterRouter } from "../../accounts/newsletter";
import { createPqrsRouter } from "../../accounts/pqrs";
import { TEST_CARD_NUMBERS } from "../../accounts/payments/test-provider";
import { settleMailRequests, startAccountsServer, type TestServer } from "../../accounts/testing/harness";
import { startGraphApi, type TestGraphApi } from "../support/graph-api";
import { appleTeamKey, startTestOpenIdProvider, type TestOpenIdProvider } from "../support/openid-provider";
import { readSettings } from "../../platform/settings";

/** How many requests the fuzz sends; at least BODIES of them carry a body. */
const CASES = 2400;
const BODIES = 2000;
/** Every route gets at least this many cases; the rest go to the routes that read a body. */
const CASES_PER_ROUTE = 12;
const SEED = 0x5eed_2024;
/**
 * The longest error message allowed (what is wrong, with the quoted input cut to 80 characters):
 * inputs of 3,000 characters and more are sent, and none may come back whole.
 */
const MAX_ERROR_MESSAGE = 300;

/** The message of an error answer: its JSON's `message`, or the whole text when it is not JSON. */
function errorMessage(answer: string): string {
  try {
    const json = JSON.parse(answer);
    return typeof json?.message === "string" ? json.message : "";
  } catch {
    return answer;
  }
}
const PASSWORD = "Clave2024segura";

/**
 * The route that answers 501 by design (the deprecated avatar upload): it reads no input and
 * answers that to whatever reaches it (a body that is not JSON is refused with 400 before any
 * route, its own included). No other 5xx is allowed.
 */
const NOT_IMPLEMENTED = new Set(["PUT /identity/public/v1/avatar"]);

/** Routes whose body is a form (application/x-www-form-urlencoded), not JSON. */
const FORM_ROUTES = new Set([FORM_LOGIN_PATH, "/identity/public/v1/apple/auth"]);

/**
 * Tables a refused request may change, and why: a declined card (402) is recorded — the provider's
 * answer, the declined payment and the order's next attempt number (decision 0010).
 */
const RECORDED_ON_DECLINE = new Set(["accounts_test_provider_charges", "accounts_payments", "accounts_orders"]);
/**
 * Tables left out of the count: rate-limit counters (counting refused attempts is their job) and
 * payment-step claims, which every payment call takes and gives back, refused or not (decision 0010);
 * none may be left held at the end.
 */
const NOT_COUNTED = ["accounts_rate_limits", "accounts_payment_steps"];

// --- A seeded generator --------------------------------------------------------------------------

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const chance = (p: number) => random() < p;

const CONTROL = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), "\u007f"];
const LONE_SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff"];
const UNICODE = ["Ñandú", "Pérez-Gómez", "你好世界", "𝓐𝓷𝓪", "🙂🇨🇴", "\u202eevil", "a\u200bb", "e\u0301\u0301\u0301", "ﷺ", "\ufeffbom"];
const HOSTILE = [
  "' OR 1=1 --",
  "'; DROP TABLE accounts_users; --",
  '" OR ""="',
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "../../../../etc/passwd",
  "%00",
  "%2e%2e%2f",
  "${7*7}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "null",
  "undefined",
  "\\",
  "ana@example.com\r\nBcc: x@example.com",
];
const NUMBERS = [0, -1, -99999999, 1.5, -0.0001, 1e308, -1e308, 2 ** 53 + 1, 2 ** 70, 1e21, 123456789012345680000];

function overlong(): string {
  const length = pick([300, 2700, 100_000]);
  return pick(["a", "ñ", "7", "A1", "x@"])
    .repeat(Math.ceil(length / 2))
    .slice(0, length);
}

/** A string a reader's browser would never send. */
function hostileString(): string {
  switch (Math.floor(random() * 8)) {
    case 7:
      // A valid value padded with spaces: what passes once trimmed must not be used untrimmed.
      return `${" ".repeat(pick([1, 3000]))}${pick(["DIGITAL-ANUAL", "466", "1", "ana@example.com", "google"])}${" ".repeat(pick([0, 3000]))}`;
    case 0:
      return `ana${pick(CONTROL)}gomez`;
    case 1:
      return `ana${pick(LONE_SURROGATES)}@example.com`;
    case 2:
      return overlong();
    case 3:
      return `${"a".repeat(2700)}@example.com`;
    case 4:
      return pick(UNICODE);
    case 5:
      return pick(HOSTILE);
    default:
      return pick(CONTROL) + pick(HOSTILE) + pick(LONE_SURROGATES);
  }
}

function nested(depth: number): unknown {
  return depth === 0 ? hostileString() : chance(0.5) ? [nested(depth - 1), pick(NUMBERS)] : { [pick(["a", "__proto__", "items", "email"])]: nested(depth - 1) };
}

/** Any value of the wrong kind, or the right kind with hostile content. */
function garbage(): unknown {
  switch (Math.floor(random() * 8)) {
    case 0:
    case 1:
    case 2:
      return hostileString();
    case 3:
      return pick(NUMBERS);
    case 4:
      return pick([true, false, null]);
    case 5:
      return pick([[], [hostileString()], [1, "a", null], [{}]]);
    case 6:
      return pick([{}, { a: hostileString() }, { $gt: "" }]);
    default:
      return nested(1 + Math.floor(random() * 30));
  }
}

/** Garbage a header can carry (fetch refuses control characters and non-Latin-1 text in headers, as browsers do). */
function headerGarbage(): string {
  return pick([...HOSTILE.filter((h) => /^[\x20-\x7e]*$/.test(h)), "a".repeat(3000), "ñandú", String(pick(NUMBERS))]);
}

/** Percent-encodes like encodeURIComponent, but sends a broken surrogate as the invalid UTF-8 an attacker would. */
function encode(value: string): string {
  let out = "";
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    out += ch.length === 1 && code >= 0xd800 && code <= 0xdfff ? "%ED%A0%80" : encodeURIComponent(ch);
  }
  return out;
}

/** Node's HTTP parser answers 431 to a request line beyond 16 KB before any of our code runs: path garbage stays under it. */
const MAX_URL_GARBAGE = 8000;
function pathGarbage(): string {
  const value = random() < 0.7 ? hostileString() : String(pick(NUMBERS));
  return value.length > MAX_URL_GARBAGE ? value.slice(0, MAX_URL_GARBAGE) : value;
}

// --- Bodies ---------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

/** Every leaf and container of a body, as a path of keys. */
function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (!value || typeof value !== "object") return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [...(prefix.length ? [prefix] : []), ...entries.flatMap(([key, v]) => pathsOf(v, [...prefix, key]))];
}

function setAt(root: Json, path: Array<string | number>, value: unknown, remove = false) {
  let target: any = root;
  for (const key of path.slice(0, -1)) target = target[key];
  const last = path[path.length - 1];
  if (remove) {
    if (Array.isArray(target)) target.splice(Number(last), 1);
    else delete target[last];
  } else target[last] = value;
}

/** One way to spoil a body that would otherwise be accepted. */
function mutate(template: Json): { body: unknown; raw?: string; how: string } {
  const body = structuredClone(template);
  const paths = pathsOf(body);
  const roll = random();
  if (roll < 0.55 && paths.length) {
    const path = pick(paths);
    setAt(body, path, garbage());
    return { body, how: `campo ${path.join(".")}` };
  }
  if (roll < 0.68 && paths.length) {
    const path = pick(paths);
    setAt(body, path, undefined, true);
    return { body, how: `falta ${path.join(".")}` };
  }
  if (roll < 0.78) {
    for (let i = 0; i < 1 + Math.floor(random() * 4); i++)
      body[pick(["extra", "uuid", "__proto__", "constructor", "status", "emailVerified", hostileString().slice(0, 40)])] = garbage();
    return { body, how: "campos de más" };
  }
  if (roll < 0.88) return { body: garbage(), how: "cuerpo que no es un objeto" };
  if (roll < 0.94)
    return { body: null, raw: pick(['{"a":', "{no es json", "[".repeat(20_000) + "]".repeat(20_000), '{"email":"\\ud800"}', "\u0000"]), how: "JSON roto" };
  return { body, how: "válido" };
}

// --- The fuzz -------------------------------------------------------------------------------------

interface Route {
  method: string;
  path: string;
}

/** The routes the Identity and Sales routers declare. */
function routesOf(router: express.Router): Route[] {
  return (router.stack as Array<{ route?: { path: string; methods: Record<string, boolean> } }>)
    .filter((layer) => layer.route)
    .flatMap((layer) => Object.keys(layer.route!.methods).map((method) => ({ method: method.toUpperCase(), path: layer.route!.path })));
}

describe("fuzzing every Identity, Sales and reader-form endpoint", () => {
  let server: TestServer;
  const fixtures = {} as {
    email: string;
    access: string;
    refresh: string;
    orderNumber: string;
    subscriptionId: number;
    paymentId: number;
    giftCode: string;
    reportId: number;
  };

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.origin}${path}`, {
      method,
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "192.0.2.250", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };

  /**
   * How many rows of each accounts table (those of NOT_COUNTED aside) have been inserted, deleted or
   * changed so far. Triggers keep the counts: an MD5 of every table's contents after each request
   * found the same and took half of this file's time.
   */
  async function writes(): Promise<Map<string, string>> {
    const { rows } = await server.db.query<{ t: string; n: string }>("SELECT t, n::text AS n FROM fuzz_writes");
    return new Map(rows.map((r) => [r.t, r.n]));
  }

  // Social sign-in and Subscribe with Google are configured, against providers on this machine
  // (tests/support): their routes answer as on a real site, and what they call answers.
  let google: TestOpenIdProvider;
  let apple: TestOpenIdProvider;
  let graph: TestGraphApi;
  let swgKeys: http.Server;
  let signedEntitlements = "";

  beforeAll(async () => {
    const site = "http://localhost:3000";
    google = await startTestOpenIdProvider({
      clients: [{ client_id: "fuzz-web", client_secret: "fuzz-secreto", redirect_uris: [`${site}/-revista-semana/`] }],
    });
    const team = await appleTeamKey();
    apple = await startTestOpenIdProvider({
      apple: { clientId: "co.fuzz.web", teamId: "EQUIPO", keyId: "CLAVE", publicKey: team.publicKey },
      clients: [{ client_id: "co.fuzz.web", redirect_uris: [`${site}/identity/public/v1/apple/auth`] }],
    });
    graph = await startGraphApi({ appId: "123", appSecret: "fuzz-fb", redirectUris: [`${site}/-revista-semana/`] });
    const swgPair = await generateKeyPair("RS256", { extractable: true });
    const swgJwk = { ...(await exportJWK(swgPair.publicKey)), kid: "swg", alg: "RS256" };
    swgKeys = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ keys: [swgJwk] })));
    await new Promise<void>((resolve) => swgKeys.listen(0, "127.0.0.1", resolve));
    server = await startAccountsServer(
      {},
      {
        reconcileIntervalMs: 0,
        cleanupIntervalMs: 0,
        settings: readSettings({
          GOOGLE_CLIENT_ID: "fuzz-web",
          GOOGLE_CLIENT_SECRET: "fuzz-secreto",
          GOOGLE_ISSUER: google.issuer,
          APPLE_CLIENT_ID: "co.fuzz.web",
          APPLE_TEAM_ID: "EQUIPO",
          APPLE_KEY_ID: "CLAVE",
          APPLE_PRIVATE_KEY: team.privateKeyPem,
          APPLE_ISSUER: apple.issuer,
          FACEBOOK_APP_ID: "123",
          FACEBOOK_APP_SECRET: "fuzz-fb",
          FACEBOOK_GRAPH_URL: graph.graphUrl,
          FACEBOOK_DIALOG_URL: graph.dialogUrl,
          SWG_JWKS_URL: `http://127.0.0.1:${(swgKeys.address() as AddressInfo).port}/`,
          SWG_ISSUER: "https://news.google.com/swg",
          SWG_AUDIENCE: "fuzz.example",
        }),
      },
      { frozenClock: true },
    );
    const now = Math.floor(server.now() / 1000);
    signedEntitlements = await new SignJWT({ entitlements: [{ source: "google", products: ["fuzz:premium"], subscriptionToken: "fuzz-token" }] })
      .setProtectedHeader({ alg: "RS256", kid: "swg" })
      .setIssuer("https://news.google.com/swg")
      .setAudience("fuzz.example")
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(swgPair.privateKey);
    const { rows } = await server.db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'accounts_%' AND table_name <> ALL($1) AND table_schema = current_schema() ORDER BY table_name",
      [NOT_COUNTED],
    );
    // An update that leaves the row as it was is no write (a refused request may read and re-save).
    await server.db.exec(`
      CREATE TABLE fuzz_writes (t text PRIMARY KEY, n bigint NOT NULL);
      CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO fuzz_writes VALUES (TG_TABLE_NAME, 1) ON CONFLICT (t) DO UPDATE SET n = fuzz_writes.n + 1;
        RETURN NULL;
      END $$;
      ${rows
        .map(
          ({ table_name: t }) => `
        CREATE TRIGGER fuzz_written AFTER INSERT OR DELETE ON ${t} FOR EACH ROW EXECUTE FUNCTION fuzz_count_write();
        CREATE TRIGGER fuzz_changed AFTER UPDATE ON ${t} FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fuzz_count_write();
        CREATE TRIGGER fuzz_emptied AFTER TRUNCATE ON ${t} FOR EACH STATEMENT EXECUTE FUNCTION fuzz_count_write();`,
        )
        .join("")}`);

    // A reader with a paid subscription, a gift bought for someone, a payment method and a report.
    fixtures.email = "fuzz.lectora@example.com";
    const signup = await call("POST", "/identity/public/v1/signup", {
      identity: { userName: fixtures.email, credentials: PASSWORD },
      profile: { email: fixtures.email, firstName: "Ana" },
    });
    fixtures.access = signup.body.accessToken;
    fixtures.refresh = signup.body.refreshToken;
    const auth = { Authorization: `Bearer ${fixtures.access}` };
    const billing = { line1: "Carrera 7 # 71-21", locality: "Bogotá", region: "Cundinamarca", country: "CO" };
    await call(
      "POST",
      "/sales/public/v1/cart/item",
      {
        items: [
          { sku: "DIGITAL-ANUAL", quantity: 1 },
          { sku: "DIGITAL-ANUAL", gift: true },
        ],
        billingAddress: billing,
      },
      auth,
    );
    const order = await call("POST", "/sales/public/v1/checkout/order", { phone: "3001234567", billingAddress: billing }, auth);
    fixtures.orderNumber = order.body.orderNumber;
    const paid = await call("PUT", `/sales/public/v1/checkout/order/${fixtures.orderNumber}/payment/1`, { token: TEST_CARD_NUMBERS.success }, auth);
    expect(paid.body.status).toBe("Paid");
    const subscriptions = (await call("GET", "/sales/public/v1/subscription/all", undefined, auth)).body as Array<Record<string, any>>;
    fixtures.subscriptionId = subscriptions.find((s) => !s.gift)!.subscriptionID;
    fixtures.giftCode = subscriptions.find((s) => s.gift)!.redeemCode;
    fixtures.paymentId = subscriptions[0].paymentMethod.paymentMethodID;
    fixtures.reportId = (await call("POST", "/identity/public/v1/gdpr", {}, auth)).body.id;
    await settleMailRequests(server.db);
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([google?.close(), apple?.close(), graph?.close(), new Promise((resolve) => swgKeys?.close(resolve))]);
  });

  it(`answers ${CASES} generated requests without a server error, and stores nothing for those it refuses`, async () => {
    const context = server.accounts.context;
    const routes = [
      ...routesOf(createIdentityRouter(context)),
      ...routesOf(createSalesRouter(context)),
      ...routesOf(createPqrsRouter(context)),
      ...routesOf(createNewsletterRouter(context)),
    ];
    // Every route of the routers, the no-JavaScript form, social sign-in, the PQRS form and the newsletter included.
    expect(routes.length).toBeGreaterThan(80);
    expect(routes).toContainEqual({ method: "POST", path: FORM_LOGIN_PATH });
    for (const route of [
      "GET /identity/public/v2/oidc/:provider/initiate",
      "GET /identity/public/v1/apple/authurl",
      "POST /identity/public/v1/apple/auth",
      "GET /identity/public/v2/oidc/signin",
      "PUT /identity/public/v2/oidc/unlink",
      "POST /sales/public/v1/swg/purchase",
    ])
      expect(routes.map((r) => `${r.method} ${r.path}`)).toContain(route);

    let n = 0;
    const freshEmail = () => `fuzz${++n}@example.com`;
    const billing = () => ({ line1: "Calle 5 # 10-20", line2: "Apto 301", locality: "Cali", region: "Valle del Cauca", postal: "760001", country: "CO" });
    const profile = () => ({
      firstName: "Ana María",
      lastName: "Gómez",
      secondLastName: "De la Torre",
      displayName: "ana_maria",
      gender: "FEMALE",
      birthYear: "1990",
      birthMonth: "5",
      birthDay: "20",
      picture: "https://fotos.example.com/ana.jpg",
      contacts: [{ phone: "3001234567", type: "PRIMARY" }],
      addresses: [{ ...billing(), type: "HOME" }],
      attributes: [{ name: "boletin", value: "si", type: "String" }],
    });
    const { email } = fixtures;
    const templates: Record<string, () => Json> = {
      "POST /identity/public/v1/auth/login": () => ({
        userName: email,
        credentials: "Equivocada1",
        grantType: "password",
        rememberMe: true,
        recaptchaToken: "r",
      }),
      "POST /identity/public/v1/auth": () => ({ userName: email, credentials: PASSWORD, grantType: "password" }),
      [`POST ${FORM_LOGIN_PATH}`]: () => ({ email, password: "Equivocada1", remember: "1", redirect: "/politica/" }),
      "POST /identity/public/v1/auth/token": () => ({ grantType: "refresh-token", token: fixtures.refresh }),
      "POST /identity/public/v1/auth/magiclink": () => ({ email, recaptchaToken: "r" }),
      "POST /identity/public/v1/signup": () => ({ identity: { userName: freshEmail(), credentials: PASSWORD }, profile: profile(), rememberMe: true }),
      "POST /identity/public/v1/": () => ({ identity: { userName: freshEmail(), credentials: PASSWORD }, profile: profile() }),
      "PATCH /identity/public/v1/profile": () => ({ ...profile(), email, currentPassword: "Equivocada1" }),
      "PUT /identity/public/v1/password": () => ({ oldPassword: "Equivocada1", newPassword: "Nueva2025abc" }),
      "PUT /identity/public/v1/": () => ({ old: "Equivocada1", new: "Nueva2025abc" }),
      "POST /identity/public/v1/password/reset": () => ({ userName: email, recaptchaToken: "r" }),
      "PUT /identity/public/v1/password/reset/:nonce": () => ({ newPassword: "Nueva2025abc" }),
      "POST /identity/public/v1/email/verify": () => ({ email }),
      "POST /identity/public/v1/email": () => ({ email: freshEmail() }),
      "PUT /identity/public/v1/user/anonymize/decline/:nonce": () => ({ reason: "DID_NOT_REQUEST_DELETION " }),
      "POST /identity/public/v1/swg/checkexists": () => ({ token: "eyJhbGciOi.eyJzdWIi.c2ln" }),
      "POST /identity/public/v1/swg/checkloginexists": () => ({ token: "eyJhbGciOi.eyJzdWIi.c2ln" }),
      "POST /identity/public/v1/apple/auth": () => ({
        code: "c0d1g0",
        state: crypto.randomBytes(24).toString("base64url"),
        user: '{"name":{"firstName":"Ana"}}',
      }),
      "PUT /identity/public/v2/oidc/unlink": () => ({ identifier: "google" }),
      "POST /sales/public/v1/swg/purchase": () => ({ signedEntitlements }),
      "POST /sales/public/v1/swg/exists": () => ({ signedEntitlements, findOrCreate: true }),
      "POST /sales/public/v1/swg/loginexists": () => ({ entitlements: { raw: signedEntitlements }, findOrCreate: false }),
      "POST /sales/public/v1/cart/item": () => ({
        items: [{ sku: "DIGITAL-ANUAL", priceCode: "ANUAL-199000", quantity: 2, gift: true }],
        billingAddress: billing(),
      }),
      "POST /sales/public/v1/cart/add": () => ({ items: [{ sku: "DIGITAL-ANUAL", quantity: 1 }] }),
      "POST /sales/public/v1/checkout/order": () => ({
        email: freshEmail(),
        phone: "573001234567",
        firstName: "Ana",
        lastName: "Gómez",
        secondLastName: "Ruiz",
        billingAddress: billing(),
        shippingAddress: billing(),
        "recaptcha-token": "r",
      }),
      "PUT /sales/public/v1/checkout/order/:orderNumber/payment/:paymentMethodId": () => ({ token: TEST_CARD_NUMBERS.success, expectedTotal: 199000 }),
      "PUT /sales/public/v1/checkout/3ds/order/:orderNumber/payment/:paymentMethodId": () => ({
        token: "3ds_noexiste",
        expectedTotal: "199000",
        SPREEDLY_SUCCEEDED: true,
      }),
      "POST /sales/public/v1/checkout/3ds/challenge/:token/result": () => ({ succeeded: true }),
      "PUT /sales/public/v1/paymentmethod/:paymentId/provider/:paymentMethodId/finalize": () => ({ token: TEST_CARD_NUMBERS.declined }),
      "PUT /sales/public/v1/paymentmethod/:paymentId/provider/:paymentMethodId/finalize3ds": () => ({ token: "3ds_noexiste" }),
      "PUT /sales/public/v1/subscription/address": () => ({ subscriptionID: fixtures.subscriptionId, billingAddress: billing() }),
      "POST /sales/public/v1/subscription/redeem": () => ({ token: "codigoinexistente" }),
      "POST /sales/public/v1/subscription/gift/redeem": () => ({ token: fixtures.giftCode }),
      "PUT /sales/public/v1/subscription/gift/:code": () => ({ email: "amiga@example.com", name: "Lucía", note: "¡Feliz\ncumpleaños!", sendNotificationOn: 0 }),
      "PUT /sales/public/v1/subscription/:subscriptionId/cancel": () => ({ reasonCode: 1, reason: "Precio\nMuy caro" }),
      "PUT /sales/public/v1/subscription/:subscriptionId/share": () => ({ email: freshEmail() }),
      "PUT /sales/public/v1/amp/add": () => ({ ampReaderId: `amp-fuzz-${n}` }),
      "PUT /sales/public/v1/amp": () => ({ ampReaderId: `amp-anonimo-${++n}` }),
      "POST /atencion/public/v1/pqrs": () => ({
        tipo: "queja",
        nombre: "Ana María Gómez",
        correo: freshEmail(),
        telefono: "+57 300 123 4567",
        asunto: "Entrega del periódico",
        mensaje: "El domingo no llegó el periódico.\nLa dirección es la de siempre.",
        autorizacion: true,
      }),
      "POST /boletines/public/v1/suscripcion": () => ({ correo: freshEmail() }),
      "POST /boletines/public/v1/consentimiento": () => ({ correo: freshEmail() }),
      "POST /boletines/public/v1/confirmar": () => ({ token: `1.${"A".repeat(43)}` }),
      "POST /boletines/public/v1/cancelar": () => ({ token: `1.${"A".repeat(43)}` }),
    };
    const parameters: Record<string, () => string> = {
      nonce: () => crypto.randomBytes(24).toString("base64url"),
      id: () => String(fixtures.reportId),
      provider: () => pick(["google", "facebook", "apple", "oidc"]),
      offerId: () => "466",
      sku: () => "DIGITAL-ANUAL",
      orderNumber: () => fixtures.orderNumber,
      paymentMethodId: () => "1",
      paymentId: () => String(fixtures.paymentId),
      subscriptionId: () => String(fixtures.subscriptionId),
      code: () => fixtures.giftCode,
      token: () => "3ds_noexiste",
      readerId: () => "amp-fuzz-1",
    };
    const queries: Record<string, () => Record<string, string>> = {
      "/sales/public/v1/order/history": () => ({ start: "0", pageSize: "10", status: "Paid" }),
      "/identity/public/v1/auth": () => ({ cookie: "true" }),
      "/identity/public/v1/gdpr": () => ({ _: "1700000000000" }),
      "/identity/public/v2/oidc/signin": () => ({ code: "c0d1g0", state: crypto.randomBytes(24).toString("base64url") }),
      "/identity/public/v2/oidc/": () => ({ code: "c0d1g0", state: crypto.randomBytes(24).toString("base64url") }),
      "/identity/public/v1/apple/auth": () => ({ error: "user_cancelled_authorize", state: crypto.randomBytes(24).toString("base64url") }),
    };
    const addresses = Array.from({ length: 12 }, (_, i) => `198.18.0.${i + 1}`);

    const withBody = routes.filter((r) => r.method !== "GET");
    const failures: string[] = [];
    const counts: Record<string, number> = {};
    let bodies = 0;
    let longestError = 0;
    let before = await writes();
    for (let i = 0; i < CASES; i++) {
      const everyRoute = routes.length * CASES_PER_ROUTE;
      const route = i < everyRoute ? routes[i % routes.length] : withBody[(i - everyRoute) % withBody.length];
      const key = `${route.method} ${route.path}`;
      const headers: Record<string, string> = { "X-Forwarded-For": pick(addresses) };
      const who = random();
      // Signing out would end the session every other case uses: it gets another reader's token or none.
      if (who < 0.6 && key !== "DELETE /identity/public/v1/auth/token") headers.Authorization = `Bearer ${fixtures.access}`;
      else if (who < 0.7) headers.Authorization = pick(["Bearer ", "Bearer undefined", `Bearer ${headerGarbage()}`, "Bearer a.b.c", fixtures.refresh]);

      // The path: each parameter valid, or one of them hostile.
      const params = route.path.match(/:[A-Za-z]+/g) ?? [];
      const spoiled = params.length && chance(0.35) ? pick(params) : null;
      let path = route.path;
      for (const param of params) path = path.replace(param, encode(param === spoiled ? pathGarbage() : parameters[param.slice(1)]()));
      // The query: the route's own, sometimes spoiled, sometimes with more.
      const query = { ...(queries[route.path]?.() ?? {}) };
      if (chance(0.3)) query[pick(Object.keys(query).length ? Object.keys(query) : ["q"])] = pathGarbage().slice(0, 2000);
      if (chance(0.1)) query[pick(["cookie", "_", "start", "extra", "status"])] = pick(["true", "-1", "1e309", "[]", "%00"]);
      const search = Object.entries(query)
        .map(([k, v]) => `${encode(k)}=${encode(v)}`)
        .join("&");
      if (key === "POST /sales/public/v1/checkout/order" && chance(0.5))
        headers["Idempotency-Key"] = pick(["clave-1", "x".repeat(201), headerGarbage(), `k${i}`]);

      const template = templates[key]?.() ?? {};
      const { body, raw, how } = mutate(template);
      let payload: string | undefined;
      if (route.method !== "GET") {
        if (FORM_ROUTES.has(route.path)) {
          headers["Content-Type"] = "application/x-www-form-urlencoded";
          const fields = body && typeof body === "object" && !Array.isArray(body) ? (body as Json) : { email: String(body) };
          payload = Object.entries(fields)
            .map(([k, v]) => `${encode(k)}=${encode(typeof v === "string" ? v : (JSON.stringify(v) ?? ""))}`)
            .join("&")
            .slice(0, 3000);
        } else {
          headers["Content-Type"] = "application/json";
          payload = raw ?? JSON.stringify(body);
        }
        bodies++;
      }
      const url = `${server.origin}${path}${search ? `?${search}` : ""}`;
      const what = `${key} [${how}${spoiled ? `, parámetro ${spoiled}` : ""}]`;
      let status: number;
      let answer: string;
      try {
        const response = await fetch(url, { method: route.method, headers, body: payload, redirect: "manual" });
        status = response.status;
        answer = await response.text();
      } catch (error) {
        failures.push(`${what}: sin respuesta (${(error as Error).message})`);
        continue;
      }
      counts[String(status)[0] + "xx"] = (counts[String(status)[0] + "xx"] ?? 0) + 1;

      if (status >= 500 && !(status === 501 && NOT_IMPLEMENTED.has(key))) failures.push(`${what}: ${status}`);
      // A refusal says what is wrong in a few words: it never echoes a long input back.
      const message = status >= 400 ? errorMessage(answer) : "";
      if (message.length > MAX_ERROR_MESSAGE) failures.push(`${what}: ${status} con un mensaje de ${message.length} caracteres`);
      longestError = Math.max(longestError, message.length);

      // What the request left behind, once the e-mail it may have asked for is handled.
      await settleMailRequests(server.db);
      const after = await writes();
      if (status >= 400 && status < 500) {
        for (const [table, value] of after) {
          if (before.get(table) === value) continue;
          if (status === 402 && RECORDED_ON_DECLINE.has(table)) continue;
          failures.push(`${what}: ${status} pero cambió ${table}`);
        }
      }
      before = after;
    }
    console.info(
      `fuzz de cuentas: ${CASES} peticiones (${bodies} con cuerpo) a ${routes.length} rutas; mensaje de error más largo: ${longestError} caracteres`,
      counts,
    );
    expect(bodies).toBeGreaterThanOrEqual(BODIES);
    // The counts are live: the accepted requests' writes were counted.
    expect(Number(before.get("accounts_users") ?? 0)).toBeGreaterThan(0);
    const { rows: held } = await server.db.query("SELECT subject, step FROM accounts_payment_steps");
    expect(held, "payment-step claims left held").toEqual([]);
    expect(failures).toEqual([]);
  }, 360_000);

  it("answers a 3,000-character e-mail, password or name with a short message that quotes it cut", async () => {
    const long = `${"a".repeat(3000)}@example.com`;
    for (const [method, path, body] of [
      ["POST", "/identity/public/v1/auth/login", { userName: long, credentials: PASSWORD }],
      ["POST", "/identity/public/v1/signup", { identity: { userName: long, credentials: PASSWORD }, profile: { email: long } }],
      ["POST", "/identity/public/v1/password/reset", { userName: long }],
      ["PATCH", "/identity/public/v1/profile", { firstName: "x".repeat(3000) }],
    ] as const) {
      const answer = await call(method, path, body, { Authorization: `Bearer ${fixtures.access}` });
      expect(answer.status, path).toBe(400);
      const text = JSON.stringify(answer.body);
      expect(answer.body.message.length, path).toBeLessThanOrEqual(MAX_ERROR_MESSAGE);
      expect(text, path).not.toContain("a".repeat(100));
      expect(text, path).not.toContain("x".repeat(100));
    }
  });
});
