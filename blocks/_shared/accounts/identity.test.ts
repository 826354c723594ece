// @vitest-environment jsdom
import { ACTIVE_SUBSCRIPTION_STATUSES } from "../../../domain/subscriptions";
import { GENERIC_ERROR_MESSAGE, SESSION_EXPIRED_MESSAGE } from "../../../domain/errors";
import {
  hasActiveSubscription,
  hasStoredIdentity,
  IDENTITY_STORAGE_KEY,
  isSubscriptionPage,
  MIN_STORED_IDENTITY_KEYS,
  safeRedirect,
  withOfferId,
} from "./identity";
import { messageForError } from "./apiErrors";
import { clearAccountStorages, storedAccountRecords } from "./accountStorage";

const ORIGIN = "https://www.semana.com";

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("safeRedirect: only the site's own origin", () => {
  it("keeps paths and same-origin URLs as paths", () => {
    expect(safeRedirect("/suscripciones-online/?offerId=466", ORIGIN)).toBe("/suscripciones-online/?offerId=466");
    expect(safeRedirect("https://www.semana.com/store/#planes", ORIGIN)).toBe("/store/#planes");
    expect(safeRedirect("autogestion/perfil/", ORIGIN)).toBe("/autogestion/perfil/");
  });

  it("ignores other origins, protocol-relative URLs, other schemes and nothing", () => {
    for (const target of [
      "https://evil.example/store/",
      "//evil.example/store/",
      "javascript:alert(1)",
      "http://www.semana.com/store/",
      "https://semana.com.evil.example/",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirect(target, ORIGIN), String(target)).toBeNull();
    }
  });
});

describe("withOfferId: the redirect target gets an offerId when it has none", () => {
  it("appends with '?' when there is no query and '&' when there is one", () => {
    expect(withOfferId("/suscripciones-online/")).toBe("/suscripciones-online/?offerId=466");
    expect(withOfferId("/suscripciones-online/?plan=anual")).toBe("/suscripciones-online/?plan=anual&offerId=466");
    expect(withOfferId("/suscripciones-online/?")).toBe("/suscripciones-online/?offerId=466");
    expect(withOfferId("/store/#planes")).toBe("/store/?offerId=466#planes");
  });

  it("leaves a target that already names an offer", () => {
    expect(withOfferId("/suscripciones-online/?offerId=12")).toBe("/suscripciones-online/?offerId=12");
    expect(withOfferId("/x/?a=1&offerId=7&b=2")).toBe("/x/?a=1&offerId=7&b=2");
  });
});

describe("hasStoredIdentity: local storage identity with at least 3 keys, or a session-storage identity", () => {
  it("needs the 3 keys in local storage", () => {
    expect(MIN_STORED_IDENTITY_KEYS).toBe(3);
    expect(hasStoredIdentity()).toBe(false);
    localStorage.setItem(IDENTITY_STORAGE_KEY, JSON.stringify({ uuid: "u", accessToken: "a" }));
    expect(hasStoredIdentity()).toBe(false);
    localStorage.setItem(IDENTITY_STORAGE_KEY, JSON.stringify({ uuid: "u", accessToken: "a", refreshToken: "r" }));
    expect(hasStoredIdentity()).toBe(true);
  });

  it("counts any identity in session storage, not the emptied one the SDK leaves after logout", () => {
    sessionStorage.setItem(IDENTITY_STORAGE_KEY, "{}");
    localStorage.setItem(IDENTITY_STORAGE_KEY, "{}");
    expect(hasStoredIdentity()).toBe(false);
    sessionStorage.setItem(IDENTITY_STORAGE_KEY, JSON.stringify({ uuid: "u" }));
    expect(hasStoredIdentity()).toBe(true);
  });

  it("survives a malformed record", () => {
    localStorage.setItem(IDENTITY_STORAGE_KEY, "{no es json");
    expect(hasStoredIdentity()).toBe(false);
  });
});

describe("active subscriptions", () => {
  it("are the statuses 1, 3, 4 and 5", () => {
    expect(ACTIVE_SUBSCRIPTION_STATUSES).toEqual([1, 3, 4, 5]);
    for (const status of [1, 3, 4, 5]) expect(hasActiveSubscription([{ subscriptionID: 1, status }]), `status ${status}`).toBe(true);
    expect(hasActiveSubscription([{ subscriptionID: 1, status: 2 }])).toBe(false);
    expect(
      hasActiveSubscription([
        { subscriptionID: 1, status: 2 },
        { subscriptionID: 2, status: 4 },
      ]),
    ).toBe(true);
    expect(hasActiveSubscription(false)).toBe(false);
    expect(hasActiveSubscription(null)).toBe(false);
  });
});

describe("subscription pages", () => {
  it("are /store/, /suscripciones/ and /suscripciones-online/", () => {
    expect(["/store/", "/suscripciones", "/suscripciones-online/"].map(isSubscriptionPage)).toEqual([true, true, true]);
    expect(["/", "/politica/", "/store/planes/"].map(isSubscriptionPage)).toEqual([false, false, false]);
  });
});

describe("messageForError", () => {
  it("prefers the table, then the shared messages, then the server's message", () => {
    expect(messageForError({ code: "300040", message: "x" }, { "300040": "Mapeado" })).toBe("Mapeado");
    expect(messageForError({ code: "100011", message: "expired" })).toBe(SESSION_EXPIRED_MESSAGE);
    expect(messageForError({ code: "999999", message: "El servidor dice esto" })).toBe("El servidor dice esto");
    expect(messageForError(new Error("[Arc Identity SDK] Missing or invalid jwt"))).toBe(SESSION_EXPIRED_MESSAGE);
    expect(messageForError(new TypeError("Failed to fetch"))).toBe(GENERIC_ERROR_MESSAGE);
    expect(messageForError(undefined)).toBe(GENERIC_ERROR_MESSAGE);
  });
});

describe("stored records for the debug page", () => {
  it("lists the SDK's keys of both storages and clears both", () => {
    localStorage.setItem(IDENTITY_STORAGE_KEY, JSON.stringify({ uuid: "u" }));
    localStorage.setItem("otra.cosa", "1");
    sessionStorage.setItem("ArcId.USER_PROFILE", JSON.stringify({ email: "a@b.co" }));
    expect(storedAccountRecords()).toEqual([
      { storage: "localStorage", key: IDENTITY_STORAGE_KEY, value: { uuid: "u" } },
      { storage: "sessionStorage", key: "ArcId.USER_PROFILE", value: { email: "a@b.co" } },
    ]);
    clearAccountStorages();
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });
});
