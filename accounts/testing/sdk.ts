// Driving the real Arc SDKs in tests: point them at a test server and reset their state between
// tests (they are browser singletons).
import IdentitySdk from "@arc-publishing/sdk-identity";
import SalesSdk from "@arc-publishing/sdk-sales";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { OpenOptions } from "../../platform/database";
import { installCookieJar, startAccountsServer, type TestServer } from "./harness";

/**
 * The SDKs' methods are typed to resolve with "answer | APIErrorResponse", but they throw the error
 * instead; tests read the answers directly, so the resolved types are loosened.
 */
type Loose<T> = { [K in keyof T]: T[K] extends (...args: infer A) => Promise<unknown> ? (...args: A) => Promise<any> : T[K] };

export const Identity = IdentitySdk as unknown as Loose<typeof IdentitySdk>;
export const Sales = SalesSdk as unknown as Loose<typeof SalesSdk>;

export function pointSdksAt(origin: string) {
  Identity.options({ apiOrigin: origin });
  Sales.options({ apiOrigin: origin, Identity: IdentitySdk });
}

/** A fresh browser: no stored identity, profile or cached config. */
export function resetSdks() {
  Identity.clearSession();
  localStorage.clear();
  sessionStorage.clear();
  const identity = Identity as unknown as Record<string, unknown>;
  identity._configOptions = null;
  identity._userSettings = null;
  identity._userProfile = null;
  const sales = Sales as unknown as Record<string, unknown>;
  sales._configOptions = undefined;
  sales._subscriptions = [];
  sales._sharedSubscriptions = [];
  sales._orders = [];
  sales._currentOrder = {};
  sales._cart = {};
}

/** What an SDK call rejected with (the `{ code, message }` body, or an Error). */
export async function rejection(promise: Promise<unknown>): Promise<{ code?: string; message?: string; httpStatus?: number }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; message?: string };
  }
  throw new Error("se esperaba que la llamada fallara");
}

/**
 * For one describe block: an accounts server on `database`, a cookie jar, and fresh SDKs pointed at
 * the server before each test. Read `server` and `jar` from the returned object inside tests.
 */
export function withSdkServer(database: () => OpenOptions) {
  const context = {} as { server: TestServer; jar: ReturnType<typeof installCookieJar> };
  beforeAll(async () => {
    context.server = await startAccountsServer(database());
    context.jar = installCookieJar();
  });
  afterAll(async () => {
    context.jar.restore();
    await context.server.close();
  });
  beforeEach(() => {
    resetSdks();
    context.jar.clear();
    pointSdksAt(context.server.origin);
  });
  return context;
}
