// Test support for the account blocks (jsdom): the real accounts API on an ephemeral port (PGlite),
// the real Arc SDKs pointed at it, and a fresh "browser" (storage, session, modal) between tests.
import { BILLING, installCookieJar, lastMail, startAccountsServer, type TestServer } from "../../accounts/testing/harness";
import { Identity, pointSdksAt, resetSdks, Sales } from "../../accounts/testing/sdk";
import { TEST_CARD_NUMBERS } from "../../accounts/payments/test-provider";
import { DIGITAL_ANNUAL_SKU } from "../../domain/catalog";
import { navigation } from "../../blocks/_shared/accounts/identity";
import { resetLoginModalForTests } from "../../blocks/_shared/accounts/loginModal";
import { resetSessionForTests, setAccountsApiOrigin } from "../../blocks/_shared/accounts/session";

export { BILLING, Identity, Sales, lastMail, TEST_CARD_NUMBERS };
export const TEST_PASSWORD = "Clave2024segura";

export interface AccountsTestContext {
  server: TestServer;
  close(): Promise<void>;
}

/** With `frozenClock`, the server's clock stands still but for server.advance() and server.setNow(). */
export async function startAccounts({ frozenClock = false }: { frozenClock?: boolean } = {}): Promise<AccountsTestContext> {
  const server = await startAccountsServer({}, {}, { frozenClock });
  const jar = installCookieJar();
  return {
    server,
    async close() {
      jar.restore();
      await server.close();
    },
  };
}

let counter = 0;
export function newEmail(prefix = "lector"): string {
  return `${prefix}${++counter}.${Date.now()}@example.com`;
}

/** A new page load in a new browser: empty storage, nothing known, modal closed, page at `path`. */
export function freshBrowser(origin: string, path = "/"): void {
  resetSdks();
  localStorage.clear();
  sessionStorage.clear();
  resetSessionForTests();
  resetLoginModalForTests();
  setAccountsApiOrigin(origin);
  pointSdksAt(origin);
  window.history.replaceState(null, "", path);
  document.body.innerHTML = '<div id="modal"></div>';
  // Answers of the real server update the page whenever they arrive, as in a browser; React's
  // "not wrapped in act" warning is for tests that could have awaited them, which these do with
  // findBy/waitFor. Testing Library still wraps its own renders and events in act.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
}

/** Keeps a page's navigation from reaching jsdom (it cannot navigate) and records it. */
export function watchNavigation() {
  return { assign: vi.spyOn(navigation, "assign").mockImplementation(() => {}), reload: vi.spyOn(navigation, "reload").mockImplementation(() => {}) };
}

/** Signs a reader up through the SDK ("remember me" on) and forgets the SDK's in-memory copies, as a new page would. */
export async function signUpReader(email = newEmail(), profile: Record<string, unknown> = {}): Promise<string> {
  await Identity.signUp({ userName: email, credentials: TEST_PASSWORD }, { email, firstName: "Ana", lastName: "Gómez", ...profile } as never, undefined, true);
  return email;
}

/** Buys the annual subscription with the paying test card; returns its id. */
export async function buySubscription(): Promise<number> {
  await Sales.addItemToCart([{ sku: DIGITAL_ANNUAL_SKU, quantity: 1, priceCode: "ANUAL-199000" }] as never, BILLING as never);
  const order = await Sales.createNewOrder(BILLING as never, Identity.userProfile?.email ?? null, "3001234567", "Ana", "Gómez");
  const paid = await Sales.finalizePayment(order.orderNumber!, 1, TEST_CARD_NUMBERS.success);
  return paid.subscriptionIDs[0];
}
