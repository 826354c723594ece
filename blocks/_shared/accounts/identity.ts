// The rules of accounts that several blocks share, with no SDK and no React: what counts as a stored
// identity or an active subscription, the account pages' addresses, safe redirects. Error messages
// by code are in apiErrors.ts (kept apart: the header loads this file on every page, they only
// with forms). Server halves may import it (subscription offers link to these pages); the Arc SDKs
// themselves are loaded in the browser by session.ts.
import { BUY_NOW_OFFER_ID } from "../../../domain/catalog";
import { sitePath } from "../../../domain/urls";
import { isActiveStatus } from "../../../domain/subscriptions";

export { BUY_NOW_OFFER_ID };

/** Keys the identity SDK stores under (prefixed with its name, docs/accounts.md#storage). */
export const IDENTITY_STORAGE_KEY = "ArcId.USER_INFO";
export const PROFILE_STORAGE_KEY = "ArcId.USER_PROFILE";
/** The SDK trusts its stored profile for 10 minutes after this moment; removing it forces a fresh read. */
export const PROFILE_EXPIRY_STORAGE_KEY = "ArcId.USER_PROFILE_EXPIRED_TIME";
export const SDK_STORAGE_PREFIX = "ArcId.";

/**
 * docs/login-modal.md#close-rules: "a stored identity (local storage with at least 3 keys, or a
 * session-storage identity)": the identity record the SDK keeps in local storage has at least uuid,
 * accessToken and refreshToken; with "remember me" off it lives in session storage instead.
 */
export const MIN_STORED_IDENTITY_KEYS = 3;

/** docs/subscriptions-and-checkout.md#cancel-and-rescue: cancel sets status 3, rescue sets status 1. */
export const CANCELED_STATUS = 3;
export const RESCUED_STATUS = 1;

/** Subscription pages: the login modal has no close button there (docs/login-modal.md#close-button). */
const SUBSCRIPTION_PAGE_PATHS: readonly string[] = ["/store/", "/suscripciones/", "/suscripciones-online/"];

/** Self-service pages (docs/accounts.md#account-routes) and where the account links go. */
export const ACCOUNT_PAGES = {
  profile: "/autogestion/perfil/",
  personalData: "/autogestion/datos-/",
  subscriptions: "/autogestion/mis-suscripciones/",
  communications: "/autogestion/comunicaciones/",
  debug: "/autogestion/depuracion/",
  store: "/store/",
  checkout: "/suscripciones-online/",
  restorePassword: "/restablecer-contrasena/",
} as const;

export interface SubscriptionSummary {
  subscriptionID: number;
  status: number;
  productName?: string | null;
  sku?: string | null;
  paymentMethod?: { lastFour?: string | null; creditCardType?: string | null } | null;
  shared?: boolean;
  gift?: boolean;
}

export interface Profile {
  uuid?: string;
  email?: string;
  emailVerified?: boolean;
  firstName?: string | null;
  lastName?: string | null;
  secondLastName?: string | null;
  displayName?: string | null;
  contacts?: Array<{ phone: string; type: string }>;
  /** The date of birth's parts as the API stores them ("1990", "6", "15"); null when not given. */
  birthYear?: string | null;
  birthMonth?: string | null;
  birthDay?: string | null;
  attributes?: Array<{ name: string; value: string; type?: string }>;
}

function readJson(storage: Storage | undefined, key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** A Storage kept in this page's memory: what the SDK uses when the browser blocks storage. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  [name: string]: unknown;
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.has(String(key)) ? this.items.get(String(key))! : null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(String(key));
  }
  setItem(key: string, value: string): void {
    this.items.set(String(key), String(value));
  }
}

let memoryStorage = false;

/**
 * docs/accounts.md#storage: "an in-memory store when storage is unavailable". When the browser
 * blocks local or session storage (reading the property throws a SecurityError, or writing fails),
 * both are replaced for this page by stores in memory before the identity SDK loads (it reads the
 * globals at import), so signing in works; the session lasts as long as the page.
 */
