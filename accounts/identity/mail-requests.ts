// E-mail a reader asks for by address: password reset, magic link, verification. The request only
// records what was asked (accounts_mail_requests) and answers — the same statements and the same
// answer whatever the address — and looking the address up, creating the link and queueing the
// e-mail happen after the answer is sent, off the request path. So the answer's time and body say
// nothing of whether the address has an account (docs/decisions/0012-threat-model.md).
//
// requestMail runs the handler once the answer is out; the periodic clean-up (maintenance.ts) also
// runs it, for requests a crash left behind. Several processes may run it at once: each request is
// taken by deleting its row inside the transaction that handles it.
import type express from "express";
import type { Logger } from "../../runtime/types";
import type { Queryable } from "../../platform/database";
import { authenticate, sendMail, type AccountsContext } from "../context";
import { ErrorCodes, tooManyRequests } from "../errors";
import { clientIp } from "../../platform/request";
import { waitText } from "../../domain/errors";
import { currentRequestBrand } from "../mail/brand";
import { mailTemplates } from "../mail/templates";
import { createNonce, NONCE_TTL_MS } from "./nonces";
import { findUserByEmail, getUser } from "./users";

type MailRequestKind = "reset" | "magic" | "verify";

/** Requests read per round; the handler keeps going until none is left. */
const BATCH = 50;

/** Records a request, with the brand it was asked on (its e-mail speaks for it); `email` is already validated and normalised. */
async function queueMailRequest(ctx: AccountsContext, kind: MailRequestKind, email: string): Promise<void> {
  await ctx.db.query("INSERT INTO accounts_mail_requests (kind, email, requested_at, brand) VALUES ($1, $2, $3, $4)", [
    kind,
    email,
    ctx.now(),
    currentRequestBrand() ?? null,
  ]);
}

/**
 * An e-mail asked for by address (reset, magic link, verification), counted so that nobody can
 * use the limit against the owner (docs/accounts.md#e-mailed-links): per e-mail address and
 * client address (what one requester can make an address receive), per client address, and per
 * e-mail address from clients the account does not know — a device signed in to the account, or
 * a client address the account signed in from lately, is not counted there. 429 with Retry-After
 * past a limit; then recorded and answered. The address is looked up only after the answer is out
 * (handleMailRequests), so the answer takes the same time and carries the same body and headers
 * whether the address has an account or not (a known client is one that already signed in to it).
 */
export async function requestMail(ctx: AccountsContext, req: express.Request, res: express.Response, kind: MailRequestKind, email: string) {
  const ip = clientIp(req);
  const limits = ctx.rateLimits;
  const byPair = await ctx.rateLimiter.hit(`mail:${kind}:pair:${email} ${ip}`, limits.mailPerAddress);
  const byIp = await ctx.rateLimiter.hit(`mail:${kind}:ip:${ip}`, limits.mailPerIp);
  const refused = [byPair, byIp].filter((hit) => !hit.allowed);
  if (!refused.length && !(await isKnownClient(ctx, req, email))) {
    const byAddress = await ctx.rateLimiter.hit(`mail:${kind}:address:${email}`, limits.mailPerAddressFromUnknownClients);
    if (!byAddress.allowed) refused.push(byAddress);
  }
  if (refused.length)
    throw tooManyRequests(
      ErrorCodes.tooManyRequests,
      (seconds) => `Demasiadas solicitudes de correo; intenta de nuevo en ${waitText(seconds)}`,
      Math.max(...refused.map((hit) => hit.retryAfterMs)),
    );
  await queueMailRequest(ctx, kind, email);
  res.once("close", () => void ctx.handleMailRequests());
  return { success: true };
}

const knownClientKey = (email: string, ip: string) => `mail:known:${email} ${ip}`;

/** Remembers that this client address signed in to the account of `email` (its mail requests are the owner's). */
export async function rememberClient(ctx: AccountsContext, req: express.Request, email: string | null | undefined) {
  if (email) await ctx.rateLimiter.count(knownClientKey(email, clientIp(req)), ctx.rateLimits.knownClientMs);
}

/** A device signed in to the account of `email`, or a client address it signed in from lately. */
async function isKnownClient(ctx: AccountsContext, req: express.Request, email: string): Promise<boolean> {
  if ((await ctx.rateLimiter.failures(knownClientKey(email, clientIp(req)), ctx.rateLimits.knownClientMs)) > 0) return true;
  const caller = await authenticate(ctx, req, false).catch(() => null);
  if (!caller) return false;
  const user = await getUser(ctx.db, caller.uuid);
  return user?.email === email;
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
