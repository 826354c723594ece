// The rules of accounts that several blocks share, with no SDK and no React: what counts as a stored
// identity or an active subscription, the account pages' addresses, safe redirects, error messages
// by code. Server halves may import it (subscription offers link to these pages); the Arc SDKs
// themselves are loaded in the browser by session.ts.
import { BUY_NOW_OFFER_ID } from "../../domain/catalog";
import { GENERIC_ERROR_MESSAGE, IDENTITY_ERROR_MESSAGES, MISSING_OR_INVALID_JWT, SESSION_EXPIRED_MESSAGE } from "../../domain/errors";
import { sitePath } from "../../domain/urls";

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

/** docs/subscriptions-and-checkout.md#statuses: a subscription with any of these statuses is active. */
export const ACTIVE_SUBSCRIPTION_STATUSES: readonly number[] = [1, 3, 4, 5];
/** docs/subscriptions-and-checkout.md#cancel-and-rescue: cancel sets status 3, rescue sets status 1. */
export const CANCELED_STATUS = 3;
export const RESCUED_STATUS = 1;

/** Reader-facing names of the sales API's subscription statuses. */
export const SUBSCRIPTION_STATUS_LABELS: Record<number, string> = {
  1: "Activa",
  2: "Terminada",
  3: "Cancelada: el acceso sigue hasta el final del periodo pagado",
  4: "Suspendida",
  5: "En periodo de gracia",
};

/** Subscription pages: the login modal has no close button there (docs/login-modal.md#close-button). */
export const SUBSCRIPTION_PAGE_PATHS: readonly string[] = ["/store/", "/suscripciones/", "/suscripciones-online/"];

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

function storages(): { local?: Storage; session?: Storage } {
  if (typeof window === "undefined") return {};
  try {
    return { local: window.localStorage, session: window.sessionStorage };
  } catch {
    return {}; // storage blocked by the browser
  }
}

/** docs/login-modal.md#close-rules: the reader has a stored identity (see MIN_STORED_IDENTITY_KEYS). */
export function hasStoredIdentity(): boolean {
  const { local, session } = storages();
  const persistent = readJson(local, IDENTITY_STORAGE_KEY);
  if (persistent && typeof persistent === "object" && Object.keys(persistent).length >= MIN_STORED_IDENTITY_KEYS) return true;
  const inSession = readJson(session, IDENTITY_STORAGE_KEY);
  return !!inSession && typeof inSession === "object" && Object.keys(inSession).length > 0;
}

/** The identity and profile records the SDK keeps in either storage (the debug page shows them). */
export function storedAccountRecords(): Array<{ storage: "localStorage" | "sessionStorage"; key: string; value: unknown }> {
  const { local, session } = storages();
  const records: Array<{ storage: "localStorage" | "sessionStorage"; key: string; value: unknown }> = [];
  for (const [name, storage] of [
    ["localStorage", local],
    ["sessionStorage", session],
  ] as const) {
    if (!storage) continue;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith(SDK_STORAGE_PREFIX)) continue;
      const raw = storage.getItem(key);
      let value: unknown = raw;
      try {
        value = raw === null ? null : JSON.parse(raw);
      } catch {
        // not JSON: shown as the text it is
      }
      records.push({ storage: name, key, value });
    }
  }
  return records.sort((a, b) => a.storage.localeCompare(b.storage) || a.key.localeCompare(b.key));
}

/** The debug page's button: clears both storages (docs/accounts.md#debug-page). */
export function clearAccountStorages(): void {
  const { local, session } = storages();
  local?.clear();
  session?.clear();
}

/** Makes the next getUserProfile() ask the server instead of the SDK's 10-minute copy. */
export function forgetCachedProfile(): void {
  storages().local?.removeItem(PROFILE_EXPIRY_STORAGE_KEY);
}

export function isActiveStatus(status: number): boolean {
  return ACTIVE_SUBSCRIPTION_STATUSES.includes(status);
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

/** The catalogue code of a rejected SDK call ({ code, message } body), as a string, or null. */
export function errorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return code === undefined || code === null ? null : String(code);
}

/** The server's message of a rejected call, or null. */
export function errorMessage(error: unknown): string | null {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" && message.trim() ? message.replace(/^\[Arc [^\]]+\]\s*/, "") : null;
}

/**
 * The message of the error's domain table (domain/errors.ts) for its code, else the server's own
 * message, else a generic one.
 */
export function messageForError(error: unknown, messages: Record<string, string> = IDENTITY_ERROR_MESSAGES): string {
  const code = errorCode(error);
  if (code && messages[code]) return messages[code];
  const message = errorMessage(error);
  if (message?.includes(MISSING_OR_INVALID_JWT)) return SESSION_EXPIRED_MESSAGE;
  // Network failures (TypeError: Failed to fetch) say nothing useful to a reader.
  if (!message || error instanceof TypeError) return GENERIC_ERROR_MESSAGE;
  return message;
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
