// The error catalogue of spec/accounts-and-sales.md §8 as named codes, and the `{ code, message }`
// body every failure answers with: the Arc SDKs treat any JSON with both fields as an error.
import type express from "express";

export const ErrorCodes = {
  sessionExpired: "100011",
  accountBlocked: "100014",
  accountDeactivated: "100015",
  sessionExpiredLogInAgain: "100018",
  emailNotFound: "300030",
  captchaInvalid: "130001",
  emailNotVerified: "130051",
  cartUnknownSku: "300001",
  cartUnknownPriceCode: "300002",
  cartInvalidQuantity: "300003",
  cartNotFound: "300012",
  cartEmpty: "300013",
  paymentProviderNotFound: "300014",
  orderNotFound: "300015",
  subscriptionNotFound: "300018",
  emailAlreadyRegistered: "300022",
  passwordRequestExpired: "300033",
  passwordStrength: "300036",
  passwordMustBeReset: "300037",
  wrongPassword: "300040",
  subscriptionNotCancellable: "300059",
  phoneLength: "300071",
  sharedToMaximum: "300073",
  emailFormat: "300075",
  nameInvalidCharacters: "300127",
  nameLength: "300128",
  displayNameInvalidCharacters: "300129",
  displayNameLength: "300130",
  cardTokenizerFailed: "300160",
  cardDeclined: "300161",
  cardExpired: "300162",
  cardInsufficientFunds: "300163",
  cardSecurityCode: "300164",
  addressLineInvalid: "300165",
  addressLocalityInvalid: "300166",
  addressRegionInvalid: "300167",
  addressPostalInvalid: "300168",
  addressCountryInvalid: "300169",
  paymentRejected: "300170",
  parentSubscriptionInactive: "330059",
  alreadyRescued: "330060",
  cancelNotAllowed: "330061",
  rescueNotAllowed: "330062",
  alreadyInGroup: "330201",
  /** Codes with no catalogue entry are the HTTP status, as the SDK's own response reader does. */
  badRequest: "400",
  unauthorized: "401",
  forbidden: "403",
  notFound: "404",
  conflict: "409",
  tooManyRequests: "429",
  internal: "500",
  notImplemented: "501",
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** The message the SDKs themselves use for calls that need a signed-in user. */
export const MISSING_OR_INVALID_JWT = "Missing or invalid jwt";
export const CAPTCHA_INVALID = "Captcha token invalid";

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

/** Express error handler for the accounts routers: ApiErrors as they are, anything else as 500. */
export function accountsErrorHandler(error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) {
  if (res.headersSent) return next(error);
  if (error instanceof ApiError) {
    res.status(error.httpStatus).json(error.toBody());
    return;
  }
  // express.json() rejects a malformed body with a SyntaxError carrying status 400.
  const status = (error as { status?: number; type?: string })?.status;
  if (status && status >= 400 && status < 500) {
    const tooLarge = (error as { type?: string }).type === "entity.too.large";
    res.status(status).json({
      code: String(status),
      message: tooLarge ? "El cuerpo de la petición es demasiado grande" : `El cuerpo de la petición no es JSON válido: ${(error as Error).message}`,
      httpStatus: status,
    });
    return;
  }
  // The stack only: a database error carries the query's parameters (personal data).
  console.error(`[accounts] error interno en ${req.method} ${req.path}:`, (error as Error)?.stack ?? String(error));
  res.status(500).json({ code: ErrorCodes.internal, message: "Error interno del servidor", httpStatus: 500 });
}
