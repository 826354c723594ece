// The reader's session in the browser: the unmodified Arc identity and sales SDKs, loaded on demand
// and pointed at this site's origin, and the login state (unknown null, false, true), profile and
// active subscriptions read through them, filled in after hydration so that every page renders the
// same HTML for everyone (pages stay cacheable). One store per page, shared by every block that asks.
// Nothing here runs during the server render: the SDKs are imported only when a browser asks.
import type IdentitySdk from "@arc-publishing/sdk-identity";
import type SalesSdk from "@arc-publishing/sdk-sales";
import { useEffect, useSyncExternalStore } from "react";
import {
  ensureUsableStorage,
  forgetCachedProfile,
  forgetStoredReader,
  hasStoredIdentity,
  navigation,
  type Profile,
  type SubscriptionSummary,
} from "./identity";

/**
 * The SDKs' methods are typed "answer | APIErrorResponse", but they reject with the error body
 * instead of resolving with it; callers read answers directly, so the resolved types are loosened.
 */
type Loose<T> = { [K in keyof T]: T[K] extends (...args: infer A) => Promise<unknown> ? (...args: A) => Promise<any> : T[K] };
type Identity = Loose<typeof IdentitySdk>;
export type Sales = Loose<typeof SalesSdk>;
export interface Sdks {
  Identity: Identity;
  Sales: Sales;
}

let apiOrigin: string | null = null;
let loading: Promise<Sdks> | null = null;

/** Where the SDKs send their calls. Default: the page's own origin. Tests point it at a test server. */
export function setAccountsApiOrigin(origin: string | null): void {
  apiOrigin = origin;
  loading = null;
}

/** The origin the accounts API is called on (calls the SDKs do not have, e.g. signing a device out). */
export function accountsApiOrigin(): string {
  return apiOrigin ?? window.location.origin;
}

/** Both SDKs, imported on first use (they are not part of the page's first bundle) and configured once. */
export function loadSdks(): Promise<Sdks> {
  // Storage blocked: the SDK keeps the session in memory (it reads the storage globals at import).
  if (!loading) ensureUsableStorage();
  loading ??= Promise.all([import("@arc-publishing/sdk-identity"), import("@arc-publishing/sdk-sales")]).then(([identityModule, salesModule]) => {
    const Identity = defaultExport(identityModule) as Identity;
    const Sales = defaultExport(salesModule) as Sales;
    const origin = apiOrigin ?? window.location.origin;
    Identity.options({ apiOrigin: origin });
    Sales.options({ apiOrigin: origin, Identity: Identity as unknown as typeof IdentitySdk });
    return { Identity, Sales };
  });
  return loading;
}

/** CommonJS builds reach us as { default: X } or { default: { default: X } } depending on the bundler. */
function defaultExport(module: any): unknown {
  const first = module?.default ?? module;
  return first?.default && typeof first.default === "function" ? first.default : first;
}

export interface SessionState {
  /** docs/accounts.md#session: unknown (null), not logged in (false), logged in (true). */
  loggedIn: boolean | null;
  profile: Profile | null;
  /** Active subscriptions sorted by status; false when there are none; null while unknown. */
  subscriptions: SubscriptionSummary[] | false | null;
}

/** What the server renders and the browser's first render repeats: nothing is known yet. */
const UNKNOWN_SESSION: SessionState = Object.freeze({ loggedIn: null, profile: null, subscriptions: null }) as SessionState;
const SIGNED_OUT: SessionState = { loggedIn: false, profile: null, subscriptions: false };

/**
 * A minimal external store of frozen states: an update returns the next state from the current one
 * (these states are flat; immer stays with the checkout, whose state changes by many steps).
 */
