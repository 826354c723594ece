// @vitest-environment jsdom
import { IDENTITY_ERROR_MESSAGES } from "../../domain/errors";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { freshBrowser, newEmail, signUpReader, startAccounts, TEST_PASSWORD, watchNavigation, type AccountsTestContext } from "../../tests/support/accounts";
import { IDENTITY_STORAGE_KEY } from "../_shared/accounts/identity";
import { actionAfterClose, closeLoginModal } from "../_shared/accounts/loginModalClose";
import {
  DEFAULT_PANE,
  FORM_QUERY_PANES,
  getModalState,
  LOGIN_PANE,
  MODAL_CLOSE_DELAY_MS,
  MODAL_WIDTH,
  openLoginModal,
  RECOVERY_PANE,
  REGISTER_PANE,
} from "../_shared/accounts/loginModal";
import AccessPage, { paneForAccessPage } from "./index";
import { LoginModalHost } from "../_shared/accounts/login-modal/LoginModalHost";
import { MAGIC_LINK_SENT } from "../_shared/accounts/login-modal/panes/LoginPane";

let accounts: AccountsTestContext;
beforeAll(async () => {
  accounts = await startAccounts();
});
afterAll(() => accounts.close());

beforeEach(() => freshBrowser(accounts.server.origin));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const STORED_IDENTITY = JSON.stringify({ uuid: "0f1e2d3c", accessToken: "a.b.c", refreshToken: "d.e.f" });
const dialog = () => screen.getByRole("dialog");

describe("the modal's constants (docs/login-modal.md#constants)", () => {
  it("closes after 500 ms, is 476 px wide and opens on pane 1 by default", () => {
    expect(MODAL_CLOSE_DELAY_MS).toBe(500);
    expect(MODAL_WIDTH).toBe(476);
    expect(DEFAULT_PANE).toBe(1);
    expect([RECOVERY_PANE, LOGIN_PANE, REGISTER_PANE]).toEqual([0, 1, 2]);
  });
});

describe("actionAfterClose: the close rules", () => {
  it("with a stored identity goes to the redirect target with an offerId, or reloads", () => {
    expect(actionAfterClose({ address: "/", redirect: "/suscripciones-online/", storedIdentity: true })).toEqual({
      kind: "assign",
      url: "/suscripciones-online/?offerId=466",
    });
    expect(actionAfterClose({ address: "/", redirect: "/suscripciones-online/?plan=anual", storedIdentity: true })).toEqual({
      kind: "assign",
      url: "/suscripciones-online/?plan=anual&offerId=466",
    });
    expect(actionAfterClose({ address: "/politica/articulo/x/1/", redirect: null, storedIdentity: true })).toEqual({ kind: "reload" });
  });

  it("signed out on an article, multimedia, gallery or flip address sends the reader to '/'", () => {
    for (const address of ["/politica/articulo/una-noticia/202501/", "/multimedia/video/", "/galeria/fotos/", "/flip/edicion-2000/"]) {
      expect(actionAfterClose({ address, redirect: "/store/", storedIdentity: false }), address).toEqual({ kind: "assign", url: "/" });
    }
    expect(actionAfterClose({ address: "/politica/", redirect: null, storedIdentity: false })).toEqual({ kind: "stay" });
  });
});

