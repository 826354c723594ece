// The login / register / recovery modal's state and its close rules (docs/login-modal.md).
// Any block opens it with openLoginModal(); the page's one host (server/app/root.tsx) renders it
// into the page element named 'modal'.
import { useEffect, useState, useSyncExternalStore } from "react";
import { OPEN_LOGIN_EVENT } from "../enhance";
import { safeRedirect } from "./identity";
import { createStore } from "./session";

/** Panes by number: 0 recovery, 1 login, 2 register. */
export const RECOVERY_PANE = 0;
export const LOGIN_PANE = 1;
export const REGISTER_PANE = 2;
export type Pane = typeof RECOVERY_PANE | typeof LOGIN_PANE | typeof REGISTER_PANE;

/** docs/login-modal.md#constants: close delay 500 ms; width 476 px; default pane 1. */
export const MODAL_CLOSE_DELAY_MS = 500;
export const MODAL_WIDTH = 476;
/** The pane the modal opens on when none is asked for: login. @alias (knip: a name of its own for LOGIN_PANE) */
export const DEFAULT_PANE: Pane = LOGIN_PANE;

/** The URL query parameter 'form' opens the modal on these panes (docs/login-modal.md#opening-from-the-url). */
export const FORM_QUERY_PARAM = "form";
export const FORM_QUERY_PANES: Readonly<Record<string, Pane>> = { recovery: RECOVERY_PANE, login: LOGIN_PANE, register: REGISTER_PANE };
/** Where to go after signing in, when the page that opens the modal says so. */
export const REDIRECT_QUERY_PARAM = "redirect";

export interface ModalState {
  open: boolean;
  pane: Pane;
  /** A path on this site (already checked by safeRedirect), or null. */
  redirect: string | null;
  /** True during the close delay. */
  closing: boolean;
}

export const CLOSED: ModalState = { open: false, pane: RECOVERY_PANE, redirect: null, closing: false };
/** The modal's state; ./loginModalClose.ts closes it. */
export const modal = createStore<ModalState>(CLOSED);
/** The close under way (./loginModalClose.ts): opening the modal again cancels it. */
export const pendingClose: { timer: ReturnType<typeof setTimeout> | null } = { timer: null };

export function isPane(value: unknown): value is Pane {
  return value === RECOVERY_PANE || value === LOGIN_PANE || value === REGISTER_PANE;
}

/** Opens the modal on a pane (default 1). A redirect target off this site is ignored. */
export function openLoginModal(options: { pane?: Pane; redirect?: string | null } = {}): void {
  if (pendingClose.timer) clearTimeout(pendingClose.timer);
  pendingClose.timer = null;
  const redirect = typeof window === "undefined" ? null : safeRedirect(options.redirect, window.location.origin);
  modal.replace({ open: true, pane: isPane(options.pane) ? options.pane : DEFAULT_PANE, redirect, closing: false });
}

/** Panes switch among themselves. */
export function setModalPane(pane: Pane): void {
  modal.update((state) => ({ ...state, pane }));
}

export function getModalState(): ModalState {
  return modal.get();
}

export function useModalState(): ModalState {
  return useSyncExternalStore(modal.subscribe, modal.get, () => CLOSED);
}

/**
 * The document mounts one host; should a second be mounted (a test, an embedding), the first one
 * mounted renders the modal and the next takes over if it unmounts. Returns whether this host is the one.
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
  if (pendingClose.timer) clearTimeout(pendingClose.timer);
  pendingClose.timer = null;
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