export interface Store<T> {
  get(): T;
  update(change: (state: T) => T): void;
  replace(next: T): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  const set = (next: T) => {
    if (next === state) return;
    state = typeof next === "object" && next !== null ? Object.freeze(next) : next;
    listeners.forEach((listener) => listener());
  };
  return {
    get: () => state,
    update: (change) => set(change(state)),
    replace: set,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store freezes what it holds: it keeps copies, never the SDK's own objects. */
const copyOf = <T>(value: T): T => (value === null || value === undefined ? value : JSON.parse(JSON.stringify(value)));

const session = createStore<SessionState>(UNKNOWN_SESSION);
let started = false;

/** Subscriptions are listed ascending by status (docs/subscriptions-and-checkout.md#statuses) and become a list or false. */
function activeSubscriptionList(list: unknown): SubscriptionSummary[] | false {
  if (!Array.isArray(list) || list.length === 0) return false;
  return [...(list as SubscriptionSummary[])].sort((a, b) => Number(a.status) - Number(b.status));
}

/**
 * Reads the session once per page: without a stored identity the reader is signed out at once (no
 * SDK download); otherwise the SDK confirms the session (refreshing an expired access token, which
 * also renews the server's paywall cookie), then the profile and the active subscriptions load.
 */
function startSession(): void {
  if (started) return;
  started = true;
  if (!hasStoredIdentity()) {
    session.replace(SIGNED_OUT);
    return;
  }
  void loadSession();
}

async function loadSession(): Promise<void> {
  try {
    const { Identity } = await loadSdks();
    if (!(await Identity.isLoggedIn())) {
      forgetStoredReader();
      session.replace(SIGNED_OUT);
      return;
    }
    // The profile comes from the server on every page view, not from the SDK's 10-minute copy: a
    // session revoked elsewhere (logout on another device, a password reset, account deletion)
    // answers 401 and stops showing the reader's name at the next page view.
    forgetCachedProfile();
    const profile = copyOf((await Identity.getUserProfile()) as Profile);
    session.replace({ loggedIn: true, profile, subscriptions: null });
  } catch (error) {
    if (Number((error as { httpStatus?: unknown } | null)?.httpStatus) === 401) {
      // Revoked or expired on the server: forget it here too (a network failure keeps it).
      forgetStoredReader();
    }
    // docs/error-catalogue.md#load-failures: profile load failures are logged and treated as not logged in.
    console.warn("[cuentas] no se pudo leer la sesión; se trata como sin sesión:", (error as Error)?.message ?? error);
    session.replace(SIGNED_OUT);
    return;
  }
  await refreshSubscriptions();
}

/** Reads the session again, e.g. after a magic link signed the reader in on this page. */
export async function reloadSession(): Promise<void> {
  started = true;
  if (!hasStoredIdentity()) {
    session.replace(SIGNED_OUT);
    return;
  }
  await loadSession();
}

/** Reloads the active subscriptions (after a purchase, a cancel or a rescue). */
export async function refreshSubscriptions(): Promise<void> {
  try {
    const { Sales } = await loadSdks();
    const list = await Sales.getAllActiveSubscriptions();
    session.update((state) => ({ ...state, subscriptions: copyOf(activeSubscriptionList(list)) }));
  } catch (error) {
    // docs/error-catalogue.md#load-failures: subscription load failures are logged and treated as no subscriptions.
    console.warn("[cuentas] no se pudieron leer las suscripciones:", (error as Error)?.message ?? error);
    session.update((state) => ({ ...state, subscriptions: false }));
  }
}

/** Reads the profile from the server again (after verifying the e-mail or editing it). */
export async function refreshProfile(): Promise<Profile | null> {
  const { Identity } = await loadSdks();
  forgetCachedProfile();
  const profile = (await Identity.getUserProfile()) as Profile;
  setProfile(profile);
  return profile;
}

export function setProfile(profile: Profile): void {
  session.update((state) => ({ ...state, profile: copyOf(profile), loggedIn: true }));
}

/**
 * docs/accounts.md#logout: logout clears the session and goes to '/' — or, on the regional daily
 * (`reload`, docs/brands.md#top-bar), reloads the page the reader is on. A logout that fails still clears it.
 */
export async function logout(reload = false): Promise<void> {
  const { Identity } = await loadSdks();
  try {
    await Identity.logout();
  } catch (error) {
    console.warn("[cuentas] el cierre de sesión falló en el servidor; se borra la sesión local:", (error as Error)?.message ?? error);
  }
  forgetStoredReader();
  session.replace(SIGNED_OUT);
  if (reload) navigation.reload();
  else navigation.assign("/");
}

/** The session for a component: UNKNOWN_SESSION on the server and during hydration, then the real one. */
export function useSession(): SessionState {
  const state = useSyncExternalStore(session.subscribe, session.get, () => UNKNOWN_SESSION);
  useEffect(startSession, []);
  return state;
}

export function getSession(): SessionState {
  return session.get();
}

/** Tests: forget what this page knew, as a new page load would. */
export function resetSessionForTests(): void {
  started = false;
  session.replace(UNKNOWN_SESSION);
}