describe("the modal in the page", () => {
  it("renders nothing on the server and opens into the 'modal' element, 476 px wide, loading itself and its panes when first opened", async () => {
    expect(renderToString(<LoginModalHost />)).toBe("");
    render(<LoginModalHost />);
    act(() => openLoginModal());
    const modalElement = document.getElementById("modal")!;
    expect((await within(modalElement).findByRole("dialog")).style.width).toBe("476px");
    expect(await within(modalElement).findByLabelText("Correo electrónico")).toBeTruthy();
    expect(within(modalElement).getByRole("heading", { name: "Iniciar sesión" })).toBeTruthy();
  });

  it("switches among its panes: 0 recovery, 1 login, 2 register", async () => {
    render(<LoginModalHost />);
    act(() => openLoginModal());
    fireEvent.click(await screen.findByRole("button", { name: "¿Olvidaste tu contraseña?" }));
    expect(await screen.findByRole("button", { name: "Enviar enlace" })).toBeTruthy();
    expect(getModalState().pane).toBe(RECOVERY_PANE);
    fireEvent.click(screen.getByRole("button", { name: "Volver a iniciar sesión" }));
    fireEvent.click(await screen.findByRole("button", { name: "Crea tu cuenta" }));
    expect(await screen.findByRole("button", { name: "Crear cuenta" })).toBeTruthy();
    expect(getModalState().pane).toBe(REGISTER_PANE);
  });

  it("has a close button, except on the subscription pages", async () => {
    render(<LoginModalHost />);
    act(() => openLoginModal());
    expect(within(dialog()).getByRole("button", { name: "Cerrar" })).toBeTruthy();
    for (const path of ["/store/", "/suscripciones/", "/suscripciones-online/"]) {
      act(() => closeLoginModal());
      await act(async () => new Promise((resolve) => setTimeout(resolve, MODAL_CLOSE_DELAY_MS + 20)));
      window.history.replaceState(null, "", path);
      act(() => openLoginModal());
      expect(within(dialog()).queryByRole("button", { name: "Cerrar" }), path).toBeNull();
    }
  });

  it("opens from ?form= with a known value (recovery included) when the reader is signed out", async () => {
    expect(FORM_QUERY_PANES).toEqual({ recovery: 0, login: 1, register: 2 });
    window.history.replaceState(null, "", "/?form=recovery");
    render(<LoginModalHost />);
    expect(await screen.findByRole("button", { name: "Enviar enlace" })).toBeTruthy();
    expect(getModalState().pane).toBe(RECOVERY_PANE);
  });

  it("stays closed for an unknown ?form= value, or for a reader with a stored identity", () => {
    window.history.replaceState(null, "", "/?form=otra");
    const { unmount } = render(<LoginModalHost />);
    expect(screen.queryByRole("dialog")).toBeNull();
    unmount();
    localStorage.setItem(IDENTITY_STORAGE_KEY, STORED_IDENTITY);
    window.history.replaceState(null, "", "/?form=login");
    render(<LoginModalHost />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps the keyboard inside the dialog and closes on Escape where it may close", async () => {
    render(<LoginModalHost />);
    act(() => openLoginModal());
    const email = await screen.findByLabelText("Correo electrónico");
    const close = within(dialog()).getByRole("button", { name: "Cerrar" });
    const buttons = within(dialog()).getAllByRole("button");
    const last = buttons[buttons.length - 1];
    last.focus();
    fireEvent.keyDown(last, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);
    expect(email).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(getModalState().closing).toBe(true);
  });

  it("renders once however many hosts the page has", () => {
    render(
      <>
        <LoginModalHost />
        <LoginModalHost />
      </>,
    );
    act(() => openLoginModal());
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
  });
});

describe("closing the modal (fake timers)", () => {
  async function openAndClose(redirect: string | null = null) {
    render(<LoginModalHost />);
    act(() => openLoginModal({ pane: REGISTER_PANE, redirect }));
    vi.useFakeTimers();
    fireEvent.click(within(dialog()).getByRole("button", { name: "Cerrar" }));
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS - 1));
  }

  it("waits 500 ms, sets the pane to 0, then reloads for a reader with a stored identity", async () => {
    const nav = watchNavigation();
    localStorage.setItem(IDENTITY_STORAGE_KEY, STORED_IDENTITY);
    await openAndClose();
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(getModalState()).toMatchObject({ pane: REGISTER_PANE, closing: true });
    expect(nav.reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(getModalState()).toMatchObject({ open: false, pane: 0 });
    expect(nav.reload).toHaveBeenCalledTimes(1);
    expect(nav.assign).not.toHaveBeenCalled();
  });

  it("goes to the redirect target with '?offerId=466' or '&offerId=466'", async () => {
    const nav = watchNavigation();
    sessionStorage.setItem(IDENTITY_STORAGE_KEY, STORED_IDENTITY);
    await openAndClose("/suscripciones-online/");
    act(() => vi.advanceTimersByTime(1));
    expect(nav.assign).toHaveBeenLastCalledWith("/suscripciones-online/?offerId=466");
    act(() => openLoginModal({ redirect: `${window.location.origin}/suscripciones-online/?plan=anual` }));
    fireEvent.click(within(dialog()).getByRole("button", { name: "Cerrar" }));
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS));
    expect(nav.assign).toHaveBeenLastCalledWith("/suscripciones-online/?plan=anual&offerId=466");
    expect(nav.reload).not.toHaveBeenCalled();
  });

  it("ignores a redirect target on another origin", async () => {
    const nav = watchNavigation();
    localStorage.setItem(IDENTITY_STORAGE_KEY, STORED_IDENTITY);
    await openAndClose("https://otro-sitio.example/suscripciones-online/");
    act(() => vi.advanceTimersByTime(1));
    expect(nav.assign).not.toHaveBeenCalled();
    expect(nav.reload).toHaveBeenCalledTimes(1);
  });

  it("sends a signed-out reader on an article, multimedia, gallery or flip address to '/'", async () => {
    const nav = watchNavigation();
    window.history.replaceState(null, "", "/nacion/articulo/una-noticia/202501/");
    await openAndClose();
    act(() => vi.advanceTimersByTime(1));
    expect(nav.assign).toHaveBeenCalledWith("/");
  });

  it("leaves a signed-out reader where they are elsewhere", async () => {
    const nav = watchNavigation();
    window.history.replaceState(null, "", "/politica/");
    await openAndClose();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(nav.assign).not.toHaveBeenCalled();
    expect(nav.reload).not.toHaveBeenCalled();
  });
});

