// The Subscribe with Google routes: linking an entitlement to the caller, and whether it has an
// account (with a session for it when signed out). swg.ts verifies the entitlements and links them.
import type express from "express";
import type { Queryable } from "../../platform/database";
import { enforceDeviceLimit } from "../identity/devices";
import { openSession } from "../identity/sessions";
import { sha256 } from "../tokens";
import { authenticate, type AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { bodyObject, handle, noStore } from "../http";
import { linkSwgSubscription, signedEntitlementsOf, swgSubscription } from "./swg";
import { V1 } from "./api-paths";

export function registerSwgRoutes(router: express.Router, ctx: AccountsContext) {
  /** The verifier of Google's signed entitlements; without SWG_* the routes answer 404. */
  const swgVerifier = () => {
    if (!ctx.swg) throw new ApiError(404, ErrorCodes.notFound, "La vinculación con Suscríbete con Google no está configurada en este servidor");
    return ctx.swg;
  };

  router.post(
    `${V1}/swg/purchase`,
    handle(async (req, res) => {
      noStore(res);
      const verifier = swgVerifier();
      const caller = await authenticate(ctx, req, true);
      const entitlement = await verifier.verify(signedEntitlementsOf(bodyObject(req)));
      const subscriptionID = await ctx.db.transaction(async (tx) => {
        await activeAccount(tx, caller.uuid);
        return linkSwgSubscription(ctx, tx, caller.uuid, entitlement);
      });
      return { subscriptionID, linked: true };
    }),
  );

  // The SDK's checkSwgSubscriptionToken: { ...entitlement data, findOrCreate }. Whether the
  // entitlement's subscription has an account; with findOrCreate, signed in: linked to the caller;
  // signed out: a session for the subscription's account (the device limit applies, and one
  // entitlement opens one session).
  const swgExists = handle(async (req, res) => {
    noStore(res);
    const body = bodyObject(req);
    const entitlement = await swgVerifier().verify(signedEntitlementsOf(body));
    const caller = await authenticate(ctx, req, false);
    const linked = await swgSubscription(ctx.db, entitlement.subscriptionToken);
    const owner = linked?.user_uuid ?? null;
    if (body.findOrCreate !== true) return owner ? { exists: true, profileId: owner } : { exists: false };
    if (caller) {
      await ctx.db.transaction(async (tx) => {
        await activeAccount(tx, caller.uuid);
        await linkSwgSubscription(ctx, tx, caller.uuid, entitlement);
      });
      return { exists: true, profileId: caller.uuid };
    }
    if (!owner) return { exists: false };
    await enforceDeviceLimit(ctx, owner);
    const issued = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query("INSERT INTO accounts_social_used_tokens (token_hash, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1", [
        sha256(`swg:${entitlement.subscriptionToken}:${entitlement.expiresAt}`),
        new Date(entitlement.expiresAt),
      ]);
      if (!rows.length) throw new ApiError(401, ErrorCodes.socialSignInNotVerified, "Esa autorización de Google ya se usó para ingresar", { reason: "token" });
      await activeAccount(tx, owner);
      await linkSwgSubscription(ctx, tx, owner, entitlement);
      return openSession(ctx, tx, owner, true, req.get("user-agent"));
    });
    return { exists: true, profileId: owner, accessToken: issued.accessToken, refreshToken: issued.refreshToken };
  });
  router.post(`${V1}/swg/loginexists`, swgExists);
  router.post(`${V1}/swg/exists`, swgExists);

  /** The account must be open (not anonymised or disabled). */
  async function activeAccount(tx: Queryable, uuid: string) {
    const { rows } = await tx.query<{ status: string }>("SELECT status FROM accounts_users WHERE uuid = $1 FOR UPDATE", [uuid]);
    if (rows[0]?.status !== "Active") throw new ApiError(403, ErrorCodes.accountDeactivated, "La cuenta está desactivada");
  }
}
