// The `{ code, message }` body every failure of the accounts APIs answers with (the Arc SDKs treat
// any JSON with both fields as an error), over the catalogue of domain/errors.ts.
import type express from "express";
import type { Logger } from "../../runtime/types";
import { CAPTCHA_INVALID, ErrorCodes, MISSING_OR_INVALID_JWT, type ErrorCode } from "../../domain/errors";
import { quoteInput } from "../../domain/text";

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

export const badRequest = (code: ErrorCode, message: string, details?: Record<string, unknown>) => new ApiError(400, code, message, details);
export const notFound = (code: ErrorCode, message: string) => new ApiError(404, code, message);
export const forbidden = (code: ErrorCode, message: string) => new ApiError(403, code, message);
export const conflict = (code: ErrorCode, message: string) => new ApiError(409, code, message);

/** 429 with the whole seconds to wait, answered as `retryAfter` in the body and as the Retry-After header. */
export function tooManyRequests(code: ErrorCode, message: (retryAfterSeconds: number) => string, retryAfterMs: number): ApiError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new ApiError(429, code, message(retryAfter), { retryAfter });
}

/** Express error handler for the accounts routers: ApiErrors as they are, anything else as 500 (logged). */
export const accountsErrorHandler = (logger: Logger) => (error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
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
  // The stack only: a database error carries the query's parameters (personal data).
  logger.error("cuentas: error interno", { method: req.method, path: req.path, stack: (error as Error)?.stack ?? String(error) });
  res.status(500).json({ code: ErrorCodes.internal, message: "Error interno del servidor", httpStatus: 500 });
};
