// The newsletter and the data-treatment consent (docs/carousels-and-blocks.md#newsletter): a reader
// joins a list of the brand with an address ({ correo }); the address's owner confirms it with the
// e-mail's link, and leaves it with the unsubscribe link, which keeps working for as long as the
// subscription exists.
//
//   POST /boletines/public/v1/suscripcion     { correo }  the newsletter
//   POST /boletines/public/v1/consentimiento  { correo }  the data-treatment consent
//   POST /boletines/public/v1/confirmar       { token }   the confirmation link's page posts it
//   POST /boletines/public/v1/cancelar        { token }   the unsubscribe link's page posts it
//   GET|POST|DELETE /boletines/public/v1/cuenta/boletin    the signed-in reader's own address on the
//        newsletter (the box of /autogestion/comunicaciones/): its state, join, leave
//
// Asking again is harmless: one row per list, brand and address; the answer is the same whatever the
// address's state (it says nothing of who is subscribed), and the e-mail says what happened — the
// confirmation link again, or that the subscription already stands. Both are limited per client
// address and per recipient (docs/accounts.md#limits-and-expiry). A signed-in reader joins with the
// account's address through the same request and the same e-mail, and is told the state of their
// own address (docs/carousels-and-blocks.md#newsletter).
//
// A link's token is the row's number and an HMAC of it (with the list, brand and address, and for
// the confirmation the row's generation) under a secret kept in accounts_settings: nothing secret is
// stored per row, and the unsubscribe link of the first e-mail works as long as any later one.
import crypto from "node:crypto";
import express from "express";
import {
  NEWSLETTER_API,
  NEWSLETTER_CONFIRMATION_DAYS,
  NEWSLETTER_TOKEN_PATTERN,
  type NewsletterAccountAnswer,
  type NewsletterAccountState,
  type NewsletterList,
} from "../domain/newsletter";
import { DEFAULT_BRAND } from "../domain/brands";
import type { Queryable } from "../platform/database";
import { authenticate, limitAnonymousWrite, limitMailTo, sendMail, type AccountsContext } from "./context";
import { ApiError, ErrorCodes } from "./errors";
import { bodyObject, handle } from "./http";
import { getUser } from "./identity/users";
import { normalizeEmail } from "./identity/validation";
import { currentRequestBrand } from "./mail/brand";
import { mailTemplates } from "./mail/templates";

export const NEWSLETTER_CONFIRMATION_MS = NEWSLETTER_CONFIRMATION_DAYS * 24 * 60 * 60 * 1000;
const SECRET_SETTING_KEY = "newsletter_link_secret";

type NewsletterStatus = "pendiente" | "confirmada" | "cancelada";

interface NewsletterRow {
  id: string;
  list: NewsletterList;
  brand: string;
  email: string;
  status: NewsletterStatus;
  generation: number;
  requested_at: Date;
}

/** The HMAC key of the links: created once and kept in the database, so every process signs alike. */
async function loadLinkSecret(db: Queryable): Promise<string> {
  await db.query("INSERT INTO accounts_settings (key, value, created_at) VALUES ($1, $2, now()) ON CONFLICT (key) DO NOTHING", [
    SECRET_SETTING_KEY,
    crypto.randomBytes(48).toString("base64url"),
  ]);
  const { rows } = await db.query<{ value: string }>("SELECT value FROM accounts_settings WHERE key = $1", [SECRET_SETTING_KEY]);
  return rows[0].value;
}

type Purpose = "confirmar" | "cancelar";

function signature(secret: string, purpose: Purpose, row: NewsletterRow): string {
  // The confirmation names the generation: after a cancellation and a new request, an old link confirms nothing.
  const generation = purpose === "confirmar" ? String(row.generation) : "";
  return crypto.createHmac("sha256", secret).update([purpose, row.id, row.list, row.brand, row.email, generation].join("\n")).digest("base64url");
}

function linkToken(secret: string, purpose: Purpose, row: NewsletterRow): string {
  return `${row.id}.${signature(secret, purpose, row)}`;
}

const INVALID_LINK = "El enlace no es válido. Ábrelo de nuevo desde el correo que te enviamos.";