describe("signing in and up through the real identity API", () => {
  it("signs in, then closes and reloads as a signed-in reader", async () => {
    const email = await signUpReader();
    freshBrowser(accounts.server.origin, "/politica/");
    const nav = watchNavigation();
    render(<LoginModalHost />);
    act(() => openLoginModal());
    fireEvent.change(await screen.findByLabelText("Correo electrónico"), { target: { value: email } });
    fireEvent.change(screen.getByLabelText("Contraseña"), { target: { value: TEST_PASSWORD } });
    fireEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    await waitFor(() => expect(nav.reload).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(JSON.parse(localStorage.getItem(IDENTITY_STORAGE_KEY)!)).toMatchObject({
      uuid: expect.any(String),
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
  });

  it("says so when the password is wrong, and asks for both fields first", async () => {
    const email = await signUpReader();
    freshBrowser(accounts.server.origin);
    render(<LoginModalHost />);
    act(() => openLoginModal());
    fireEvent.click(await screen.findByRole("button", { name: "Iniciar sesión" }));
    expect(screen.getAllByText("El campo es obligatorio")).toHaveLength(2);
    fireEvent.change(screen.getByLabelText("Correo electrónico"), { target: { value: email } });
    fireEvent.change(screen.getByLabelText("Contraseña"), { target: { value: "Incorrecta123" } });
    fireEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    expect((await screen.findByRole("alert")).textContent).toBe(IDENTITY_ERROR_MESSAGES["300040"]);
    expect(getModalState().open).toBe(true);
  });

  it("asks for a magic link with the e-mail alone: the success notice and no 'El campo es obligatorio' under the password", async () => {
    const email = await signUpReader();
    freshBrowser(accounts.server.origin);
    render(<LoginModalHost />);
    act(() => openLoginModal());
    fireEvent.change(await screen.findByLabelText("Correo electrónico", {}, { timeout: 5000 }), { target: { value: email } });
    fireEvent.click(screen.getByRole("button", { name: "Enviarme un enlace de acceso" }));
    expect(await screen.findByText(MAGIC_LINK_SENT, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText("El campo es obligatorio")).toBeNull();
    // Without the e-mail, only the e-mail is marked.
    fireEvent.change(screen.getByLabelText("Correo electrónico"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Enviarme un enlace de acceso" }));
    expect(screen.getAllByText("El campo es obligatorio")).toHaveLength(1);
  });

  it("creates an account, tells where the verification went, and continues signed in", async () => {
    const nav = watchNavigation();
    const email = newEmail("nueva");
    render(<LoginModalHost />);
    act(() => openLoginModal({ pane: REGISTER_PANE }));
    fireEvent.change(await screen.findByLabelText("Nombre"), { target: { value: "Lucía" } });
    fireEvent.change(screen.getByLabelText("Apellido"), { target: { value: "Pérez" } });
    fireEvent.change(screen.getByLabelText("Correo electrónico"), { target: { value: email } });
    fireEvent.change(screen.getByLabelText(/^Contraseña/), { target: { value: TEST_PASSWORD } });
    fireEvent.click(screen.getByRole("button", { name: "Crear cuenta" }));
    expect(await screen.findByText("Debes aceptar los términos para crear tu cuenta.")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "Crear cuenta" }));
    const done = await screen.findByRole("status", {}, { timeout: 5000 });
    expect(done.textContent).toContain(`${email.split("@")[0].slice(0, -3)}***@example.com`);
    fireEvent.click(screen.getByRole("button", { name: "Continuar" }));
    await waitFor(() => expect(nav.reload).toHaveBeenCalledTimes(1));
  });
});

describe("the access page /-revista-semana/", () => {
  it("opens pane 1, pane 2 for ?=1, and what ?form= asks for", () => {
    expect(paneForAccessPage("", 1)).toBe(LOGIN_PANE);
    expect(paneForAccessPage("?=1", 1)).toBe(REGISTER_PANE);
    expect(paneForAccessPage("?form=recovery", 1)).toBe(RECOVERY_PANE);
    expect(paneForAccessPage("", 0)).toBe(RECOVERY_PANE);
  });

  it("opens the register pane on /-revista-semana/?=1 for a signed-out reader", async () => {
    window.history.replaceState(null, "", "/-revista-semana/?=1");
    // No server half: the block gets data === null and reads ?=1 from the address in the browser.
    // The document mounts the modal's host (server/app/root.tsx).
    render(
      <>
        <AccessPage id="acceso" pageId="acceso" settings={{ published: true, title: "Tu cuenta", text: "Inicia sesión.", pane: 1 }} data={null} />
        <LoginModalHost />
      </>,
    );
    expect(await screen.findByRole("button", { name: "Crear cuenta" })).toBeTruthy();
    expect(getModalState().pane).toBe(REGISTER_PANE);
  });
});
