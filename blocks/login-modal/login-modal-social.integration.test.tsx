// @vitest-environment jsdom
// The social sign-in buttons of the login and register panes and the access page's return from a
// provider (docs/login-modal.md#social-sign-in), with the real identity SDK against the real API:
// one server with Google configured against a local OpenID provider, one with no provider (no
// buttons). The whole round trip through the provider's screens is the Chromium test's
// (tests/e2e/social-sign-in.spec.ts).
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { IDENTITY_ERROR_MESSAGES, ErrorCodes } from "../../domain/errors";
import { installCookieJar, startAccountsServer, type TestServer } from "../../accounts/testing/harness";
import { startTestOpenIdProvider, type TestOpenIdProvider } from "../../tests/support/openid-provider";
import { freshBrowser, Identity, watchNavigation } from "../../tests/support/accounts";
import { openLoginModal } from "../_shared/accounts/loginModal";
import AccessPage from "./index";
import LoginPane from "../_shared/accounts/login-modal/panes/LoginPane";
import RegisterPane from "../_shared/accounts/login-modal/panes/RegisterPane";
import { CANCELLED_TEXT } from "./SocialReturn";
import { SOCIAL_VISIT_KEY } from "../_shared/accounts/login-modal/social";
import { readSettings } from "../../platform/settings";

let provider: TestOpenIdProvider;
let configured: TestServer;
let plain: TestServer;
let jar: ReturnType<typeof installCookieJar>;

beforeAll(async () => {
  provider = await startTestOpenIdProvider({
    clients: [{ client_id: "web", client_secret: "secreto", redirect_uris: ["http://localhost:3000/-revista-semana/"] }],
  });
  configured = await startAccountsServer(
    {},
    { settings: readSettings({ GOOGLE_CLIENT_ID: "web", GOOGLE_CLIENT_SECRET: "secreto", GOOGLE_ISSUER: provider.issuer }) },
  );
  plain = await startAccountsServer();
  jar = installCookieJar();
});
afterAll(async () => {
  jar.restore();
  await Promise.all([configured.close(), plain.close()]);
  await provider.close();
});
afterEach(() => vi.restoreAllMocks());

const ACCESS_SETTINGS = { published: true, title: "Tu cuenta", text: "Inicia sesión", pane: 1 } as const;

it("shows a button per configured provider on the login pane, above the e-mail form", async () => {
  freshBrowser(configured.origin);
  render(<LoginPane />);
  expect(await screen.findByRole("button", { name: "Acceder con Google" }, { timeout: 5000 })).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Acceder con Apple" })).toBeNull();
  expect(screen.queryByRole("button", { name: "Acceder con Facebook" })).toBeNull();
  expect(screen.getByText("o con tu correo")).toBeTruthy();
});

it("shows them on the register pane too", async () => {
  freshBrowser(configured.origin);
  render(<RegisterPane />);
  expect(await screen.findByRole("button", { name: "Acceder con Google" }, { timeout: 5000 })).toBeTruthy();
});

it("shows no social button when no provider is configured", async () => {
  freshBrowser(plain.origin);
  // The SDK keeps the config answer: the pane reads it without waiting for the network.
  expect(await Identity.getConfig()).toMatchObject({ socialProviders: [] });
  render(<LoginPane />);
  await act(async () => {});
  expect(screen.getByLabelText("Correo electrónico")).toBeTruthy();
  expect(screen.queryByText("o con tu correo")).toBeNull();
  expect(screen.queryByRole("button", { name: /Acceder con/ })).toBeNull();
});

it("goes to the provider with a visit of its own and remembers where the reader was", async () => {
  freshBrowser(configured.origin, "/nacion/articulo/una-noticia/123/");
  const navigation = watchNavigation();
  openLoginModal({ redirect: null });
  render(<LoginPane />);
  fireEvent.click(await screen.findByRole("button", { name: "Acceder con Google" }, { timeout: 5000 }));
  await waitFor(() => expect(navigation.assign).toHaveBeenCalledTimes(1));
  const url = new URL(navigation.assign.mock.calls[0][0]);
  expect(url.origin).toBe(provider.issuer);
  expect(url.searchParams.get("client_id")).toBe("web");
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  expect(JSON.parse(sessionStorage.getItem(SOCIAL_VISIT_KEY)!)).toEqual({ provider: "google", returnTo: "/nacion/articulo/una-noticia/123/" });
});

it("says so when the reader cancelled at the provider, and offers to try again", async () => {
  freshBrowser(configured.origin, "/-revista-semana/?error=access_denied&state=abc");
  render(<AccessPage id="acceso" pageId="acceso" settings={ACCESS_SETTINGS} data={{ redirect: "/" }} />);
  expect(await screen.findByText(CANCELLED_TEXT, {}, { timeout: 5000 })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Volver a intentarlo" })).toBeTruthy();
  // The answer does not stay in the address.
  expect(window.location.search).toBe("");
});

it("shows the catalogue's message when the provider's answer cannot be verified", async () => {
  freshBrowser(configured.origin, "/-revista-semana/?code=inventado&state=inventado");
  const navigation = watchNavigation();
  render(<AccessPage id="acceso" pageId="acceso" settings={ACCESS_SETTINGS} data={{ redirect: "/" }} />);
  expect(await screen.findByText(IDENTITY_ERROR_MESSAGES[ErrorCodes.socialSignInNotVerified], {}, { timeout: 5000 })).toBeTruthy();
  expect(navigation.assign).not.toHaveBeenCalled();
  expect(Identity.userIdentity?.accessToken).toBeFalsy();
});
