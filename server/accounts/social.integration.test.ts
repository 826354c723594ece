// The social sign-on seam: a provider only verifies credentials; the identity API links or
// creates the account. No real provider is configured yet, so this one stands in for Google.
import { afterAll, beforeAll, expect, it } from "vitest";
import { ErrorCodes } from "./errors";
import type { SocialProvider } from "./identity/social";
import { startAccountsServer, type TestServer } from "./testing/harness";

const google: SocialProvider = {
  grantType: "google",
  identityType: "Google",
  async verifyCredentials(credentials) {
    const people: Record<string, { subject: string; email: string; emailVerified: boolean }> = {
      "token-de-ana": { subject: "g-101", email: "ana.social@example.com", emailVerified: true },
      "token-sin-verificar": { subject: "g-202", email: "luis.social@example.com", emailVerified: false },
    };
    const person = people[credentials];
    if (!person) throw new Error("token de Google inválido");
    return { ...person, firstName: "Ana" };
  },
};

let server: TestServer;
beforeAll(async () => {
  server = await startAccountsServer({}, { socialProviders: [google] });
});
afterAll(() => server.close());

const login = (body: Record<string, unknown>) =>
  fetch(`${server.origin}/identity/public/v1/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ userName: "", ...body }),
  }).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }));

it("creates the account on the first Google sign-in and finds it on the next", async () => {
  const first = await login({ grantType: "google", credentials: "token-de-ana" });
  expect(first.status).toBe(200);
  const second = await login({ grantType: "google", credentials: "token-de-ana" });
  expect(second.body.uuid).toBe(first.body.uuid);
  const profile = await fetch(`${server.origin}/identity/public/v1/profile`, { headers: { Authorization: `Bearer ${second.body.accessToken}` } }).then((r) =>
    r.json(),
  );
  expect(profile).toMatchObject({ email: "ana.social@example.com", emailVerified: true, identities: [{ type: "Google", userName: "g-101" }] });
});

it("links a verified Google e-mail to the existing password account, but not an unverified one", async () => {
  const email = "luis.social@example.com";
  await fetch(`${server.origin}/identity/public/v1/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: { userName: email, credentials: "Clave2024segura" }, profile: { email } }),
  });
  expect((await login({ grantType: "google", credentials: "token-sin-verificar" })).body.code).toBe(ErrorCodes.emailAlreadyRegistered);
});

it("refuses bad credentials and providers that are not configured", async () => {
  expect((await login({ grantType: "google", credentials: "falso" })).body).toMatchObject({ code: ErrorCodes.wrongPassword });
  expect((await login({ grantType: "facebook", credentials: "x" })).body).toMatchObject({
    code: ErrorCodes.badRequest,
    message: "El ingreso con «facebook» no está disponible",
  });
});
