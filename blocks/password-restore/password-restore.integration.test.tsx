// @vitest-environment jsdom
import { IDENTITY_ERROR_MESSAGES } from "../../domain/errors";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import {
  freshBrowser,
  Identity,
  lastMail,
  signUpReader,
  startAccounts,
  TEST_PASSWORD,
  watchNavigation,
  type AccountsTestContext,
} from "../../tests/support/accounts";
import PasswordRestore, {
  PASSWORD_LENGTH_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_UPDATED_MESSAGE,
  RESTORE_PASSWORD_MAX_LENGTH,
  RESTORE_PASSWORD_MIN_LENGTH,
  RESTORE_REDIRECT_DELAY_MS,
  RESTORE_SUCCESS_URL,
  validateRestore,
} from "./index";

let accounts: AccountsTestContext;
beforeAll(async () => {
  accounts = await startAccounts();
});
afterAll(() => accounts.close());
beforeEach(() => freshBrowser(accounts.server.origin, "/restablecer-contrasena/?nonce=abc"));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// No server half: the block gets data === null and reads the nonce from the address in the browser.
const page = () => <PasswordRestore id="r" pageId="p" settings={{ published: true, title: "Restablece tu contraseña" }} data={null} />;
const newPassword = () => screen.getByLabelText("Nueva contraseña");
const confirmPassword = () => screen.getByLabelText("Confirmar contraseña");
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Cambiar contraseña" }));
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

/** A reader who asked for a reset: their e-mail and the nonce of the link they received. */
async function resetRequested() {
  const email = await signUpReader();
  await Identity.requestResetPassword(email);
  const mail = await lastMail(accounts.server.db, email, "restablecer");
  expect(mail?.url?.pathname).toBe("/restablecer-contrasena/");
  freshBrowser(accounts.server.origin, `/restablecer-contrasena/?nonce=${mail!.nonce}`);
  return { email, nonce: mail!.nonce! };
}

describe("the restore form's rules (docs/accounts.md#restore-validation)", () => {
  it("takes 8 to 12 characters and redirects 2600 ms after success to the home page with a form marker", () => {
    expect([RESTORE_PASSWORD_MIN_LENGTH, RESTORE_PASSWORD_MAX_LENGTH, RESTORE_REDIRECT_DELAY_MS]).toEqual([8, 12, 2600]);
    expect(RESTORE_SUCCESS_URL).toBe("/?form=login");
    expect(PASSWORD_LENGTH_MESSAGE).toBe("La contraseña debe tener entre 8 y 12 caracteres");
  });

  it("requires both, checks the length at 7, 8, 12 and 13 characters, and the match", () => {
    expect(validateRestore("", "")).toEqual({ password: "El campo es obligatorio", confirm: "El campo es obligatorio" });
    expect(validateRestore("Abcdef1", "Abcdef1")).toEqual({ password: PASSWORD_LENGTH_MESSAGE });
    expect(validateRestore("Abcdefg1", "Abcdefg1")).toEqual({});
    expect(validateRestore("Abcdefghij12", "Abcdefghij12")).toEqual({});
    expect(validateRestore("Abcdefghij123", "Abcdefghij123")).toEqual({ password: PASSWORD_LENGTH_MESSAGE });
    expect(validateRestore("Abcdefg1", "Abcdefg2")).toEqual({ confirm: PASSWORD_MISMATCH_MESSAGE });
  });

  it("maps the codes the restore call can answer", () => {
    expect(Object.keys(IDENTITY_ERROR_MESSAGES)).toEqual(expect.arrayContaining(["300033", "300036"]));
  });
});

describe("the restore page", () => {
  it("shows the messages only after a submit attempt", () => {
    render(page());
    type(newPassword(), "corta");
    expect(screen.queryByText(PASSWORD_LENGTH_MESSAGE)).toBeNull();
    expect(screen.queryByText("El campo es obligatorio")).toBeNull();
    submit();
    expect(screen.getByText(PASSWORD_LENGTH_MESSAGE)).toBeTruthy();
    expect(screen.getByText("El campo es obligatorio")).toBeTruthy();
    type(newPassword(), "Nueva2024a");
    type(confirmPassword(), "Nueva2024b");
    expect(screen.getByText(PASSWORD_MISMATCH_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(PASSWORD_LENGTH_MESSAGE)).toBeNull();
  });

  it("shows and hides each password", () => {
    render(page());
    const [showNew, showConfirm] = screen.getAllByRole("button", { name: /^Mostrar/ });
    expect(newPassword().getAttribute("type")).toBe("password");
    fireEvent.click(showNew);
    expect(newPassword().getAttribute("type")).toBe("text");
    expect(confirmPassword().getAttribute("type")).toBe("password");
    fireEvent.click(showConfirm);
    expect(confirmPassword().getAttribute("type")).toBe("text");
    fireEvent.click(screen.getAllByRole("button", { name: /^Ocultar/ })[0]);
    expect(newPassword().getAttribute("type")).toBe("password");
  });

  it("changes the password, says so, ignores submits meanwhile, and goes home after 2600 ms", async () => {
    const { email } = await resetRequested();
    // Time moves on its own (the server needs it), but the redirect can be stepped through.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    const nav = watchNavigation();
    render(page());
    type(newPassword(), "Nueva2024x");
    type(confirmPassword(), "Nueva2024x");
    submit();
    const button = screen.getByRole("button", { name: "Cambiar contraseña" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.querySelector("[data-spinner]")).toBeTruthy();
    fireEvent.submit(button.closest("form")!);
    expect(await screen.findByText(PASSWORD_UPDATED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    act(() => vi.advanceTimersByTime(RESTORE_REDIRECT_DELAY_MS - 30));
    expect(nav.assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(60));
    expect(nav.assign).toHaveBeenCalledWith(RESTORE_SUCCESS_URL);
    vi.useRealTimers();
    // The new password works; the old one does not.
    await expect(Identity.login(email, "Nueva2024x")).resolves.toMatchObject({ accessToken: expect.any(String) });
    await expect(Identity.login(email, TEST_PASSWORD)).rejects.toMatchObject({ code: "300040" });
  });

  it("says a used link is no longer valid (300033)", async () => {
    const { nonce } = await resetRequested();
    await Identity.resetPassword(nonce, "Otra2024abc");
    render(page());
    type(newPassword(), "Nueva2024x");
    type(confirmPassword(), "Nueva2024x");
    submit();
    expect((await screen.findByRole("alert", {}, { timeout: 5000 })).textContent).toBe(IDENTITY_ERROR_MESSAGES["300033"]);
  });

  it("explains the strength rule when the service refuses a weak password (300036)", async () => {
    await resetRequested();
    render(page());
    type(newPassword(), "minusculas");
    type(confirmPassword(), "minusculas");
    submit();
    expect((await screen.findByRole("alert", {}, { timeout: 5000 })).textContent).toBe(IDENTITY_ERROR_MESSAGES["300036"]);
  });

  it("sends a signed-in reader to /", async () => {
    await signUpReader();
    const { resetSessionForTests } = await import("../_shared/accounts/session");
    resetSessionForTests();
    const nav = watchNavigation();
    render(page());
    await waitFor(() => expect(nav.assign).toHaveBeenCalledWith("/"), { timeout: 5000 });
  });

  it("explains a link without a nonce", () => {
    window.history.replaceState(null, "", "/restablecer-contrasena/");
    render(page());
    expect(screen.getByRole("alert").textContent).toContain("no es válido");
  });
});
