// AMP reader ids: AMP pages cannot read the site's storage; the AMP READER_ID stands in for the reader.
// Linking it to the account (after sign-in) lets GET /amp/:readerId answer the AMP entitlement for
// it. An id nobody linked expires when unseen for AMP_READER_TTL_MS (maintenance.ts).
import type express from "express";
import { authenticate, limitAnonymousWrite, type AccountsContext } from "../context";
import { ENTITLED_STATUSES_FOR_LOCKED_CONTENT, subscriptionStatusesOf } from "../entitlement";
import { bodyObject, handle, noStore } from "../http";
import { AMP_READER_ID, requiredText } from "../input";
import { V1 } from "./api-paths";

/** An AMP reader id already stored is marked as seen again at most this often (reads are frequent; the mark is a write). */
const AMP_SEEN_RESOLUTION_MS = 24 * 60 * 60 * 1000;

export function registerAmpReaderRoutes(router: express.Router, ctx: AccountsContext) {
  /** The stored id's account, marking it seen (at most once per AMP_SEEN_RESOLUTION_MS); undefined when not stored. */
  async function seenAmpReader(id: string): Promise<{ user_uuid: string | null } | undefined> {
    const { rows } = await ctx.db.query<{ user_uuid: string | null; seen_at: Date }>(
      "SELECT user_uuid, seen_at FROM accounts_amp_readers WHERE reader_id = $1",
      [id],
    );
    if (rows[0] && new Date(rows[0].seen_at).getTime() < ctx.clock() - AMP_SEEN_RESOLUTION_MS)
      await ctx.db.query("UPDATE accounts_amp_readers SET seen_at = $2 WHERE reader_id = $1", [id, ctx.now()]);
    return rows[0];
  }

  router.put(
    `${V1}/amp/add`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const id = requiredText(bodyObject(req).ampReaderId, "ampReaderId", AMP_READER_ID);
      await ctx.db.query(
        `INSERT INTO accounts_amp_readers (reader_id, user_uuid, created_at, linked_at, seen_at) VALUES ($1, $2, $3, $3, $3)
         ON CONFLICT (reader_id) DO UPDATE SET user_uuid = EXCLUDED.user_uuid, linked_at = EXCLUDED.linked_at, seen_at = EXCLUDED.seen_at`,
        [id, caller.uuid, ctx.now()],
      );
      return { ampReaderId: id, linked: true };
    }),
  );

  router.put(
    `${V1}/amp`,
    handle(async (req) => {
      const id = requiredText(bodyObject(req).ampReaderId, "ampReaderId", AMP_READER_ID);
      const stored = await seenAmpReader(id);
      if (stored) return { ampReaderId: id, linked: !!stored.user_uuid };
      // Anyone may store one without an account: counted per client address.
      await limitAnonymousWrite(ctx, req, "amp");
      await ctx.db.query("INSERT INTO accounts_amp_readers (reader_id, created_at, seen_at) VALUES ($1, $2, $2) ON CONFLICT (reader_id) DO NOTHING", [
        id,
        ctx.now(),
      ]);
      return { ampReaderId: id, linked: false };
    }),
  );

  router.get(
    `${V1}/amp`,
    handle(async (req, res) => {
      noStore(res);
      const caller = await authenticate(ctx, req, true);
      const { rows } = await ctx.db.query<{ reader_id: string }>("SELECT reader_id FROM accounts_amp_readers WHERE user_uuid = $1 ORDER BY linked_at DESC", [
        caller.uuid,
      ]);
      return { ampReaderIds: rows.map((r) => r.reader_id) };
    }),
  );

  router.get(
    `${V1}/amp/:readerId`,
    handle(async (req, res) => {
      noStore(res);
      const id = req.params.readerId;
      const uuid = (await seenAmpReader(id))?.user_uuid;
      const statuses = uuid ? await subscriptionStatusesOf(ctx.db, uuid, ctx.now()) : [];
      const granted = statuses.some((s) => (ENTITLED_STATUSES_FOR_LOCKED_CONTENT as readonly number[]).includes(s));
      // The amp-subscriptions entitlement shape.
      return { ampReaderId: id, granted, grantReason: granted ? "SUBSCRIBER" : null, data: { loggedIn: !!uuid } };
    }),
  );
}
