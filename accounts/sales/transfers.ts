// Transfer to another person (docs/subscriptions-and-checkout.md#transfer): the owner of an active
// subscription asks from Mis suscripciones with the new holder's name and e-mail and their consent;
// the request is stored with a number (one open request per subscription), confirmed to the owner by
// e-mail and listed for the operators at /_operador/cesiones/, who review it and close it as approved
// or refused. Nothing moves by itself: customer service hands an approved subscription over.
import express from "express";
import type { Queryable } from "../../platform/database";
import { sendMail, type AccountsContext } from "../context";
import { accountsErrorHandler, ApiError, ErrorCodes, type ErrorCode } from "../errors";
import { bodyObject, handle } from "../http";
import { getUser } from "../identity/users";
import { currentRequestBrand } from "../mail/brand";
import { mailTemplates } from "../mail/templates";
import { newRadicado } from "../pqrs";
import { appendEvent, effectiveStatus, readableSubscription, SubscriptionStatus, type SubscriptionRow } from "./subscriptions";
import { heldFromAnother } from "./subscription-views";
import { operatorMayRead, sendReport, type OperatorAccess } from "../../platform/operator-reports";
import { DEFAULT_BRAND } from "../../domain/brands";
import {
  checkTransfer,
  TRANSFER_FIELDS,
  TRANSFER_NUMBER_PATTERN,
  TRANSFER_OUTCOMES,
  type TransferField,
  type TransferOutcome,
  type TransferRequestView,
  type TransferStatus,
} from "../../domain/transfer";

/** The operators' list of open requests (HTML, or JSON for Accept: application/json); POST …/CES-XXXXXXXX { status } closes one. */
export const OPERATOR_TRANSFERS_PATH = "/_operador/cesiones/";
/** The most requests the operators' list shows at once, oldest first. */
const OPERATOR_LIST_LIMIT = 500;

/** The catalogue code of a refused field, where the catalogue has one (docs/error-catalogue.md). */
const FIELD_CODES: Record<TransferField, ErrorCode> = {
  name: ErrorCodes.nameLength,
  email: ErrorCodes.emailFormat,
  consent: ErrorCodes.badRequest,
};

interface TransferRow {
  request_number: string;
  subscription_id: number;
  user_uuid: string;
  brand: string;
  recipient_name: string;
  recipient_email: string;
  status: TransferStatus;
  created_at: Date;
  closed_at: Date | null;
}

function transferView(row: TransferRow): TransferRequestView {
  return {
    requestNumber: row.request_number,
    subscriptionID: Number(row.subscription_id),
    name: row.recipient_name,
    email: row.recipient_email,
    status: row.status,
    requestedUTC: new Date(row.created_at).getTime(),
  };
}

/** The subscription's open request, if any (its details show it to the owner). */
async function openTransferOf(tx: Queryable, subscriptionId: number): Promise<TransferRow | undefined> {
  const { rows } = await tx.query<TransferRow>("SELECT * FROM accounts_transfer_requests WHERE subscription_id = $1 AND status = 'abierta'", [subscriptionId]);
  return rows[0];
}

/** What the subscription's details add for its owner: the open request, or null (nothing for anyone else). */
export async function transferRequestOf(tx: Queryable, row: SubscriptionRow, viewer: string): Promise<{ transferRequest?: TransferRequestView | null }> {
  if (row.user_uuid !== viewer || heldFromAnother(row, viewer)) return {};
  const open = await openTransferOf(tx, row.id);
  return { transferRequest: open ? transferView(open) : null };
}

/**
 * Whom a subscription may be transferred by: its owner, who bought it. A stranger gets the answer of
 * an unknown subscription (404, readableSubscription); a reader who holds it without having bought it
 * (an associate, a gift's recipient) and the buyer of a gift not yet redeemed get 403, which tells them
 * nothing they do not know.
 */
function refuseNonOwner(row: SubscriptionRow, uuid: string): void {
  if (!row.user_uuid)
    throw new ApiError(
      403,
      ErrorCodes.forbidden,
      "Un regalo no se cede: mientras nadie lo redima, puedes cambiar a quién se lo envías desde tus suscripciones",
    );
  if (heldFromAnother(row, uuid))
    throw new ApiError(403, ErrorCodes.forbidden, "Solo quien compró la suscripción puede cederla: una suscripción compartida contigo o un regalo no se ceden");
  if (row.swg_token_hash)
    throw new ApiError(403, ErrorCodes.forbidden, "Esta suscripción la cobra Google: para cederla, escríbenos por los canales de atención al cliente");
}