export function createNewsletterRouter(ctx: AccountsContext): express.Router {
  const router = express.Router();
  let secret: Promise<string> | null = null;
  const linkSecret = () => (secret ??= loadLinkSecret(ctx.db).catch((error) => ((secret = null), Promise.reject(error))));

  /**
   * Records a request of `email` to join `list` of the request's brand (or renews a pending one) and
   * queues the e-mail its state calls for; answers the row as it then stands.
   */
  async function join(email: string, list: NewsletterList): Promise<NewsletterRow> {
    await limitMailTo(ctx, "boletin", email);
    const brand = currentRequestBrand() ?? DEFAULT_BRAND;
    const key = await linkSecret();
    const now = ctx.now();
    const joined = await ctx.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO accounts_newsletter (list, brand, email, status, requested_at) VALUES ($1, $2, $3, 'pendiente', $4)
         ON CONFLICT (list, brand, email) DO NOTHING`,
        [list, brand, email, now],
      );
      const { rows } = await tx.query<NewsletterRow>("SELECT * FROM accounts_newsletter WHERE list = $1 AND brand = $2 AND email = $3 FOR UPDATE", [
        list,
        brand,
        email,
      ]);
      let row = rows[0];
      const mail = ctx.mailFor(brand);
      if (row.status === "confirmada") {
        await sendMail(ctx, tx, mailTemplates.newsletterActive(mail, email, { list, cancelToken: linkToken(key, "cancelar", row) }));
        return row;
      }
      // Pending: the same link again, valid from now. Cancelled: a new generation to confirm.
      const again = await tx.query<NewsletterRow>(
        `UPDATE accounts_newsletter SET requested_at = $2, status = 'pendiente',
           generation = generation + CASE WHEN status = 'cancelada' THEN 1 ELSE 0 END
         WHERE id = $1 RETURNING *`,
        [row.id, now],
      );
      row = again.rows[0];
      await sendMail(
        ctx,
        tx,
        mailTemplates.newsletterConfirm(mail, email, { list, confirmToken: linkToken(key, "confirmar", row), cancelToken: linkToken(key, "cancelar", row) }),
      );
      return row;
    });
    void ctx.outbox.flush();
    return joined;
  }

  /** Leaves the list: the unsubscribe link's effect, whoever asks for it. */
  async function leave(tx: Queryable, row: NewsletterRow) {
    if (row.status !== "cancelada") await tx.query("UPDATE accounts_newsletter SET status = 'cancelada', cancelled_at = $2 WHERE id = $1", [row.id, ctx.now()]);
  }

  /** A request from the form: the address the reader typed, limited per client address. */
  async function joinFromForm(req: express.Request, list: NewsletterList) {
    const email = normalizeEmail(bodyObject(req).correo, "correo");
    await limitAnonymousWrite(ctx, req, "boletin");
    await join(email, list);
    return { correo: email, lista: list };
  }

  /** The signed-in caller's account address, as the form would store it. */
  async function accountEmail(req: express.Request): Promise<string> {
    const caller = await authenticate(ctx, req, true);
    const user = await getUser(ctx.db, caller.uuid);
    if (!user?.email) throw new ApiError(409, ErrorCodes.conflict, "Tu cuenta no tiene un correo electrónico al que enviar el boletín.", { field: "email" });
    return normalizeEmail(user.email, "email");
  }

  /** What the reader's own box shows: a pending request whose link expired counts as none. */
  function accountState(row: NewsletterRow | undefined): NewsletterAccountState {
    if (!row || row.status === "cancelada") return "ninguna";
    if (row.status === "pendiente" && new Date(row.requested_at).getTime() + NEWSLETTER_CONFIRMATION_MS <= ctx.clock()) return "ninguna";
    return row.status;
  }

  async function accountRow(tx: Queryable, email: string, lock = false): Promise<NewsletterRow | undefined> {
    const { rows } = await tx.query<NewsletterRow>(
      `SELECT * FROM accounts_newsletter WHERE list = 'boletin' AND brand = $1 AND email = $2${lock ? " FOR UPDATE" : ""}`,
      [currentRequestBrand() ?? DEFAULT_BRAND, email],
    );
    return rows[0];
  }

  /** The row a link's token names, if its signature is right for `purpose`; 404 otherwise. */
  async function rowOfToken(tx: Queryable, value: unknown, purpose: Purpose): Promise<NewsletterRow> {
    const token = typeof value === "string" ? value : "";
    if (!NEWSLETTER_TOKEN_PATTERN.test(token)) throw new ApiError(400, ErrorCodes.badRequest, INVALID_LINK, { field: "token" });
    const [id, mac] = token.split(".");
    const { rows } = await tx.query<NewsletterRow>("SELECT * FROM accounts_newsletter WHERE id = $1 FOR UPDATE", [id]);
    const row = rows[0];
    const expected = row ? Buffer.from(signature(await linkSecret(), purpose, { ...row, id: String(row.id) })) : null;
    if (!row || !expected || expected.length !== mac.length || !crypto.timingSafeEqual(expected, Buffer.from(mac)))
      throw new ApiError(404, ErrorCodes.notFound, INVALID_LINK);
    return row;
  }

  router.post(
    NEWSLETTER_API.boletin,
    handle(async (req, res) => {
      const answer = await joinFromForm(req, "boletin");
      res.status(202);
      return answer;
    }),
  );

  router.post(
    NEWSLETTER_API.consentimiento,
    handle(async (req, res) => {
      const answer = await joinFromForm(req, "consentimiento");
      res.status(202);
      return answer;
    }),
  );

  router.post(
    NEWSLETTER_API.confirmar,
    handle(async (req) => {
      const body = bodyObject(req);
      return ctx.db.transaction(async (tx) => {
        const row = await rowOfToken(tx, body.token, "confirmar");
        if (row.status === "cancelada")
          throw new ApiError(404, ErrorCodes.notFound, "Esta suscripción se canceló después de pedirla. Si quieres, pídela de nuevo.");
        if (row.status === "pendiente") {
          if (new Date(row.requested_at).getTime() + NEWSLETTER_CONFIRMATION_MS <= ctx.clock())
            throw new ApiError(
              404,
              ErrorCodes.notFound,
              `El enlace venció: los enlaces de confirmación valen ${NEWSLETTER_CONFIRMATION_DAYS} días. Pídelo de nuevo.`,
            );
          await tx.query("UPDATE accounts_newsletter SET status = 'confirmada', confirmed_at = $2 WHERE id = $1", [row.id, ctx.now()]);
        }
        return { lista: row.list, estado: "confirmada" };
      });
    }),
  );

  router.post(
    NEWSLETTER_API.cancelar,
    handle(async (req) => {
      const body = bodyObject(req);
      return ctx.db.transaction(async (tx) => {
        const row = await rowOfToken(tx, body.token, "cancelar");
        await leave(tx, row);
        return { lista: row.list, estado: "cancelada" };
      });
    }),
  );

  // The signed-in reader's box: the account's address, the same request, e-mail and link as the form;
  // the answer tells the reader's own state, which the form's answer never does.
  router.get(
    NEWSLETTER_API.cuenta,
    handle(async (req, res): Promise<NewsletterAccountAnswer> => {
      const email = await accountEmail(req);
      res.set("Cache-Control", "no-store");
      return { lista: "boletin", correo: email, estado: accountState(await accountRow(ctx.db, email)) };
    }),
  );

  router.post(
    NEWSLETTER_API.cuenta,
    handle(async (req, res): Promise<NewsletterAccountAnswer> => {
      const email = await accountEmail(req);
      const row = await join(email, "boletin");
      res.status(202);
      return { lista: "boletin", correo: email, estado: accountState(row) };
    }),
  );

  router.delete(
    NEWSLETTER_API.cuenta,
    handle(async (req): Promise<NewsletterAccountAnswer> => {
      const email = await accountEmail(req);
      await ctx.db.transaction(async (tx) => {
        const row = await accountRow(tx, email, true);
        if (row) await leave(tx, row);
      });
      return { lista: "boletin", correo: email, estado: "ninguna" };
    }),
  );

  return router;
}

/** Deletes requests nobody confirmed in time (the periodic clean-up); returns how many. */
export async function forgetUnconfirmed(ctx: AccountsContext): Promise<number> {
  const { rows } = await ctx.db.query("DELETE FROM accounts_newsletter WHERE status = 'pendiente' AND requested_at <= $1 RETURNING 1", [
    new Date(ctx.clock() - NEWSLETTER_CONFIRMATION_MS),
  ]);
  return rows.length;
}
