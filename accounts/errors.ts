// The `{ code, message }` body every failure of the accounts APIs answers with (the Arc SDKs treat
// any JSON with both fields as an error), over the catalogue of domain/errors.ts.
import type express from "express";
import type { Logger } from "../runtime/types";
import { CAPTCHA_INVALID, ErrorCodes, MISSING_OR_INVALID_JWT, type ErrorCode } from "../domain/errors";
import { quoteInput } from "../domain/text";
import { throttledLogger } from "../platform/log";

export { CAPTCHA_INVALID, ErrorCodes, MISSING_OR_INVALID_JWT, type ErrorCode };

export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: ErrorCode,
    message: string,
    /** Extra fields for the body, e.g. which field was wrong. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  toBody() {
    return { code: this.code, message: this.message, httpStatus: this.httpStatus, ...this.details };
  }
}

/** 429 with the whole seconds to wait, answered as `retryAfter` in the body and as the Retry-After header. */
export function tooManyRequests(code: ErrorCode, message: (retryAfterSeconds: number) => string, retryAfterMs: number): ApiError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new ApiError(429, code, message(retryAfter), { retryAfter });
}

/** Seconds a reader is asked to wait while the database cannot be reached (as for content: server/app/page.server.ts). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;
/** One log line per interval while the database is away, as for a content source that is down. */
const UNAVAILABLE_LOG_INTERVAL_MS = 60_000;

/** Codes of a database that cannot be reached: the network's, and PostgreSQL's connection (08…) and shutdown (57P0…) classes. */
const UNREACHABLE = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|08...|57P0[123])$/;

/** True when the error says the database is away (not that a query was wrong): the request may succeed later. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === "string" && UNREACHABLE.test(e.code)) return true;
    if (
      typeof e.message === "string" &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e.message)
    )
      return true;
    if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Express error handler for the accounts routers: ApiErrors as they are, a database that is away as 503, anything else as 500 (logged). */
export const accountsErrorHandler = (logger: Logger) => {
  const unavailableLog = throttledLogger(logger, UNAVAILABLE_LOG_INTERVAL_MS);
  return (error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) =>
    handleAccountsError(logger, unavailableLog, error, req, res, next);
};

function handleAccountsError(logger: Logger, unavailableLog: Logger, error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) {
  if (res.headersSent) return next(error);
  if (error instanceof ApiError) {
    if (typeof error.details.retryAfter === "number") res.set("Retry-After", String(error.details.retryAfter));
    res.status(error.httpStatus).json(error.toBody());
    return;
  }
  // express.json() rejects a malformed body with a SyntaxError carrying status 400, Express a path
  // it cannot decode with a URIError; both messages quote the input, cut like any quoted input.
  const status = (error as { status?: number })?.status;
  if (status && status >= 400 && status < 500) {
    const type = (error as { type?: string }).type;
    const detail = quoteInput((error as Error)?.message ?? "");
    res.status(status).json({
      code: String(status),
      message:
        type === "entity.too.large"
          ? "El cuerpo de la petición es demasiado grande"
          : type === "entity.parse.failed"
            ? `El cuerpo de la petición no es JSON válido: ${detail}`
            : `La petición no es válida: ${detail}`,
      httpStatus: status,
    });
    return;
  }
  // A database that is away fails every request the same way: the reader is told to come back, the
  // log says it once per interval, without a stack (README.md, "In production": errors in the log).
  if (isDatabaseUnavailable(error)) {
    unavailableLog.error("cuentas: la base de datos no responde", { error: String((error as { code?: string })?.code ?? (error as Error)?.message ?? error) });
    res
      .status(503)
      .set({ "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" })
      .json({ code: ErrorCodes.unavailable, message: "El servicio no está disponible en este momento; inténtalo de nuevo en unos segundos", httpStatus: 503 });
    return;
  }
  // The stack only: a database error carries the query's parameters (personal data).
  logger.error("cuentas: error interno", { method: req.method, path: req.path, stack: (error as Error)?.stack ?? String(error) });
  res.status(500).json({ code: ErrorCodes.internal, message: "Error interno del servidor", httpStatus: 500 });
}
