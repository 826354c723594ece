// Social sign-in in the browser (docs/login-modal.md#social-sign-in): the buttons start a visit to
// the provider with the identity SDK (initiateOIDC), remembering where the reader was; the provider
// sends the reader back to the login page (/-revista-semana/?code=…&state=…), which finishes with
// signInWithOIDC and returns them there. No React here: the pane's buttons and the access page share it.
import { getModalState } from "../loginModal";
import { navigation, safeRedirect, withOfferId } from "../identity";
import { loadSdks } from "../session";

export type SocialProviderName = "google" | "apple" | "facebook";
const SOCIAL_PROVIDERS: readonly SocialProviderName[] = ["google", "apple", "facebook"];

/** The buttons' labels, in the order they show. */
export const SOCIAL_BUTTON_LABELS: Record<SocialProviderName, string> = {
  google: "Acceder con Google",
  apple: "Acceder con Apple",
  facebook: "Acceder con Facebook",
};

/** Session storage: the provider of the visit under way and where to go afterwards (docs/accounts.md#storage-keys). */
export const SOCIAL_VISIT_KEY = "ingresoSocial";

/** The providers the identity config answer names (only configured ones; none when it says nothing). */
export function configuredProviders(config: unknown): SocialProviderName[] {
  const names = (config as { socialProviders?: unknown } | null)?.socialProviders;
  return Array.isArray(names) ? SOCIAL_PROVIDERS.filter((name) => names.includes(name)) : [];
}

/**
 * Where the reader goes once signed in, as the modal's close rules say (docs/login-modal.md#close-rules):
 * the modal's redirect target (with an offerId), else the address where they opened it.
 */
function returnAddress(): string {
  const { redirect } = getModalState();
  return redirect ? withOfferId(redirect) : window.location.pathname + window.location.search + window.location.hash;
}

/** Starts a visit to the provider: asks the identity service for its URL and goes there. */
export async function startSocialSignIn(provider: SocialProviderName, returnTo: string = returnAddress()): Promise<void> {
  const { Identity } = await loadSdks();
  const answer = (await Identity.initiateOIDC(provider, undefined, false)) as { url?: unknown };
  if (typeof answer?.url !== "string") throw new Error("El servicio de ingreso no respondió con una dirección");
  try {
    window.sessionStorage.setItem(SOCIAL_VISIT_KEY, JSON.stringify({ provider, returnTo }));
  } catch {
    // storage blocked: the reader comes back to the home page
  }
  navigation.assign(answer.url);
}

/** What the provider sent back to the login page: a code to finish with, or its error; null on a plain visit. */
export type SocialAnswer = { kind: "code"; code: string; state: string } | { kind: "error"; error: string; state: string };

export function socialAnswerOf(search: string): SocialAnswer | null {
  const query = new URLSearchParams(search);
  const state = query.get("state");
  if (!state) return null;
  const code = query.get("code");
  if (code) return { kind: "code", code, state };
  return { kind: "error", error: query.get("error") ?? "", state };
}

/** The visit the reader started on this site (its provider and a path of this site to go back to). */
export function rememberedVisit(): { provider: SocialProviderName | null; returnTo: string } {
  let saved: { provider?: unknown; returnTo?: unknown } | null = null;
  try {
    saved = JSON.parse(window.sessionStorage.getItem(SOCIAL_VISIT_KEY) ?? "null");
  } catch {
    saved = null;
  }
  const provider = SOCIAL_PROVIDERS.find((name) => name === saved?.provider) ?? null;
  return { provider, returnTo: safeRedirect(typeof saved?.returnTo === "string" ? saved.returnTo : null, window.location.origin) ?? "/" };
}

export function forgetVisit(): void {
  try {
    window.sessionStorage.removeItem(SOCIAL_VISIT_KEY);
  } catch {
    // nothing stored
  }
}

/** Errors a provider answers when the reader said no (OAuth 2.0 access_denied; Apple's user_cancelled_authorize). */
export function isCancellation(error: string): boolean {
  return error === "access_denied" || error === "user_cancelled_authorize";
}
