// reCAPTCHA switched on by the environment (RECAPTCHA_SITE_KEY / RECAPTCHA_SECRET_KEY), checked
// through the siteverify protocol against a local stand-in for Google (tests/support/recaptcha.ts;
// the real service is not reachable here) — docs/accounts.md#captcha. The forms' half runs in
// Chromium: tests/e2e/recaptcha.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCodes } from "./errors";
import { databaseTargets, startAccountsServer, type TestServer } from "./testing/harness";
import { startFakeRecaptcha, type FakeRecaptcha } from "../tests/support/recaptcha";
import { readSettings } from "../platform/settings";

const SITE_KEY = "clave-del-sitio";
const SECRET = "clave-secreta";
const PASSWORD = "Clave2024segura";

describe.each(databaseTargets)("reCAPTCHA from the environment on %s", (_name, database) => {
  let google: FakeRecaptcha;
  let server: TestServer;
  let n = 0;
  const email = () => `captcha.${++n}.${Date.now()}@example.com`;

  beforeAll(async () => {
    google = await startFakeRecaptcha({ siteKey: SITE_KEY, secret: SECRET });
    server = await startAccountsServer(database(), {
      settings: readSettings({
        RECAPTCHA_SITE_KEY: SITE_KEY,
        RECAPTCHA_SECRET_KEY: SECRET,
        RECAPTCHA_SCRIPT_URL: google.scriptUrl,
        RECAPTCHA_VERIFY_URL: google.verifyUrl,
      }),
    });
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
  });

  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${(n % 200) + 1}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const refused = { status: 400, body: { code: ErrorCodes.captchaInvalid } };
  const signUp = (address: string, recaptchaToken?: string) =>
    post("/identity/public/v1/signup", {
      identity: { userName: address, credentials: PASSWORD },
      profile: { email: address, firstName: "Ana" },
      recaptchaToken,
    });
  const signIn = (address: string, recaptchaToken?: string) =>
    post("/identity/public/v1/auth/login", { userName: address, credentials: PASSWORD, grantType: "password", recaptchaToken });

  it("tells the forms the site key and where the script is", async () => {
    const identity = await (await fetch(`${server.origin}/identity/public/v1/config`)).json();
    expect(identity).toMatchObject({ signinRecaptcha: true, signupRecaptcha: true, magicLinkRecaptcha: true, resetPasswordRecaptcha: true });
    expect(identity).toMatchObject({ recaptchaSiteKey: SITE_KEY, recaptchaScriptUrl: google.scriptUrl });
    const sales = await (await fetch(`${server.origin}/sales/public/v1/config`)).json();
    expect(sales).toMatchObject({ checkoutRecaptchaEnabled: true, recaptchaKey: SITE_KEY, recaptchaScriptUrl: google.scriptUrl });
  });

  it("signs up, signs in, sends a magic link and a reset with the script's tokens, checked with the secret", async () => {
    const address = email();
    const before = google.verifications.length;
    expect((await signUp(address, google.token("signup"))).status).toBe(200);
    expect((await signIn(address, google.token("signin"))).status).toBe(200);
    expect((await post("/identity/public/v1/auth/magiclink", { email: address, recaptchaToken: google.token("magicLink") })).status).toBe(200);
    expect((await post("/identity/public/v1/password/reset", { userName: address, recaptchaToken: google.token("resetPassword") })).status).toBe(200);
    expect(google.verifications.slice(before).map((v) => v.secret)).toEqual([SECRET, SECRET, SECRET, SECRET]);
  });

  it("refuses with 130001 a call without a token, a token spent already, one made for another form, and a bot's", async () => {
    const address = email();
    expect(await signUp(address)).toMatchObject(refused);
    const token = google.token("signup");
    expect((await signUp(address, token)).status).toBe(200);
    expect(await signUp(email(), token)).toMatchObject(refused);
    expect(await signIn(address, google.token("checkout"))).toMatchObject(refused);
    expect(await signIn(address, google.token("signin", "bot"))).toMatchObject(refused);
    expect(await signIn(address, `otra-clave.signin.x${Date.now()}`)).toMatchObject(refused);
    expect(await post("/sales/public/v1/checkout/order", { email: address, billingAddress: {} })).toMatchObject(refused);
  });
});

it("refuses a siteverify address that is not https, naming the variable", () => {
  expect(() =>
    readSettings({ RECAPTCHA_SITE_KEY: SITE_KEY, RECAPTCHA_SECRET_KEY: SECRET, RECAPTCHA_VERIFY_URL: "http://captcha.example.com/siteverify" }),
  ).toThrow("RECAPTCHA_VERIFY_URL «http://captcha.example.com/siteverify»: debe ser https");
});
