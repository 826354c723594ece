// Every validation rule of docs/accounts.md#validation-limits is enforced by the server with its
// code from docs/error-catalogue.md#codes, and a rejected request stores nothing. Also the captcha
// and the login rate limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCodes } from "./errors";
import {
  ADDRESS_FIELD_MAX_LENGTH,
  ADDRESS_LINE_MAX_LENGTH,
  ageInYears,
  ATTRIBUTE_NAME_MAX_LENGTH,
  ATTRIBUTE_VALUE_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  MAX_ADDRESSES,
  MAX_ATTRIBUTES,
  MINIMUM_AGE_YEARS,
  PASSWORD_MIN_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
  PICTURE_MAX_LENGTH,
} from "./identity/validation";
import { count, databaseTargets, startAccountsServer, type TestServer } from "./testing/harness";

const PASSWORD = "Clave2024segura";
const thisYear = new Date().getUTCFullYear();

it("names the limits of docs/accounts.md#validation-limits", () => {
  expect([PASSWORD_MIN_LENGTH, PHONE_MIN_LENGTH, PHONE_MAX_LENGTH, PERSON_NAME_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH]).toEqual([8, 10, 12, 50, 100]);
  expect([ADDRESS_LINE_MAX_LENGTH, ADDRESS_FIELD_MAX_LENGTH, ATTRIBUTE_NAME_MAX_LENGTH, ATTRIBUTE_VALUE_MAX_LENGTH, PICTURE_MAX_LENGTH]).toEqual([
    256, 100, 30, 1000, 255,
  ]);
  expect([MINIMUM_AGE_YEARS, MAX_ADDRESSES, MAX_ATTRIBUTES]).toEqual([14, 100, 100]);
  expect(ageInYears(2010, 6, 15, new Date("2024-06-14T12:00:00Z"))).toBe(13);
  expect(ageInYears(2010, 6, 15, new Date("2024-06-15T12:00:00Z"))).toBe(14);
  // Bogotá's day (UTC−5), not the server's: at 03:00 UTC it is still 14 June in Colombia.
  expect(ageInYears(2010, 6, 15, new Date("2024-06-15T03:00:00Z"))).toBe(13);
});

