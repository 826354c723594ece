// @vitest-environment jsdom
// The login pane against the real identity API when sign-in is slowed down after wrong passwords
// (100016, docs/accounts.md#wrong-passwords): the reader reads, in Spanish, when to try again. The
// server's clock stands still, so the wait the pane shows is exact.
import { fireEvent, render, screen } from "@testing-library/react";
import { IDENTITY_ERROR_MESSAGES, signInThrottledMessage } from "../../domain/errors";
import { installCookieJar, startAccountsServer, type TestServer } from "../../accounts/testing/harness";
import { DEFAULT_RATE_LIMITS } from "../../accounts/rate-limit";
import { freshBrowser, Identity, signUpReader, TEST_PASSWORD } from "../../tests/support/accounts";
import LoginPane from "../_shared/accounts/login-modal/panes/LoginPane";

let server: TestServer;
let jar: ReturnType<typeof installCookieJar>;
beforeAll(async () => {
  server = await startAccountsServer({}, {}, { frozenClock: true });
  jar = installCookieJar();
});
afterAll(async () => {
  jar.restore();
  await server.close();
});

it("says when to try again after too many wrong passwords, even for the right one, and lets the reader in once the wait is over", async () => {
  freshBrowser(server.origin);
  const email = await signUpReader();
  freshBrowser(server.origin);
  const { freeFailures } = DEFAULT_RATE_LIMITS.passwordPerAccountAndAddress;
  for (let i = 0; i <= freeFailures; i++) await expect(Identity.login(email, "Incorrecta123")).rejects.toMatchObject({ code: "300040" });

  render(<LoginPane />);
  fireEvent.change(screen.getByLabelText("Correo electrónico"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Contraseña"), { target: { value: TEST_PASSWORD } });
  fireEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toBe(signInThrottledMessage(1));
  expect(alert.textContent).toBe("Demasiados intentos fallidos. Intenta de nuevo en 1 segundo o restablece tu contraseña.");
  expect(IDENTITY_ERROR_MESSAGES["100016"]).toContain("Demasiados intentos fallidos");

  server.advance(1000);
  await expect(Identity.login(email, TEST_PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) });
});