/** POST /sales/public/v1/subscription/:id/transfer (sales/subscription-routes.ts): checks, stores and confirms a request; answers it. */
export async function requestTransfer(ctx: AccountsContext, tx: Queryable, uuid: string, id: string, body: unknown): Promise<TransferRequestView> {
  const owner = await getUser(tx, uuid);
  // The body first, field by field (the form's own check), then whose subscription it is.
  const checked = checkTransfer(body, owner?.email);
  if (!checked.ok) {
    const field = TRANSFER_FIELDS.find((name) => checked.errors[name])!;
    throw new ApiError(400, FIELD_CODES[field], checked.errors[field]!, { field, errors: checked.errors });
  }
  const row = await readableSubscription(tx, uuid, id);
  refuseNonOwner(row, uuid);
  // Only an active one: a cancelled subscription ends with its period (rescue it first), and one whose
  // renewal was declined is settled with its card first.
  if (effectiveStatus(row, ctx.now()) !== SubscriptionStatus.active)
    throw new ApiError(409, ErrorCodes.conflict, "Solo se puede ceder una suscripción activa: si la cancelaste, reactívala primero");
  const open = await openTransferOf(tx, row.id);
  if (open)
    throw new ApiError(409, ErrorCodes.conflict, `Ya hay una solicitud de cesión abierta para esta suscripción: ${open.request_number}`, {
      requestNumber: open.request_number,
    });
  const brand = currentRequestBrand() ?? DEFAULT_BRAND;
  const now = ctx.now();
  for (let attempt = 0; attempt < 5; attempt++) {
    // The subscription row is locked (readableSubscription): a second request waits and then finds this one.
    const { rows } = await tx.query<TransferRow>(
      `INSERT INTO accounts_transfer_requests (request_number, subscription_id, user_uuid, brand, recipient_name, recipient_email, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (request_number) DO NOTHING RETURNING *`,
      [newRadicado("CES"), row.id, uuid, brand, checked.value.name, checked.value.email, now],
    );
    const stored = rows[0];
    if (!stored) continue;
    await appendEvent(ctx, tx, row.id, "TRANSFER_REQUESTED", stored.request_number);
    if (owner?.email)
      await sendMail(
        ctx,
        tx,
        mailTemplates.transferRequested(ctx.mailFor(brand), owner.email, {
          requestNumber: stored.request_number,
          productName: row.product_name,
          recipientName: stored.recipient_name,
          recipientEmail: stored.recipient_email,
          requestedAt: now,
        }),
      );
    ctx.logger.info("cesiones: solicitud recibida", { number: stored.request_number, subscription: Number(row.id), brand });
    return transferView(stored);
  }
  throw new Error("cesiones: no se encontró un número libre en 5 intentos");
}

interface OperatorRow extends TransferRow {
  product_name: string;
  owner_email: string | null;
}

/** A moment as Bogotá's clock shows it, for the operators: "29/11/2026, 2:05 p. m.". */
const operatorTime = new Intl.DateTimeFormat("es-CO", { dateStyle: "short", timeStyle: "short", timeZone: "America/Bogota" });

/**
 * The operators' surface: the open requests, oldest first, and closing one. The same access as the
 * other operators' reports (platform/operator-reports.ts: OPERATOR_TOKEN); anyone else gets the plain 404.
 */
export function createTransferOperatorsRouter(ctx: AccountsContext, access: OperatorAccess): express.Router {
  const router = express.Router();
  const allowed: express.RequestHandler = (req, res, next) => {
    if (operatorMayRead(req, res, access)) next();
  };

  router.get(
    OPERATOR_TRANSFERS_PATH,
    allowed,
    handle(async (req, res) => {
      const { rows } = await ctx.db.query<OperatorRow>(
        `SELECT t.*, s.product_name, u.email AS owner_email FROM accounts_transfer_requests t
         JOIN accounts_subscriptions s ON s.id = t.subscription_id LEFT JOIN accounts_users u ON u.uuid = t.user_uuid
         WHERE t.status = 'abierta' ORDER BY t.created_at, t.id LIMIT ${OPERATOR_LIST_LIMIT}`,
      );
      sendReport(req, res, {
        title: "Solicitudes de cesión abiertas",
        columns: ["Número", "Pedida (hora de Colombia)", "Marca", "Suscripción", "Titular", "Nuevo titular"],
        rows: rows.map((r) => [
          r.request_number,
          operatorTime.format(new Date(r.created_at)),
          r.brand,
          `${Number(r.subscription_id)} · ${r.product_name}`,
          r.owner_email,
          `${r.recipient_name} (${r.recipient_email})`,
        ]),
        empty: "No hay solicitudes abiertas.",
        json: rows.map((row) => ({ ...transferView(row), brand: row.brand, productName: row.product_name, ownerEmail: row.owner_email })),
      });
      return undefined;
    }),
  );

  // Closing one (JSON, with the token): { "status": "aprobada" | "rechazada" }.
  router.post(
    `${OPERATOR_TRANSFERS_PATH}:requestNumber`,
    allowed,
    express.json({ limit: "4kb" }),
    handle(async (req) => {
      const number = req.params.requestNumber;
      if (!TRANSFER_NUMBER_PATTERN.test(number)) throw new ApiError(404, ErrorCodes.notFound, "No existe esa solicitud de cesión");
      const status = bodyObject(req).status;
      if (!(TRANSFER_OUTCOMES as readonly unknown[]).includes(status))
        throw new ApiError(400, ErrorCodes.badRequest, `status debe ser ${TRANSFER_OUTCOMES.join(" o ")}`, { field: "status" });
      return ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<TransferRow>(
          "UPDATE accounts_transfer_requests SET status = $2, closed_at = $3 WHERE request_number = $1 AND status = 'abierta' RETURNING *",
          [number, status as TransferOutcome, ctx.now()],
        );
        if (!rows[0]) throw new ApiError(404, ErrorCodes.notFound, "No hay una solicitud de cesión abierta con ese número");
        await appendEvent(ctx, tx, Number(rows[0].subscription_id), status === "aprobada" ? "TRANSFER_APPROVED" : "TRANSFER_REFUSED", number);
        ctx.logger.info("cesiones: solicitud cerrada", { number, status });
        return transferView(rows[0]);
      });
    }),
  );
  router.use(OPERATOR_TRANSFERS_PATH, accountsErrorHandler(ctx.logger));
  return router;
}
