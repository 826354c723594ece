// The paywall on the page path (docs/paywall-and-visitors.md#paywall-decision): what a reader may see
// of an article, decided on the server before the page is resolved, so that a locked body never
// leaves the server for a reader who is not entitled (docs/decisions/0011-paywall.md).
import { asDocument, sectionIds } from "../domain/ans";
import type { ContentAccess, Logger } from "../runtime/types";
import { ACCESS_TOKEN_COOKIE, freeForEverybody, type Entitlement, type IdentitySource } from "../accounts";
import { parseCookies } from "../platform/request";

/** The accounts service's entitlement check (accounts: entitlementFor bound to its database). */
export type EntitlementCheck = (source: IdentitySource, contentCode: string | null | undefined, sections: readonly string[]) => Promise<Entitlement>;

export interface AccessDecision {
  access: ContentAccess;
  /**
   * The page depends on who asks: it must be `Cache-Control: private` and stay out of shared
   * caches. Anonymous readers' pages never are: every anonymous reader gets the same bytes.
   */
  personalized: boolean;
}

/** The identity cookie of a request's Cookie header, if any. */
function identityCookie(cookieHeader: string | null | undefined): string | undefined {
  return parseCookies(cookieHeader ?? undefined)[ACCESS_TOKEN_COOKIE] || undefined;
}

/** Whether the request carries a reader's identity: such requests bypass shared page caches. */
export function carriesIdentity(cookieHeader: string | null | undefined): boolean {
  return identityCookie(cookieHeader) !== undefined;
}

/**
 * Whether a document's body is locked for an anonymous reader (feeds, JSON output): the same rule as
 * its page (docs/decisions/0011-paywall.md), and an anonymous request is what a feed always is.
 */
export function lockedForAnonymous(document: unknown): boolean {
  const article = asDocument(document) ?? {};
  const code = typeof article.content_restrictions?.content_code === "string" ? article.content_restrictions.content_code : null;
  return !freeForEverybody(code, sectionIds(article));
}

export async function articleAccess(
  document: unknown,
  cookieHeader: string | null | undefined,
  entitlement: EntitlementCheck | undefined,
  logger?: Logger,
): Promise<AccessDecision> {
  const article = asDocument(document) ?? {};
  const code = typeof article.content_restrictions?.content_code === "string" ? article.content_restrictions.content_code : null;
  const sections = sectionIds(article);
  const token = identityCookie(cookieHeader);
  if (freeForEverybody(code, sections)) return { access: { locked: false, signedIn: token !== undefined }, personalized: false };
  // Locked by its content code: the same preview for every anonymous reader (publicly cacheable).
  if (token === undefined || !entitlement) return { access: { locked: true, signedIn: false }, personalized: false };
  try {
    const decision = await entitlement({ cookie: `${ACCESS_TOKEN_COOKIE}=${token}` }, code, sections);
    if (decision.entitled) return { access: { locked: false, signedIn: true }, personalized: true };
    // A token that no longer names an open session reads as signed out.
    return { access: { locked: true, signedIn: decision.reason !== "invalid-token" }, personalized: true };
  } catch (error) {
    // Fail closed: when entitlements cannot be read, the body stays on the server.
    logger?.error("muro de pago: no se pudo leer el derecho de acceso; se muestra el aviso", { error: (error as Error)?.message ?? String(error) });
    return { access: { locked: true, signedIn: true }, personalized: true };
  }
}
