// E-mail a reader asks for by address: password reset, magic link, verification. The request only
// records what was asked (accounts_mail_requests) and answers — the same statements and the same
// answer whatever the address — and looking the address up, creating the link and queueing the
// e-mail happen after the answer is sent, off the request path. So the answer's time and body say
// nothing of whether the address has an account (docs/decisions/0012-threat-model.md).
//
// The router runs the handler once the answer is out; the periodic clean-up (maintenance.ts) also
// runs it, for requests a crash left behind. Several processes may run it at once: each request is
// taken by deleting its row inside the transaction that handles it.
import type { Logger } from "../../runtime/types";
import type { Queryable } from "../../platform/database";
import { sendMail, type AccountsContext } from "../context";
import { currentRequestBrand } from "../mail/brand";
import { mailTemplates } from "../mail/templates";
import { createNonce, NONCE_TTL_MS } from "./nonces";
import { findUserByEmail, getUser } from "./users";

export type MailRequestKind = "reset" | "magic" | "verify";

/** Requests read per round; the handler keeps going until none is left. */
const BATCH = 50;

/** Records a request, with the brand it was asked on (its e-mail speaks for it); `email` is already validated and normalised. */
export async function queueMailRequest(ctx: AccountsContext, kind: MailRequestKind, email: string): Promise<void> {
  await ctx.db.query("INSERT INTO accounts_mail_requests (kind, email, requested_at, brand) VALUES ($1, $2, $3, $4)", [
    kind,
    email,
    ctx.now(),
    currentRequestBrand() ?? null,
  ]);
}

/** Sends what one request asks for, if the address has an account that may receive it. */
async function handleRequest(ctx: AccountsContext, tx: Queryable, kind: MailRequestKind, email: string, brand: string | null): Promise<void> {
  const mail = ctx.mailFor(brand);
  if (kind === "reset") {
    // Only accounts with a password can reset it; the e-mail goes to the account's address.
    const { rows } = await tx.query<{ user_uuid: string }>("SELECT user_uuid FROM accounts_identities WHERE type = 'Identity' AND user_name = $1", [email]);
    const user = rows[0] ? await getUser(tx, rows[0].user_uuid) : null;
    if (!user || user.status !== "Active" || !user.email) return;
    const nonce = await createNonce(ctx, tx, "reset", user.uuid, user.email);
    await sendMail(ctx, tx, mailTemplates.resetPassword(mail, user.email, nonce, NONCE_TTL_MS.reset / 60000));
    return;
  }
  const user = await findUserByEmail(tx, email);
  if (!user || user.status !== "Active") return;
  if (kind === "magic") {
    const nonce = await createNonce(ctx, tx, "magic", user.uuid, email);
    await sendMail(ctx, tx, mailTemplates.magicLink(mail, email, nonce, NONCE_TTL_MS.magic / 60000));
  } else if (!user.email_verified) {
    const nonce = await createNonce(ctx, tx, "verify", user.uuid, email);
    await sendMail(ctx, tx, mailTemplates.verifyEmail(mail, email, nonce, user.first_name));
  }
}

/** Handles every waiting request, oldest first; returns how many this call handled. Never throws for one request. */
export async function handleMailRequests(ctx: AccountsContext): Promise<number> {
  let handled = 0;
  for (;;) {
    const { rows } = await ctx.db.query<{ id: number; kind: MailRequestKind; email: string; brand: string | null }>(
      `SELECT id, kind, email, brand FROM accounts_mail_requests ORDER BY id LIMIT ${BATCH}`,
    );
    for (const row of rows) {
      try {
        await ctx.db.transaction(async (tx) => {
          // Taken by whoever deletes it: another process that got here first leaves nothing to do.
          const { rows: taken } = await tx.query("DELETE FROM accounts_mail_requests WHERE id = $1 RETURNING id", [row.id]);
          if (taken.length) await handleRequest(ctx, tx, row.kind, row.email, row.brand);
        });
        handled++;
      } catch (error) {
        // A request that cannot be handled must not come back forever.
        ctx.logger.error("cuentas: no se pudo atender una solicitud de correo", { id: Number(row.id), kind: row.kind, error: (error as Error)?.message });
        await ctx.db.query("DELETE FROM accounts_mail_requests WHERE id = $1", [row.id]).catch(() => {});
      }
    }
    if (rows.length < BATCH) break;
  }
  if (handled) void ctx.outbox.flush();
  return handled;
}

/**
 * Runs `work` one call at a time: a call while it runs schedules one more run after it (calls in
 * between share that one), so nothing asked for is missed and runs never overlap. A failure is
 * logged; the returned promise never rejects.
 */
export function serialRunner(work: () => Promise<unknown>, logger: Logger, what: string): () => Promise<void> {
  let chain: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | null = null;
  return () => {
    waiting ??= chain.then(async () => {
      waiting = null;
      try {
        await work();
      } catch (error) {
        logger.error(`cuentas: falló ${what}`, { error: (error as Error)?.message ?? String(error) });
      }
    });
    chain = waiting;
    return waiting;
  };
}
