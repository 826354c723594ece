// Subscribe with Google (docs/subscriptions-and-checkout.md#google-linking, docs/decisions/0025-social-sign-in.md):
// a reader who bought through Google shows the entitlement Google signed for this publication; this
// server verifies the signature with the configured keys (SWG_JWKS_URL), the issuer (SWG_ISSUER),
// the audience (SWG_AUDIENCE) and the expiry, then creates or finds the subscription that Google's
// subscription token stands for and links it to the reader's account. Google bills it: no card, no
// renewal charge; each verified entitlement keeps it active SWG_ACCESS_DAYS longer, and without a
// new one it ends like any period (sales/renewals.ts).
//
//   POST /sales/public/v1/swg/purchase                  signed in: link the entitlement's subscription to the account
//   POST /sales/public/v1/swg/loginexists, /swg/exists  { exists, profileId }; with findOrCreate, a session for its
//                                                       account (or, signed in, the link as in purchase)
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import type { Queryable } from "../../platform/database";
import type { AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { CREDENTIAL, optionalText } from "../input";
import type { Settings } from "../../platform/settings";
import { currentRequestBrand } from "../mail/brand";
import { sha256 } from "../tokens";
import { DIGITAL_ANNUAL_SKU } from "../../domain/catalog";
import { SubscriptionStatus } from "./subscriptions";

const DAY = 24 * 60 * 60 * 1000;
/** A verified entitlement keeps a Google-billed subscription active this long. */
export const SWG_ACCESS_DAYS = 30;
/** The price code of a subscription Google bills (none of ours applies). */
const SWG_PRICE_CODE = "SWG";
export const SWG_PRODUCT_NAME = "Suscripción digital (Suscríbete con Google)";
const CLOCK_TOLERANCE_SECONDS = 60;

export interface SwgSettings {
  jwksUrl: URL;
  issuer: string;
  audience: string;
}

/** SWG_JWKS_URL, SWG_ISSUER and SWG_AUDIENCE: all three (platform/settings.ts holds them together), or none (linking off). */
export function swgSettings(settings: Pick<Settings, "SWG_JWKS_URL" | "SWG_ISSUER" | "SWG_AUDIENCE">): SwgSettings | null {
  if (!settings.SWG_JWKS_URL || !settings.SWG_ISSUER || !settings.SWG_AUDIENCE) return null;
  return { jwksUrl: new URL(settings.SWG_JWKS_URL), issuer: settings.SWG_ISSUER, audience: settings.SWG_AUDIENCE };
}

/** A subscription Google's entitlement names. */
export interface SwgEntitlement {
  subscriptionToken: string;
  products: string[];
  /** The JWT's expiry (ms): the entitlement serves a sign-in once until then. */
  expiresAt: number;
}

const refused = (reason: string, message: string) =>
  new ApiError(401, ErrorCodes.socialSignInNotVerified, `No se pudo verificar la suscripción de Google: ${message}`, { reason });

export class SwgVerifier {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly settings: SwgSettings,
    private readonly clock: () => number,
  ) {
    this.jwks = createRemoteJWKSet(settings.jwksUrl, { timeoutDuration: 5000 });
  }

  /** The signed entitlements' Google subscription (source "google", with a subscription token). */
  async verify(signedEntitlements: string): Promise<SwgEntitlement> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(signedEntitlements, this.jwks, {
        issuer: this.settings.issuer,
        audience: this.settings.audience,
        algorithms: ["RS256", "ES256", "PS256"],
        currentDate: new Date(this.clock()),
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ["exp"],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw refused("expired", "la autorización venció");
      if (error instanceof joseErrors.JWTClaimValidationFailed)
        throw refused(
          error.claim === "aud" ? "audience" : error.claim === "iss" ? "issuer" : "claims",
          `la autorización no es para este sitio (${error.claim})`,
        );
      if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey)
        throw refused("signature", "la firma no es de Google");
      if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout)) throw refused("token", "la autorización no es un JWT válido");
      throw new ApiError(502, ErrorCodes.socialProviderUnavailable, "No pudimos leer las claves de Google; intenta de nuevo en unos minutos");
    }
    const list = Array.isArray(payload.entitlements) ? payload.entitlements : [];
    const entitlement = list.find(
      (e: any) => e && e.source === "google" && typeof e.subscriptionToken === "string" && e.subscriptionToken.length > 0 && e.subscriptionToken.length <= 4096,
    ) as { subscriptionToken: string; products?: unknown } | undefined;
    if (!entitlement) throw new ApiError(404, ErrorCodes.subscriptionNotFound, "La autorización de Google no trae una suscripción");
    const products = Array.isArray(entitlement.products) ? entitlement.products.filter((p): p is string => typeof p === "string").slice(0, 20) : [];
    return { subscriptionToken: entitlement.subscriptionToken, products, expiresAt: (payload.exp as number) * 1000 };
  }
}