describe.each(databaseTargets)("server-side validation on %s", (_name, database) => {
  let server: TestServer;
  let n = 0;
  const newEmail = () => `valida${++n}.${Date.now()}@example.com`;
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${server.origin}${path}`, {
      method,
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const signUpBody = (profile: Record<string, unknown> = {}, credentials = PASSWORD, email = newEmail()) => ({
    identity: { userName: email, credentials },
    profile: { email, firstName: "Ana", ...profile },
  });

  beforeAll(async () => {
    server = await startAccountsServer(database());
  });
  afterAll(() => server.close());

  const signUpCases: Array<[string, Record<string, unknown>, string, string?]> = [
    ["a short password", {}, ErrorCodes.passwordStrength, "Corta1"],
    ["a password without upper case", {}, ErrorCodes.passwordStrength, "minusculas123"],
    ["a password without lower case", {}, ErrorCodes.passwordStrength, "MAYUSCULAS123"],
    ["a password without digits", {}, ErrorCodes.passwordStrength, "SinNumerosAqui"],
    ["a malformed e-mail", { email: "ana@@example" }, ErrorCodes.emailFormat],
    ["a phone of 9 digits", { contacts: [{ phone: "300123456", type: "PRIMARY" }] }, ErrorCodes.phoneLength],
    ["a phone of 13 digits", { contacts: [{ phone: "3001234567890", type: "PRIMARY" }] }, ErrorCodes.phoneLength],
    ["a phone with letters", { contacts: [{ phone: "300ABC4567", type: "PRIMARY" }] }, ErrorCodes.phoneLength],
    ["digits in the first name", { firstName: "Ana2" }, ErrorCodes.nameInvalidCharacters],
    ["symbols in the last name", { lastName: "Gómez<b>" }, ErrorCodes.nameInvalidCharacters],
    ["a first name of 51 characters", { firstName: "A".repeat(51) }, ErrorCodes.nameLength],
    ["a second last name of 51 characters", { secondLastName: "B".repeat(51) }, ErrorCodes.nameLength],
    ["an empty last name", { lastName: "  " }, ErrorCodes.nameLength],
    ["symbols in the display name", { displayName: "ana<script>" }, ErrorCodes.displayNameInvalidCharacters],
    ["a display name of 101 characters", { displayName: "a".repeat(101) }, ErrorCodes.displayNameLength],
    ["an empty display name", { displayName: "" }, ErrorCodes.displayNameLength],
    ["a reader of 13", { birthYear: String(thisYear - 13), birthMonth: "1", birthDay: "1" }, ErrorCodes.badRequest],
    ["31 February (docs/accounts.md#validation-limits: a real calendar date)", { birthYear: "1990", birthMonth: "2", birthDay: "31" }, ErrorCodes.badRequest],
    ["29 February of a common year", { birthYear: "1990", birthMonth: "2", birthDay: "29" }, ErrorCodes.badRequest],
    ["31 April", { birthYear: "1990", birthMonth: "4", birthDay: "31" }, ErrorCodes.badRequest],
    ["an address line of 257 characters", { addresses: [{ line1: "x".repeat(257), locality: "Bogotá", type: "HOME" }] }, ErrorCodes.addressLineInvalid],
    ["a locality of 101 characters", { addresses: [{ line1: "Calle 1", locality: "x".repeat(101), type: "HOME" }] }, ErrorCodes.addressLocalityInvalid],
    [
      "a region of 101 characters",
      { addresses: [{ line1: "Calle 1", locality: "Cali", region: "x".repeat(101), type: "HOME" }] },
      ErrorCodes.addressRegionInvalid,
    ],
    [
      "a postal code of 101 characters",
      { addresses: [{ line1: "Calle 1", locality: "Cali", postal: "1".repeat(101), type: "HOME" }] },
      ErrorCodes.addressPostalInvalid,
    ],
    ["a country of 3 letters", { addresses: [{ line1: "Calle 1", locality: "Cali", country: "COL", type: "HOME" }] }, ErrorCodes.addressCountryInvalid],
    ["101 addresses", { addresses: Array.from({ length: 101 }, () => ({ line1: "Calle 1", locality: "Cali", type: "HOME" })) }, ErrorCodes.badRequest],
    ["an attribute name of 31 characters", { attributes: [{ name: "n".repeat(31), value: "v" }] }, ErrorCodes.badRequest],
    ["an attribute value of 1001 characters", { attributes: [{ name: "nota", value: "v".repeat(1001) }] }, ErrorCodes.badRequest],
    ["101 attributes", { attributes: Array.from({ length: 101 }, (_, i) => ({ name: `a${i}`, value: "v" })) }, ErrorCodes.badRequest],
    ["a picture URL of 256 characters", { picture: `https://x.co/${"p".repeat(243)}` }, ErrorCodes.badRequest],
  ];

  it.each(signUpCases)("refuses a sign-up with %s and stores nothing", async (_case, profile, code, password) => {
    const before = await Promise.all(["accounts_users", "accounts_identities", "accounts_sessions", "accounts_outbox"].map((t) => count(server.db, t)));
    const { status, body } = await call("POST", "/identity/public/v1/signup", signUpBody(profile, password));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code, message: expect.any(String) });
    const after = await Promise.all(["accounts_users", "accounts_identities", "accounts_sessions", "accounts_outbox"].map((t) => count(server.db, t)));
    expect(after).toEqual(before);
  });

  it("accepts the limits themselves (50-character names, 12-digit phone, 256-character line, exactly 14 years)", async () => {
    const { status } = await call(
      "POST",
      "/identity/public/v1/signup",
      signUpBody({
        firstName: "A".repeat(50),
        displayName: "d".repeat(100),
        birthYear: String(thisYear - 14),
        birthMonth: "1",
        birthDay: "1",
        contacts: [{ phone: "573001234567", type: "PRIMARY" }],
        addresses: [{ line1: "x".repeat(256), locality: "l".repeat(100), region: "r".repeat(100), postal: "1".repeat(100), country: "co", type: "HOME" }],
        attributes: [{ name: "n".repeat(30), value: "v".repeat(1000) }],
        picture: `https://x.co/${"p".repeat(242)}`,
      }),
    );
    expect(status).toBe(200);
  });

  it("refuses a profile update that breaks a rule and keeps the stored profile", async () => {
    const signup = await call("POST", "/identity/public/v1/signup", signUpBody({ lastName: "Gómez" }));
    const token = signup.body.accessToken;
    const before = (await call("GET", "/identity/public/v1/profile", undefined, token)).body;
    for (const [patch, code] of [
      [{ lastName: "G0mez" }, ErrorCodes.nameInvalidCharacters],
      [{ firstName: "Ana María", contacts: [{ phone: "123", type: "PRIMARY" }] }, ErrorCodes.phoneLength],
      [{ email: "no-es-correo" }, ErrorCodes.emailFormat],
      [{ displayName: null }, ErrorCodes.displayNameLength],
    ] as const) {
      const { status, body } = await call("PATCH", "/identity/public/v1/profile", patch, token);
      expect([status, body.code]).toEqual([400, code]);
    }
    expect((await call("GET", "/identity/public/v1/profile", undefined, token)).body).toEqual(before);
  });

  it("refuses a checkout with a bad phone or address and creates no order", async () => {
    const signup = await call("POST", "/identity/public/v1/signup", signUpBody());
    const token = signup.body.accessToken;
    await call("POST", "/sales/public/v1/cart/item", { items: [{ sku: "DIGITAL-ANUAL", quantity: 1 }], billingAddress: { country: "CO" } }, token);
    const orders = await count(server.db, "accounts_orders");
    for (const [body, code] of [
      [{ phone: "12345", billingAddress: { country: "CO" } }, ErrorCodes.phoneLength],
      [{ billingAddress: { line1: "Calle 5 # 38-14", locality: "Cali", region: "Valle del Cauca", country: "Colombia" } }, ErrorCodes.addressCountryInvalid],
      [{ billingAddress: { country: "CO" } }, ErrorCodes.addressLineInvalid],
      [{ email: "mal@", billingAddress: { country: "CO" } }, ErrorCodes.emailFormat],
      [{ firstName: "Carl0s", billingAddress: { country: "CO" } }, ErrorCodes.nameInvalidCharacters],
    ] as const) {
      const response = await call("POST", "/sales/public/v1/checkout/order", body, token);
      expect([response.status, response.body.code]).toEqual([400, code]);
    }
    expect(await count(server.db, "accounts_orders")).toBe(orders);
  });

  it("answers malformed JSON with a clear 400", async () => {
    const response = await fetch(`${server.origin}/identity/public/v1/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{no es json",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "400", message: expect.stringContaining("no es JSON válido") });
  });
});

describe.each(databaseTargets)("captcha and login rate limit on %s", (_name, database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAccountsServer(database(), {
      captcha: { signin: true, magicLink: true, checkout: true, siteKey: "clave-publica", verify: async (token) => token === "captcha-valido" },
    });
  });
  afterAll(() => server.close());

  const post = async (path: string, body: unknown, ip = "198.51.100.7") => {
    const response = await fetch(`${server.origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  it("asks for a captcha where the config says so: 130001 without or with a wrong token", async () => {
    expect(await (await fetch(`${server.origin}/identity/public/v1/config`)).json()).toMatchObject({
      signinRecaptcha: true,
      magicLinkRecaptcha: true,
      signupRecaptcha: false,
    });
    expect(await (await fetch(`${server.origin}/sales/public/v1/config`)).json()).toMatchObject({
      checkoutRecaptchaEnabled: true,
      recaptchaKey: "clave-publica",
    });
    const email = `captcha.${Date.now()}@example.com`;
    expect((await post("/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } })).status).toBe(200);
    for (const recaptchaToken of [undefined, "inventado"]) {
      expect((await post("/identity/public/v1/auth/login", { userName: email, credentials: PASSWORD, grantType: "password", recaptchaToken })).body).toEqual({
        code: ErrorCodes.captchaInvalid,
        message: "Captcha token invalid",
        httpStatus: 400,
      });
      expect((await post("/identity/public/v1/auth/magiclink", { email, recaptchaToken })).body.code).toBe(ErrorCodes.captchaInvalid);
    }
    expect(await count(server.db, "accounts_outbox", "kind = 'enlace-magico'")).toBe(0);
    expect(
      (await post("/identity/public/v1/auth/login", { userName: email, credentials: PASSWORD, grantType: "password", recaptchaToken: "captcha-valido" }))
        .status,
    ).toBe(200);
  });

  it("slows wrong passwords per account and address (100016, Retry-After) and never stops the right one from another address", async () => {
    const email = `lento.${Date.now()}@example.com`;
    await post("/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } });
    const login = (password: string, ip: string) =>
      post("/identity/public/v1/auth/login", { userName: email, credentials: password, grantType: "password", recaptchaToken: "captcha-valido" }, ip);
    const { freeFailures } = server.accounts.context.rateLimits.passwordPerAccountAndAddress;
    for (let i = 0; i < freeFailures; i++) expect((await login("Equivocada1", "203.0.113.9")).body.code).toBe(ErrorCodes.wrongPassword);
    // Past the free failures the address waits; the first wait is short, so retry until it applies.
    let slowed;
    for (let i = 0; i < 10 && !slowed; i++) {
      const answer = await login("Equivocada1", "203.0.113.9");
      if (answer.status === 429) slowed = answer;
      else expect(answer.body.code).toBe(ErrorCodes.wrongPassword);
    }
    expect(slowed).toMatchObject({ status: 429, body: { code: ErrorCodes.signInThrottled, retryAfter: expect.any(Number) } });
    expect(slowed!.body.message).toContain("Intenta de nuevo en");
    // The owner, elsewhere, signs in at once.
    expect((await login(PASSWORD, "203.0.113.10")).status).toBe(200);
  });

  it("limits reset e-mails per address", async () => {
    const email = `limite.${Date.now()}@example.com`;
    await post("/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } });
    for (let i = 0; i < 3; i++) expect((await post("/identity/public/v1/password/reset", { userName: email })).status).toBe(200);
    const fourth = await post("/identity/public/v1/password/reset", { userName: email });
    expect(fourth).toMatchObject({ status: 429, body: { code: ErrorCodes.tooManyRequests } });
    expect(await count(server.db, "accounts_outbox", "to_address = $1 AND kind = 'restablecer'", [email])).toBe(3);
  });
});
