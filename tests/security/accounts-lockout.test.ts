// Lockout as a weapon (docs/decisions/0012-threat-model.md, accounts): wrong passwords slow the
// guesser down — per account and address, and per address for password spraying — and never stop
// the owner signing in from their own address; 100014 stays for accounts an operator blocks; with
// a captcha configured, an account under attack asks for it instead of locking. Real HTTP on PGlite,
// with the server's clock standing still unless a test moves it (no sleeping, no wall-clock asserts).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ErrorCodes, IDENTITY_ERROR_MESSAGES, signInThrottledMessage } from "../../domain/errors";
import { FORM_LOGIN_PATH } from "../../domain/routes";
import { messageForError } from "../../blocks/_shared/accounts/apiErrors";
import { DEFAULT_RATE_LIMITS, throttleDelayMs } from "../../accounts/rate-limit";
import { lastMail, startAccountsServer, type TestServer } from "../../accounts/testing/harness";

const PASSWORD = "Clave2024segura";
const OWNER_ADDRESS = "203.0.113.5";
/** Each test's stranger guesses from an address of its own, so one test's failures never slow another's. */
let strangers = 0;
const strangerAddress = () => `198.51.100.${++strangers}`;

interface Answer {
  status: number;
  retryAfter: string | null;
  location: string | null;
  body: Record<string, any>;
}

function client(server: () => TestServer) {
  const send = async (path: string, init: RequestInit, ip: string): Promise<Answer> => {
    const response = await fetch(`${server().origin}${path}`, {
      ...init,
      redirect: "manual",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip, ...(init.headers as Record<string, string>) },
    });
    const text = await response.text();
    return {
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      location: response.headers.get("location"),
      body: text.startsWith("{") ? JSON.parse(text) : {},
    };
  };
  let n = 0;
  return {
    post: (path: string, body: unknown, ip: string) => send(path, { method: "POST", body: JSON.stringify(body) }, ip),
    login: (email: string, password: string, ip: string, extra: Record<string, unknown> = {}) =>
      send(
        "/identity/public/v1/auth/login",
        { method: "POST", body: JSON.stringify({ userName: email, credentials: password, grantType: "password", ...extra }) },
        ip,
      ),
    form: (email: string, password: string, ip: string) =>
      send(
        FORM_LOGIN_PATH,
        {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ email, password, redirect: "/politica/articulo/x/1/" }).toString(),
        },
        ip,
      ),
    async signUp(prefix: string): Promise<string> {
      const email = `${prefix}${++n}@example.com`;
      const answer = await send(
        "/identity/public/v1/signup",
        { method: "POST", body: JSON.stringify({ identity: { userName: email, credentials: PASSWORD }, profile: { email } }) },
        "192.0.2.200",
      );
      expect(answer.status).toBe(200);
      return email;
    },
  };
}

