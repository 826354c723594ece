// The help centre's PQRS form (peticiones, quejas, reclamos y sugerencias; docs/help-centre.md#pqrs-form):
// POST /atencion/public/v1/pqrs stores the request with a radicado and acknowledges it by e-mail in
// the brand's own mail. Anyone can send it, so it is limited per client address and per recipient
// (docs/accounts.md#limits-and-expiry) and checked field by field before anything is stored.
// Operators read the requests at /_operador/pqrs/ (createPqrsReportRouter).
import crypto from "node:crypto";
import express from "express";
import { checkPqrs, PQRS_API_PATH, PQRS_FIELDS, PQRS_KIND_LABELS, RADICADO_ALPHABET, RADICADO_PATTERN, type PqrsField, type PqrsKind } from "../domain/pqrs";
import { operatorMayRead, sendReport, type OperatorAccess } from "../platform/operator-reports";
import { limitAnonymousWrite, limitMailTo, sendMail, type AccountsContext } from "./context";
import { ApiError, ErrorCodes, type ErrorCode } from "./errors";
import { bodyObject, handle } from "./http";
import { currentRequestBrand } from "./mail/brand";
import { mailTemplates } from "./mail/templates";
import { DEFAULT_BRAND } from "../domain/brands";

export const PQRS_PATH = PQRS_API_PATH;
/** The operators' list of requests (docs/help-centre.md#pqrs-form). */
const PQRS_REPORT_PATH = "/_operador/pqrs/";
/** Requests the list shows, newest first; an older one is found by its radicado (?radicado=). */
const PQRS_REPORT_LIMIT = 500;

/** The catalogue code of a refused field, where the catalogue has one (docs/error-catalogue.md). */
const FIELD_CODES: Partial<Record<PqrsField, ErrorCode>> = {
  nombre: ErrorCodes.nameLength,
  correo: ErrorCodes.emailFormat,
  telefono: ErrorCodes.phoneLength,
};

/** "PQRS-" (or another prefix: "CES-" for a transfer request) and 8 characters of RADICADO_ALPHABET. */
export function newRadicado(prefix = "PQRS"): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += RADICADO_ALPHABET[crypto.randomInt(RADICADO_ALPHABET.length)];
  return `${prefix}-${code}`;
}

export function createPqrsRouter(ctx: AccountsContext): express.Router {
  const router = express.Router();

  router.post(
    PQRS_PATH,
    handle(async (req, res) => {
      const checked = checkPqrs(bodyObject(req));
      if (!checked.ok) {
        // The first refused field in the form's order, with every field's message for the form.
        const field = PQRS_FIELDS.find((name) => checked.errors[name])!;
        throw new ApiError(400, FIELD_CODES[field] ?? ErrorCodes.badRequest, checked.errors[field]!, { field, errors: checked.errors });
      }
      const request = checked.value;
      await limitAnonymousWrite(ctx, req, "pqrs");
      await limitMailTo(ctx, "pqrs", request.correo);
      const brand = currentRequestBrand() ?? DEFAULT_BRAND;
      const receivedAt = ctx.now();
      const radicado = await ctx.db.transaction(async (tx) => {
        for (let attempt = 0; attempt < 5; attempt++) {
          const candidate = newRadicado();
          const { rows } = await tx.query(
            `INSERT INTO accounts_pqrs (radicado, brand, kind, name, email, phone, subject, message, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (radicado) DO NOTHING RETURNING id`,
            [candidate, brand, request.tipo, request.nombre, request.correo, request.telefono ?? null, request.asunto, request.mensaje, receivedAt],
          );
          if (rows.length) {
            await sendMail(ctx, tx, mailTemplates.pqrsReceived(ctx.mailFor(brand), request.correo, { radicado: candidate, kind: request.tipo, receivedAt }));
            return candidate;
          }
        }
        throw new Error("pqrs: no se encontró un radicado libre en 5 intentos");
      });
      void ctx.outbox.flush();
      ctx.logger.info("pqrs: solicitud radicada", { filingNumber: radicado, kind: request.tipo, brand });
      res.status(201);
      return { radicado, tipo: request.tipo, correo: request.correo };
    }),
  );

  return router;
}

/** A request as the operators read it. */
interface StoredPqrs {
  radicado: string;
  brand: string;
  kind: PqrsKind;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  created_at: Date;
}

/** A moment as Bogotá's clock shows it: "2026-11-28 14:05". */
const bogotaMinute = (date: Date) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: "America/Bogota",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);

/**
 * The operators' list of PQRS requests, newest first (every brand, each named), or the one
 * ?radicado= names: outside production, or with OPERATOR_TOKEN as a bearer token.
 */
export function createPqrsReportRouter(ctx: AccountsContext, access: OperatorAccess): express.Router {
  const router = express.Router();
  router.get(PQRS_REPORT_PATH, async (req, res) => {
    if (!operatorMayRead(req, res, access)) return;
    const radicado = req.query.radicado;
    if (radicado !== undefined && (typeof radicado !== "string" || !RADICADO_PATTERN.test(radicado))) {
      res.status(400).type("text/plain").send("radicado debe ser PQRS- y 8 letras o dígitos, como en el correo de confirmación");
      return;
    }
    try {
      const { rows } = await ctx.db.query<StoredPqrs>(
        `SELECT radicado, brand, kind, name, email, phone, subject, message, created_at FROM accounts_pqrs
         ${radicado ? "WHERE radicado = $1" : ""} ORDER BY created_at DESC, id DESC LIMIT ${PQRS_REPORT_LIMIT}`,
        radicado ? [radicado] : [],
      );
      sendReport(req, res, {
        title: radicado ? `Solicitud PQRS ${radicado}` : "Solicitudes PQRS",
        columns: ["Recibida (hora de Colombia)", "Radicado", "Marca", "Tipo", "Nombre", "Correo", "Teléfono", "Asunto", "Solicitud"],
        rows: rows.map((r) => [
          bogotaMinute(r.created_at),
          r.radicado,
          r.brand,
          PQRS_KIND_LABELS[r.kind] ?? r.kind,
          r.name,
          r.email,
          r.phone,
          r.subject,
          r.message,
        ]),
        empty: radicado ? "No hay una solicitud con ese radicado." : "Sin solicitudes todavía.",
        json: rows.map(({ created_at, ...row }) => ({ ...row, createdAt: created_at.toISOString() })),
      });
    } catch (error) {
      ctx.logger.error("pqrs: no se pudo leer la lista de solicitudes", { error: (error as Error)?.message ?? String(error) });
      res.status(500).type("text/plain").send("No se pudo leer la lista de solicitudes.");
    }
  });
  return router;
}
