// @vitest-environment jsdom
// The login pane at the 4-device limit of the digital subscription (100019, identity/devices.ts):
// the reader sees the four devices with the session open, signs one out, and is signed in here.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { DEVICE_LIMIT_MESSAGE } from "../../domain/errors";
import {
  buySubscription,
  freshBrowser,
  Identity,
  signUpReader,
  startAccounts,
  TEST_PASSWORD,
  watchNavigation,
  type AccountsTestContext,
} from "../../tests/support/accounts";
import LoginPane from "../_shared/accounts/login-modal/panes/LoginPane";

let accounts: AccountsTestContext;
beforeAll(async () => {
  accounts = await startAccounts();
});
afterAll(() => accounts.close());
afterEach(() => vi.restoreAllMocks());

it("lists the four devices, signs one out and signs in here", async () => {
  freshBrowser(accounts.server.origin);
  const email = await signUpReader();
  await buySubscription();
  // Three more devices: four sessions with the sign-up's.
  for (let i = 0; i < 3; i++) {
    freshBrowser(accounts.server.origin);
    await Identity.login(email, TEST_PASSWORD);
  }
  freshBrowser(accounts.server.origin);
  watchNavigation();
  render(<LoginPane />);
  fireEvent.change(screen.getByLabelText("Correo electrónico"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Contraseña"), { target: { value: TEST_PASSWORD } });
  fireEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
  const group = await screen.findByRole("group", { name: "Dispositivos con la sesión iniciada" }, { timeout: 5000 });
  expect(group.textContent).toContain(DEVICE_LIMIT_MESSAGE);
  const buttons = within(group).getAllByRole("button", { name: "Cerrar la sesión allí" });
  expect(buttons).toHaveLength(4);
  fireEvent.click(buttons[3]);
  await vi.waitFor(() => expect(Identity.userIdentity?.accessToken).toBeTruthy(), { timeout: 5000 });
  await vi.waitFor(() => expect(screen.queryByRole("group", { name: "Dispositivos con la sesión iniciada" })).toBeNull(), { timeout: 5000 });
  // Still four devices: one signed out, this one in.
  const { rows } = await accounts.server.db.query("SELECT count(*)::int AS n FROM accounts_sessions WHERE revoked_at IS NULL");
  expect(rows[0]).toEqual({ n: 4 });
});
