// Subscribe with Google in the browser (docs/subscriptions-and-checkout.md#google-linking): given
// the entitlements Google's swg.js reports for the reader (its signed JWT, Entitlements.raw), finds
// the account that holds the subscription or links it to the signed-in reader once they agree. The
// outcome is "granted" (their account has it; a signed-out reader is signed in to it), "linked"
// (just linked), "refused" or "none". A refusal — the reader declines, or the link fails — runs the
// consent-rejected handler and sets the local flag swgCanceled, and the reader is not asked again.
// Error 300425 completes silently. The server verifies the entitlement (sales/swg.ts).
import { errorCode } from "./apiErrors";
import { loadSdks } from "./session";

/** Local storage: the reader refused to link their Google subscription (docs/accounts.md#storage-keys). */
export const SWG_CANCELED_KEY = "swgCanceled";
/** Tolerated by the linking flow: completes silently (docs/error-catalogue.md#google-linking). */
const SWG_TOLERATED_CODE = "300425";

export type SwgLinkOutcome = "granted" | "linked" | "refused" | "none";

export interface SwgLinkOptions {
  /** Google's signed entitlements for this publication (swg.js Entitlements.raw). */
  signedEntitlements: string;
  /** Asks the signed-in reader whether to link the Google subscription to their account. */
  askConsent(): Promise<boolean>;
  /** The consent-rejected handler. */
  onConsentRejected?(): void;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Whether the reader already refused the link here. */
function swgCanceled(): boolean {
  return storage()?.getItem(SWG_CANCELED_KEY) === "true";
}

function refuse(options: SwgLinkOptions): SwgLinkOutcome {
  storage()?.setItem(SWG_CANCELED_KEY, "true");
  options.onConsentRejected?.();
  return "refused";
}

export async function linkGoogleEntitlement(options: SwgLinkOptions): Promise<SwgLinkOutcome> {
  if (swgCanceled()) return "refused";
  const { Identity, Sales } = await loadSdks();
  // The SDK spreads the token's JSON into the body: { signedEntitlements, findOrCreate }.
  const subscriptionToken = JSON.stringify({ signedEntitlements: options.signedEntitlements });
  const signedIn = await Identity.isLoggedIn().catch(() => false);
  try {
    const found = await Sales.checkSwgSubscriptionToken({ subscriptionToken, findOrCreate: false });
    if (found.exists) {
      if (signedIn && Identity.userIdentity?.uuid === found.profileId) return "granted";
      if (signedIn) return "none"; // another account holds it: nothing to do for this one
      // Signed out: the subscription's account is signed in here (the device limit applies).
      const session = await Sales.checkSwgSubscriptionToken({ subscriptionToken, findOrCreate: true });
      if (!session.accessToken) return "none";
      Identity.userIdentity = { uuid: session.profileId, accessToken: session.accessToken, refreshToken: session.refreshToken };
      return "granted";
    }
    if (!signedIn) return "none";
  } catch (failure) {
    if (errorCode(failure) === SWG_TOLERATED_CODE) return "none";
    throw failure;
  }
  if (!(await options.askConsent())) return refuse(options);
  try {
    await Sales.onSwgPurchase(JSON.stringify({ signedEntitlements: options.signedEntitlements }));
    return "linked";
  } catch (failure) {
    if (errorCode(failure) === SWG_TOLERATED_CODE) return "none";
    console.warn("[Arc SwG SDK] no se pudo vincular la suscripción de Google:", (failure as Error)?.message ?? failure);
    return refuse(options);
  }
}
