// Driving the real Arc SDKs in tests: point them at a test server and reset their state between
// tests (they are browser singletons).
import Identity from "@arc-publishing/sdk-identity";
import Sales from "@arc-publishing/sdk-sales";

export { Identity, Sales };

export function pointSdksAt(origin: string) {
  Identity.options({ apiOrigin: origin });
  Sales.options({ apiOrigin: origin, Identity });
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
