// E-mailed links as an attacker would use them (docs/accounts.md#e-mailed-links): a link sent
// before a password reset or change no longer acts on the account, and nobody's requests for
// someone else's address stop the owner from getting a link. Real HTTP on PGlite, with the server's
// clock standing still (no sleeping, no wall-clock asserts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "../../accounts/rate-limit";
import { lastMail, startAccountsServer, type TestServer } from "../../accounts/testing/harness";

const PASSWORD = "Clave2024segura";
const OWNER_ADDRESS = "203.0.113.7";
let n = 0;
let addresses = 0;
const otherAddress = () => `198.51.100.${++addresses}`;

describe("e-mailed links", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAccountsServer({}, {}, { frozenClock: true });
  });
  afterAll(() => server.close());

  async function call(method: string, path: string, body: unknown, ip = OWNER_ADDRESS, token?: string) {
    const response = await fetch(`${server.origin}/identity/public/v1${path}`, {
      method,
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : {} };
  }
  async function signUp(prefix: string) {
    const email = `${prefix}${++n}@example.com`;
    expect((await call("POST", "/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } }, "192.0.2.201")).status).toBe(200);
    return email;
  }
  const login = (email: string, password: string, ip = OWNER_ADDRESS) =>
    call("POST", "/auth/login", { userName: email, credentials: password, grantType: "password" }, ip);
  async function link(email: string, kind: "reset" | "magic", ip = OWNER_ADDRESS) {
    const asked = await call("POST", kind === "reset" ? "/password/reset" : "/auth/magiclink", kind === "reset" ? { userName: email } : { email }, ip);
    expect(asked.status).toBe(200);
    return (await lastMail(server.db, email, kind === "reset" ? "restablecer" : "enlace-magico"))!.nonce!;
  }
  const reset = (nonce: string, newPassword: string) => call("PUT", `/password/reset/${nonce}`, { newPassword });
  const magic = (nonce: string) => call("GET", `/auth/magiclink/${nonce}`, undefined);

  it("a password reset ends every link sent before it: an older reset link sets no second password, an older magic link signs nobody in", async () => {
    const owner = await signUp("restablece");
    const olderReset = await link(owner, "reset");
    const olderMagic = await link(owner, "magic");
    const ownReset = await link(owner, "reset", otherAddress());
    expect((await reset(ownReset, "NuevaClave2025")).status).toBe(200);
    expect((await reset(olderReset, "OtraClave2026")).status).toBe(400);
    expect((await magic(olderMagic)).status).toBe(404);
    expect((await login(owner, "NuevaClave2025")).status).toBe(200);
    expect((await login(owner, "OtraClave2026")).status).toBe(401);
  });

  it("a password change ends every link sent before it", async () => {
    const owner = await signUp("cambia");
    const olderReset = await link(owner, "reset");
    const olderMagic = await link(owner, "magic");
    const { accessToken } = (await login(owner, PASSWORD)).body;
    expect((await call("PUT", "/password", { oldPassword: PASSWORD, newPassword: "NuevaClave2025" }, OWNER_ADDRESS, accessToken)).status).toBe(200);
    expect((await reset(olderReset, "OtraClave2026")).status).toBe(400);
    expect((await magic(olderMagic)).status).toBe(404);
    expect((await login(owner, "NuevaClave2025")).status).toBe(200);
    // A link asked for afterwards works.
    expect((await magic(await link(owner, "magic", otherAddress()))).status).toBe(200);
  });

  it("a stranger's requests for the owner's address, from one client or many, never stop the owner's own request", async () => {
    const owner = await signUp("acosada");
    // The owner signed in from home once: that client is known to the account.
    expect((await login(owner, PASSWORD)).status).toBe(200);
    const { limit } = DEFAULT_RATE_LIMITS.mailPerAddress;
    for (const kind of ["magic", "reset"] as const) {
      const path = kind === "reset" ? "/password/reset" : "/auth/magiclink";
      const body = kind === "reset" ? { userName: owner } : { email: owner };
      // One stranger's client: past the limit it is refused…
      const stranger = otherAddress();
      for (let i = 0; i < limit; i++) expect((await call("POST", path, body, stranger)).status).toBe(200);
      expect((await call("POST", path, body, stranger)).status).toBe(429);
      // …and the owner, from a client the account has never seen, still gets a link.
      expect((await call("POST", path, body, otherAddress())).status).toBe(200);
      // Many strangers' clients fill what the address may receive from unknown clients…
      for (let i = 0; i < DEFAULT_RATE_LIMITS.mailPerAddressFromUnknownClients.limit; i++) await call("POST", path, body, otherAddress());
      expect((await call("POST", path, body, otherAddress())).status).toBe(429);
      // …but the owner's own client, where the account signed in, still gets its link.
      expect((await call("POST", path, body, OWNER_ADDRESS)).status).toBe(200);
      // So does a device signed in to the account, wherever it is.
      const { accessToken } = (await login(owner, PASSWORD)).body;
      expect((await call("POST", path, body, otherAddress(), accessToken)).status).toBe(200);
    }
  });
});