export function ensureUsableStorage(): void {
  if (typeof window === "undefined") return;
  for (const name of ["localStorage", "sessionStorage"] as const) {
    let usable: boolean;
    try {
      const storage = window[name];
      storage.setItem("ArcId.test", "1");
      storage.removeItem("ArcId.test");
      usable = true;
    } catch {
      usable = false;
    }
    if (usable) continue;
    try {
      Object.defineProperty(window, name, { value: new MemoryStorage(), configurable: true, enumerable: true, writable: false });
      memoryStorage = true;
    } catch (error) {
      console.warn("[cuentas] el almacenamiento del navegador está bloqueado y no se pudo reemplazar:", (error as Error)?.message ?? error);
    }
  }
}

/** Whether this page keeps the session in memory (storage blocked): a reload forgets it. */
export function usingMemoryStorage(): boolean {
  return memoryStorage;
}

/** The browser's two storages, or none when the browser blocks them. */
export function browserStorages(): { local?: Storage; session?: Storage } {
  if (typeof window === "undefined") return {};
  try {
    return { local: window.localStorage, session: window.sessionStorage };
  } catch {
    return {}; // storage blocked by the browser
  }
}

/** docs/login-modal.md#close-rules: the reader has a stored identity (see MIN_STORED_IDENTITY_KEYS). */
export function hasStoredIdentity(): boolean {
  const { local, session } = browserStorages();
  const persistent = readJson(local, IDENTITY_STORAGE_KEY);
  if (persistent && typeof persistent === "object" && Object.keys(persistent).length >= MIN_STORED_IDENTITY_KEYS) return true;
  const inSession = readJson(session, IDENTITY_STORAGE_KEY);
  return !!inSession && typeof inSession === "object" && Object.keys(inSession).length > 0;
}

/**
 * docs/accounts.md#logout: the previous reader leaves nothing behind — every record of the SDKs
 * (`ArcId.`…) and of ours that names the reader or their subscriptions (docs/accounts.md#storage-keys),
 * in both storages. Called on logout and when the session is lost.
 */
export function forgetStoredReader(): void {
  for (const storage of Object.values(browserStorages()))
    for (const key of Object.keys(storage!)) if (/^(Arc|RenewalData|currentlocaldate|IdAnalytics|avisoSusc|ingresoSocial)/.test(key)) storage!.removeItem(key);
}

/** Makes the next getUserProfile() ask the server instead of the SDK's 10-minute copy. */
export function forgetCachedProfile(): void {
  browserStorages().local?.removeItem(PROFILE_EXPIRY_STORAGE_KEY);
}

/** "Active subscription: any subscription with status 1, 3, 4 or 5." */
export function hasActiveSubscription(subscriptions: readonly SubscriptionSummary[] | false | null): boolean {
  return Array.isArray(subscriptions) && subscriptions.some((s) => isActiveStatus(Number(s.status)));
}

export function isSubscriptionPage(path: string): boolean {
  const withSlash = path.endsWith("/") ? path : path + "/";
  return SUBSCRIPTION_PAGE_PATHS.includes(withSlash);
}

/**
 * A redirect target as a path on this site, or null: only the site's own origin is accepted
 * (absolute URLs elsewhere, protocol-relative "//host" and "javascript:" are ignored).
 */
export function safeRedirect(target: string | null | undefined, origin: string): string | null {
  return sitePath(target, origin);
}

/** docs/login-modal.md#close-rules: a redirect target without an offerId gets one, with '?' or '&' as fits. */
export function withOfferId(target: string, offerId: string = BUY_NOW_OFFER_ID): string {
  const hashAt = target.indexOf("#");
  const base = hashAt >= 0 ? target.slice(0, hashAt) : target;
  const hash = hashAt >= 0 ? target.slice(hashAt) : "";
  const query = base.includes("?") ? base.slice(base.indexOf("?") + 1) : "";
  if (new URLSearchParams(query).has("offerId")) return target;
  const separator = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&";
  return `${base}${separator}offerId=${encodeURIComponent(offerId)}${hash}`;
}

/** Page navigation, in one object so tests can watch it (jsdom cannot navigate). */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