describe("wrong passwords slow the guesser down and never lock the owner out", () => {
  let server: TestServer;
  const api = client(() => server);
  beforeAll(async () => {
    server = await startAccountsServer({}, {}, { frozenClock: true });
  });
  afterAll(() => server.close());

  it("lockout by a stranger: failing many times from another address never stops the owner from signing in from theirs", async () => {
    const STRANGER_ADDRESS = strangerAddress();
    const owner = await api.signUp("duena");
    for (let round = 0; round < 6; round++) {
      // The stranger keeps guessing, waiting out every delay as it comes (the clock moves, nobody sleeps).
      for (let guess = 0; guess < 5; guess++) {
        const answer = await api.login(owner, `Adivina${round}${guess}`, STRANGER_ADDRESS);
        if (answer.status === 429) server.advance(Number(answer.retryAfter) * 1000);
        else expect(answer.body.code).toBe(ErrorCodes.wrongPassword);
      }
      // The owner, from their own address, signs in at once with the right password.
      const signedIn = await api.login(owner, PASSWORD, OWNER_ADDRESS);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toMatchObject({ accessToken: expect.any(String) });
    }
    // And the stranger is still being made to wait: right now, or after the guess the last wait allowed.
    const next = await api.login(owner, "OtraMas123", STRANGER_ADDRESS);
    if (next.status !== 429) {
      expect(next.body.code).toBe(ErrorCodes.wrongPassword);
      expect((await api.login(owner, "OtraMas124", STRANGER_ADDRESS)).status).toBe(429);
    }
  });

  it("makes the stranger wait 1 s, 2 s, 4 s… up to the cap (429, 100016, Retry-After) and never answers a guess while it waits", async () => {
    const STRANGER_ADDRESS = strangerAddress();
    const owner = await api.signUp("victima");
    const rule = DEFAULT_RATE_LIMITS.passwordPerAccountAndAddress;
    for (let i = 0; i < rule.freeFailures; i++) expect((await api.login(owner, "Equivocada1", STRANGER_ADDRESS)).status).toBe(401);
    const waits: number[] = [];
    for (let failure = rule.freeFailures + 1; failure <= rule.freeFailures + 13; failure++) {
      expect((await api.login(owner, "Equivocada1", STRANGER_ADDRESS)).body.code).toBe(ErrorCodes.wrongPassword);
      // Even the right password is not looked at while the pair waits: guessing gains nothing.
      const refused = await api.login(owner, PASSWORD, STRANGER_ADDRESS);
      expect(refused).toMatchObject({ status: 429, body: { code: ErrorCodes.signInThrottled, httpStatus: 429 } });
      expect(refused.body.retryAfter).toBe(Number(refused.retryAfter));
      // Waits of a minute or more are said as the time they end (the server's clock stands still).
      expect(refused.body.message).toBe(signInThrottledMessage(refused.body.retryAfter, new Date(server.now() + refused.body.retryAfter * 1000)));
      waits.push(refused.body.retryAfter);
      expect(refused.body.retryAfter).toBe(throttleDelayMs(rule, failure) / 1000);
      server.advance(refused.body.retryAfter * 1000);
    }
    // Doubling from one second, capped at 15 minutes.
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    // Once the wait is over, the right password works, and the pair starts afresh.
    expect((await api.login(owner, PASSWORD, STRANGER_ADDRESS)).status).toBe(200);
    for (let i = 0; i < rule.freeFailures; i++) expect((await api.login(owner, "Equivocada1", STRANGER_ADDRESS)).status).toBe(401);
  });

  it("slows password spraying from one address across many accounts, with growing waits and never a lock of everyone behind it", async () => {
    const sprayer = "192.0.2.77";
    const colleague = await api.signUp("oficina");
    const elsewhere = await api.signUp("lejos");
    const rule = DEFAULT_RATE_LIMITS.passwordPerAddress;
    // Under the address's threshold, each account is guessed once: nothing waits.
    for (let i = 0; i < rule.freeFailures; i++) expect((await api.login(`rociado${i}@example.com`, "Verano2024", sprayer)).status).toBe(401);
    expect((await api.login("rociado-extra@example.com", "Verano2024", sprayer)).status).toBe(401);
    const first = await api.login("otro-rociado@example.com", "Verano2024", sprayer);
    expect(first).toMatchObject({ status: 429, retryAfter: "1", body: { code: ErrorCodes.signInThrottled } });
    server.advance(1000);
    expect((await api.login("uno-mas@example.com", "Verano2024", sprayer)).status).toBe(401);
    const second = await api.login("y-otro@example.com", "Verano2024", sprayer);
    expect(second).toMatchObject({ status: 429, retryAfter: "2" });
    // A colleague behind the same address waits too, only as long, then signs in: slowed, not locked.
    const colleagueWaits = await api.login(colleague, PASSWORD, sprayer);
    expect(colleagueWaits).toMatchObject({ status: 429, retryAfter: "2" });
    server.advance(2000);
    expect((await api.login(colleague, PASSWORD, sprayer)).status).toBe(200);
    // Other addresses never notice.
    expect((await api.login(elsewhere, PASSWORD, "203.0.113.99")).status).toBe(200);
    // The waits stop growing at the cap.
    expect(throttleDelayMs(rule, rule.freeFailures + 40)).toBe(rule.maxDelayMs);
  });

  it("answers 100014 only for an account an operator blocked, and a password reset does not lift the block", async () => {
    const STRANGER_ADDRESS = strangerAddress();
    const blocked = await api.signUp("bloqueada");
    await server.db.query("UPDATE accounts_identities SET locked = true WHERE user_name = $1", [blocked]);
    const refused = await api.login(blocked, PASSWORD, OWNER_ADDRESS);
    expect(refused).toMatchObject({ status: 403, body: { code: ErrorCodes.accountBlocked } });
    expect(messageForError(refused.body)).toBe(IDENTITY_ERROR_MESSAGES[ErrorCodes.accountBlocked]);
    // A wrong password says only that: the block is not revealed to a guesser.
    expect((await api.login(blocked, "Equivocada1", OWNER_ADDRESS)).body.code).toBe(ErrorCodes.wrongPassword);
    expect((await api.post("/identity/public/v1/password/reset", { userName: blocked }, OWNER_ADDRESS)).status).toBe(200);
    const { nonce } = (await lastMail(server.db, blocked, "restablecer"))!;
    const reset = await fetch(`${server.origin}/identity/public/v1/password/reset/${nonce}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ newPassword: "NuevaClave2025" }),
    });
    expect(reset.status).toBe(200);
    expect((await api.login(blocked, "NuevaClave2025", OWNER_ADDRESS)).body.code).toBe(ErrorCodes.accountBlocked);
    // Many wrong passwords never set the flag.
    const other = await api.signUp("nunca-bloqueada");
    for (let i = 0; i < 8; i++) {
      const answer = await api.login(other, "Equivocada1", STRANGER_ADDRESS);
      if (answer.status === 429) server.advance(Number(answer.retryAfter) * 1000);
    }
    const { rows } = await server.db.query<{ locked: boolean }>("SELECT locked FROM accounts_identities WHERE user_name = $1", [other]);
    expect(rows[0].locked).toBe(false);
  });

  it("throttles the no-JavaScript form the same way: the login page gets 100016, the owner elsewhere goes through", async () => {
    const STRANGER_ADDRESS = strangerAddress();
    const owner = await api.signUp("formulario");
    const { freeFailures } = DEFAULT_RATE_LIMITS.passwordPerAccountAndAddress;
    for (let i = 0; i <= freeFailures; i++) expect((await api.form(owner, "Equivocada1", STRANGER_ADDRESS)).location).toContain("error=300040");
    const slowed = await api.form(owner, PASSWORD, STRANGER_ADDRESS);
    expect(slowed.status).toBe(303);
    expect(new URL(slowed.location!, "http://x").searchParams.get("error")).toBe(ErrorCodes.signInThrottled);
    const owners = await api.form(owner, PASSWORD, OWNER_ADDRESS);
    expect(owners).toMatchObject({ status: 303, location: "/politica/articulo/x/1/" });
  });

  it("maps 100016 to a Spanish message that says when to try again, for the login modal", () => {
    // Long waits are said as the time of day they end (Colombian time): the test clock is 3:16 p. m.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T20:16:00Z"));
    expect(IDENTITY_ERROR_MESSAGES[ErrorCodes.signInThrottled]).toBe(
      "Demasiados intentos fallidos. Intenta de nuevo en un momento o restablece tu contraseña.",
    );
    expect(messageForError({ code: "100016", message: "…", retryAfter: 8 })).toBe(
      "Demasiados intentos fallidos. Intenta de nuevo en 8 segundos o restablece tu contraseña.",
    );
    expect(messageForError({ code: "100016", message: "…", retryAfter: 900 })).toBe(
      "Demasiados intentos fallidos. Intenta de nuevo a las 3:31 p. m. o restablece tu contraseña.",
    );
    vi.useRealTimers();
  });
});

describe("with a captcha configured, an account under attack asks for it instead of locking", () => {
  let server: TestServer;
  const api = client(() => server);
  beforeAll(async () => {
    // A verifier, but no call asks for the captcha by default.
    server = await startAccountsServer(
      {},
      { captcha: { siteKey: "clave-publica", verify: async (token) => token === "captcha-valido" } },
      { frozenClock: true },
    );
  });
  afterAll(() => server.close());

  it("after failures on the account from any addresses, sign-in needs the captcha (130001, captchaRequired); with it, the owner signs in", async () => {
    const owner = await api.signUp("asediada");
    const calm = await api.signUp("tranquila");
    const { captchaAfterFailures } = DEFAULT_RATE_LIMITS.passwordPerAccount;
    // One guess from each of many addresses: no pair ever waits.
    for (let i = 0; i < captchaAfterFailures; i++) expect((await api.login(owner, "Equivocada1", `198.51.100.${10 + i}`)).status).toBe(401);
    const asked = await api.login(owner, PASSWORD, OWNER_ADDRESS);
    expect(asked).toMatchObject({ status: 400, body: { code: ErrorCodes.captchaInvalid, captchaRequired: true } });
    expect((await api.login(owner, PASSWORD, OWNER_ADDRESS, { recaptchaToken: "inventado" })).body.code).toBe(ErrorCodes.captchaInvalid);
    expect((await api.login(owner, PASSWORD, OWNER_ADDRESS, { recaptchaToken: "captcha-valido" })).status).toBe(200);
    // Guessers must solve it too, every time.
    expect((await api.login(owner, "Equivocada1", "198.51.100.99")).body).toMatchObject({ code: ErrorCodes.captchaInvalid, captchaRequired: true });
    // Other accounts are not asked.
    expect((await api.login(calm, PASSWORD, OWNER_ADDRESS)).status).toBe(200);
    // A password reset proves the owner: the captcha is no longer asked.
    expect((await api.post("/identity/public/v1/password/reset", { userName: owner }, OWNER_ADDRESS)).status).toBe(200);
    const { nonce } = (await lastMail(server.db, owner, "restablecer"))!;
    await fetch(`${server.origin}/identity/public/v1/password/reset/${nonce}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ newPassword: "NuevaClave2025" }),
    });
    expect((await api.login(owner, "NuevaClave2025", OWNER_ADDRESS)).status).toBe(200);
  });
});
