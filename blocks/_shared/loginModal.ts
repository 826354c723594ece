// The login / register / recovery modal's state and its close rules (docs/login-modal.md).
// Any block opens it with openLoginModal(); one host on the page (the header's user menu or the
// login-modal block, whichever mounts first) renders it into the page element named 'modal'.
import { useEffect, useState, useSyncExternalStore } from "react";
import { OPEN_LOGIN_EVENT } from "./enhance";
import { hasStoredIdentity, navigation, safeRedirect, withOfferId } from "./identity";
import { createStore } from "./session";

/** Panes by number: 0 recovery, 1 login, 2 register. */
export const RECOVERY_PANE = 0;
export const LOGIN_PANE = 1;
export const REGISTER_PANE = 2;
export type Pane = typeof RECOVERY_PANE | typeof LOGIN_PANE | typeof REGISTER_PANE;

/** docs/login-modal.md#constants: close delay 500 ms; width 476 px; default pane 1. */
export const MODAL_CLOSE_DELAY_MS = 500;
export const MODAL_WIDTH = 476;
export const DEFAULT_PANE: Pane = LOGIN_PANE;

/** The URL query parameter 'form' opens the modal on these panes (docs/login-modal.md#opening-from-the-url). */
export const FORM_QUERY_PARAM = "form";
export const FORM_QUERY_PANES: Readonly<Record<string, Pane>> = { recovery: RECOVERY_PANE, login: LOGIN_PANE, register: REGISTER_PANE };
/** Where to go after signing in, when the page that opens the modal says so. */
export const REDIRECT_QUERY_PARAM = "redirect";

/** Closing while signed out on these addresses sends the reader to '/' (locked content stays hidden). */
export const SIGNED_OUT_EXIT_PATTERN = /articulo|multimedia|galeria|flip/;

export interface ModalState {
  open: boolean;
  pane: Pane;
  /** A path on this site (already checked by safeRedirect), or null. */
  redirect: string | null;
  /** True during the close delay. */
  closing: boolean;
}

const CLOSED: ModalState = { open: false, pane: RECOVERY_PANE, redirect: null, closing: false };
const modal = createStore<ModalState>(CLOSED);
let closeTimer: ReturnType<typeof setTimeout> | null = null;

export function isPane(value: unknown): value is Pane {
  return value === RECOVERY_PANE || value === LOGIN_PANE || value === REGISTER_PANE;
}

/** Opens the modal on a pane (default 1). A redirect target off this site is ignored. */
export function openLoginModal(options: { pane?: Pane; redirect?: string | null } = {}): void {
  if (closeTimer) clearTimeout(closeTimer);
  closeTimer = null;
  const redirect = typeof window === "undefined" ? null : safeRedirect(options.redirect, window.location.origin);
  modal.replace({ open: true, pane: isPane(options.pane) ? options.pane : DEFAULT_PANE, redirect, closing: false });
}

/** Panes switch among themselves. */
export function setModalPane(pane: Pane): void {
  modal.update((state) => ({ ...state, pane }));
}

export type CloseAction = { kind: "assign"; url: string } | { kind: "reload" } | { kind: "stay" };

/**
 * What happens once the modal has closed (docs/login-modal.md#close-rules): with a stored identity, the redirect
 * target (given an offerId when it has none) or a reload of the current address; signed out on an
 * article, multimedia, gallery or flip address, the home page; otherwise the reader stays.
 */
export function actionAfterClose(input: { address: string; redirect: string | null; storedIdentity: boolean }): CloseAction {
  if (input.storedIdentity) return input.redirect ? { kind: "assign", url: withOfferId(input.redirect) } : { kind: "reload" };
  if (SIGNED_OUT_EXIT_PATTERN.test(input.address)) return { kind: "assign", url: "/" };
  return { kind: "stay" };
}

/**
 * Closes the modal: waits MODAL_CLOSE_DELAY_MS, sets the pane to 0 (closed), then applies the close
 * rules. Signing in or up ends with this too, so the page reloads (or moves on) as a reader who is
 * signed in.
 */
export function closeLoginModal(): void {
  if (!modal.get().open || closeTimer) return;
  modal.update((state) => ({ ...state, closing: true }));
  closeTimer = setTimeout(() => {
    closeTimer = null;
    const { redirect } = modal.get();
    modal.replace(CLOSED);
    const action = actionAfterClose({ address: window.location.pathname + window.location.search, redirect, storedIdentity: hasStoredIdentity() });
    if (action.kind === "assign") navigation.assign(action.url);
    else if (action.kind === "reload") navigation.reload();
  }, MODAL_CLOSE_DELAY_MS);
}

export function getModalState(): ModalState {
  return modal.get();
}

export function useModalState(): ModalState {
  return useSyncExternalStore(modal.subscribe, modal.get, () => CLOSED);
}

/**
 * Several blocks may carry a modal host; the first one mounted renders the modal, and the next
 * takes over if it unmounts. Returns whether this host is the one.
 */
const hosts = createStore<readonly symbol[]>([]);

export function useModalHost(): boolean {
  const [id] = useState(() => Symbol("modal-host"));
  const active = useSyncExternalStore(
    hosts.subscribe,
    () => hosts.get()[0] === id,
    () => false,
  );
  useEffect(() => {
    hosts.replace([...hosts.get(), id]);
    return () => hosts.replace(hosts.get().filter((host) => host !== id));
  }, [id]);
  return active;
}

/** The pane the current address asks for with ?form=, or null. */
export function paneFromQuery(search: string): Pane | null {
  const value = new URLSearchParams(search).get(FORM_QUERY_PARAM);
  return value !== null && Object.hasOwn(FORM_QUERY_PANES, value) ? FORM_QUERY_PANES[value] : null;
}

/** Tests: a closed modal, no timer. */
export function resetLoginModalForTests(): void {
  if (closeTimer) clearTimeout(closeTimer);
  closeTimer = null;
  modal.replace(CLOSED);
}

// Links of server-only blocks (the paywall's 'Inicia sesión') ask for the modal through the page's
// one script; the modal opens where a host is on the page, and the link is followed otherwise.
if (typeof window !== "undefined") {
  window.addEventListener(OPEN_LOGIN_EVENT, (event) => {
    if (hosts.get().length === 0) return;
    event.preventDefault();
    openLoginModal();
  });
}