/**
 * The signed entitlements of a request body: `signedEntitlements` (Google's entitlements answer) or
 * `entitlements.raw` (swg.js's Entitlements and SubscribeResponse).
 */
export function signedEntitlementsOf(body: Record<string, any>): string {
  const raw = body.signedEntitlements ?? (body.entitlements && typeof body.entitlements === "object" ? body.entitlements.raw : undefined);
  const text = optionalText(raw, "signedEntitlements", CREDENTIAL);
  if (!text)
    throw new ApiError(400, ErrorCodes.badRequest, "Falta la autorización firmada de Google (signedEntitlements o entitlements.raw)", {
      field: "signedEntitlements",
    });
  return text;
}

/** The subscription a Google token stands for, locked, if any. */
export async function swgSubscription(tx: Queryable, subscriptionToken: string, lock = false) {
  const { rows } = await tx.query<{ id: number; user_uuid: string | null; status: number; current_period_end: Date }>(
    `SELECT id, user_uuid, status, current_period_end FROM accounts_subscriptions WHERE swg_token_hash = $1${lock ? " FOR UPDATE" : ""}`,
    [sha256(subscriptionToken)],
  );
  return rows[0] ?? null;
}

/**
 * Links the entitlement's subscription to `uuid`: created the first time, kept active another
 * SWG_ACCESS_DAYS by every verified entitlement. A subscription linked to another account stays
 * there (409): one Google purchase is one account's.
 */
export async function linkSwgSubscription(ctx: AccountsContext, tx: Queryable, uuid: string, entitlement: SwgEntitlement): Promise<number> {
  const now = ctx.now();
  const until = new Date(ctx.clock() + SWG_ACCESS_DAYS * DAY);
  const existing = await swgSubscription(tx, entitlement.subscriptionToken, true);
  if (existing) {
    if (existing.user_uuid && existing.user_uuid !== uuid)
      throw new ApiError(409, ErrorCodes.conflict, "Esa suscripción de Google ya está vinculada a otra cuenta");
    // An account deleted since (anonymised: no owner) leaves it to the reader who shows it now.
    await tx.query(
      `UPDATE accounts_subscriptions SET user_uuid = $5, status = $2, current_period_end = GREATEST(current_period_end, $3), updated_at = $4 WHERE id = $1`,
      [existing.id, SubscriptionStatus.active, until, now, uuid],
    );
    return Number(existing.id);
  }
  const events = JSON.stringify([{ eventType: "LINKED", eventDateUTC: now.getTime(), details: "Suscríbete con Google" }]);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO accounts_subscriptions (user_uuid, purchaser_uuid, sku, price_code, product_name, status, current_period_start, current_period_end,
       events, created_at, updated_at, brand, swg_token_hash)
     VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8, $6, $6, $9, $10) RETURNING id`,
    [
      uuid,
      DIGITAL_ANNUAL_SKU,
      SWG_PRICE_CODE,
      SWG_PRODUCT_NAME,
      SubscriptionStatus.active,
      now,
      until,
      events,
      currentRequestBrand() ?? null,
      sha256(entitlement.subscriptionToken),
    ],
  );
  ctx.logger.info("ventas: suscripción de Google vinculada", { subscriptionID: Number(rows[0].id) });
  return Number(rows[0].id);
}
