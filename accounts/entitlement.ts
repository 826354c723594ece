// The server-side paywall decision (docs/paywall-and-visitors.md#paywall-decision, with the rules of
// docs/paywall-and-visitors.md#content-codes and docs/paywall-and-visitors.md#never-paywalled): may
// this reader see the body of a document with this content code in these sections? A locked body
// never reaches a reader who is not entitled, whatever the browser does.
import type { IncomingHttpHeaders } from "node:http";
import type { Queryable } from "../platform/database";
import type { AccountsContext } from "./context";
import { isSessionLive } from "./context";
import { bearerToken } from "./http";
import { parseCookies } from "../platform/request";
import { ACTIVE_SUBSCRIPTION_STATUSES } from "../domain/subscriptions";

/** Content code whose body is locked for readers without an entitling subscription. */
export const LOCKED_CONTENT_CODE = "3";
/** Subscription statuses that unlock content code '3' (1 active, 3 cancelled but running, 4 suspended grace). */
export const ENTITLED_STATUSES_FOR_LOCKED_CONTENT = [1, 3, 4] as const;
/**
 * The content codes with paywall meaning and the statuses that unlock each: '3' for statuses 1, 3
 * and 4; '1' for any active subscription, and free in /finanzas
 * (docs/paywall-and-visitors.md#content-codes, docs/decisions/0019-paywall-gaps.md).
 */
export const ENTITLED_STATUSES_BY_CONTENT_CODE: Readonly<Record<string, readonly number[]>> = {
  [LOCKED_CONTENT_CODE]: ENTITLED_STATUSES_FOR_LOCKED_CONTENT,
  "1": ACTIVE_SUBSCRIPTION_STATUSES,
};
/** The content codes that lock a body outside the free sections. */
export const PAYWALLED_CONTENT_CODES: readonly string[] = Object.keys(ENTITLED_STATUSES_BY_CONTENT_CODE);
/** Sections never paywalled, whatever the content code. */
export const NEVER_PAYWALLED_SECTIONS = ["/semanaplay", "/semana-tv", "/hablan-las-marcas", "/mejor-colombia", "/especiales", "/foros-semana"] as const;
/** Content with this code in this section is never paywalled either. */
export const FREE_CODE_IN_SECTION = { section: "/finanzas", contentCode: "1" } as const;
/** The httpOnly cookie holding the access token, set by the identity API on sign-in and refresh. */
export const ACCESS_TOKEN_COOKIE = "identity_access_token";

type EntitlementReason = "free-section" | "free-finanzas" | "not-locked" | "subscriber" | "anonymous" | "invalid-token" | "no-subscription";

export interface Entitlement {
  entitled: boolean;
  reason: EntitlementReason;
  uuid?: string;
}

function inSection(sections: readonly string[], root: string): boolean {
  return sections.some((s) => {
    const path = `/${s.replace(/^\/+|\/+$/g, "")}`;
    return path === root || path.startsWith(`${root}/`);
  });
}

/** The part of the decision that needs no reader: a document that is free for everybody. */
export function freeForEverybody(contentCode: string | null | undefined, sections: readonly string[]): Entitlement | null {
  if (NEVER_PAYWALLED_SECTIONS.some((root) => inSection(sections, root))) return { entitled: true, reason: "free-section" };
  if (contentCode === FREE_CODE_IN_SECTION.contentCode && inSection(sections, FREE_CODE_IN_SECTION.section)) return { entitled: true, reason: "free-finanzas" };
  if (!contentCode || !PAYWALLED_CONTENT_CODES.includes(contentCode)) return { entitled: true, reason: "not-locked" };
  return null;
}

/**
 * Statuses of the subscriptions a user holds, as they stand now: a cancelled subscription (3)
 * whose period has ended counts as terminated (2); an associate's shared subscription follows
 * its parent's status.
 */
export async function subscriptionStatusesOf(db: Queryable, uuid: string, now: Date): Promise<number[]> {
  const { rows } = await db.query<{ status: number }>(
    `SELECT CASE
        WHEN p.id IS NOT NULL AND (p.status = 2 OR (p.status = 3 AND p.current_period_end <= $2)) THEN 2
        WHEN s.status = 3 AND s.current_period_end <= $2 THEN 2
        WHEN p.id IS NOT NULL AND s.status = 1 THEN p.status
        ELSE s.status END AS status
     FROM accounts_subscriptions s LEFT JOIN accounts_subscriptions p ON p.id = s.parent_id
     WHERE s.user_uuid = $1`,
    [uuid, now],
  );
  return rows.map((r) => Number(r.status));
}

export type IdentitySource = IncomingHttpHeaders | Headers | string | null | undefined;

function tokenFrom(source: IdentitySource): { token: string; fromCookie: boolean } | null {
  if (!source) return null;
  if (typeof source === "string") return { token: source, fromCookie: false };
  const get = (name: string) => {
    if (typeof (source as Headers).get === "function") return (source as Headers).get(name) ?? undefined;
    const value = (source as IncomingHttpHeaders)[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const bearer = bearerToken(get("authorization"));
  if (bearer) return { token: bearer, fromCookie: false };
  const cookie = parseCookies(get("cookie"))[ACCESS_TOKEN_COOKIE];
  return cookie ? { token: cookie, fromCookie: true } : null;
}

let defaultContext: AccountsContext | null = null;

/** createAccountsRouter registers its context here so entitlementFor works without passing it. */
export function setDefaultEntitlementContext(ctx: AccountsContext | null) {
  defaultContext = ctx;
}

/**
 * Is the reader of this request (bearer token, else the access-token cookie, or a token given
 * directly) entitled to a document with this content code in these sections?
 * The cookie's token may have expired (it lives as long as the session): it is accepted while its
 * session is still open in the database, so a reader idle for 15 minutes is not paywalled.
 */
export async function entitlementFor(
  source: IdentitySource,
  contentCode: string | null | undefined,
  sections: readonly string[],
  context?: AccountsContext,
): Promise<Entitlement> {
  const free = freeForEverybody(contentCode, sections);
  if (free) return free;
  const ctx = context ?? defaultContext;
  if (!ctx) throw new Error("entitlementFor: no hay servicio de cuentas (llama primero a createAccountsRouter o pasa su contexto)");
  const found = tokenFrom(source);
  if (!found) return { entitled: false, reason: "anonymous" };
  let claims;
  try {
    claims = await ctx.tokens.verify(found.token, "access", { allowExpired: found.fromCookie });
  } catch {
    return { entitled: false, reason: "invalid-token" };
  }
  if (!(await isSessionLive(ctx, claims.sid, claims.uuid))) return { entitled: false, reason: "invalid-token" };
  const statuses = await subscriptionStatusesOf(ctx.db, claims.uuid, ctx.now());
  const unlocking = ENTITLED_STATUSES_BY_CONTENT_CODE[contentCode as string] ?? ENTITLED_STATUSES_FOR_LOCKED_CONTENT;
  const entitled = statuses.some((s) => unlocking.includes(s));
  return { entitled, reason: entitled ? "subscriber" : "no-subscription", uuid: claims.uuid };
}
