// The one validator of what readers send the accounts APIs. Every string read from a JSON body, a
// path parameter, a query string, a header or a cookie passes a TextRule — a length and a character
// rule — before it is stored, used in a query or in a rate-limit key; a refusal is a 400 with the
// catalogue's code (docs/error-catalogue.md), and its message quotes input only through
// quoteInput. The field families and their limits: docs/accounts.md#validation-limits.
import { hasForbiddenCharacters } from "../domain/characters";
import { quoteInput } from "../domain/text";
import { ApiError, ErrorCodes, type ErrorCode } from "./errors";

export { quoteInput };

export interface TextRule {
  /** Longest accepted value, in UTF-16 code units (what String.length counts), after trimming. */
  max: number;
  /** The characters a value may consist of, beyond the general rule (tokens, codes). */
  pattern?: RegExp;
  /** Multi-line free text: "\n" is allowed ("\r\n" is kept as "\n"); no other control character. */
  multiline?: boolean;
  /**
   * Leading and trailing white space is dropped (default), before the length is checked. Secrets,
   * tokens and codes are taken as sent (a path parameter is used as it came, so it must pass as it is).
   */
  trim?: boolean;
  /** The catalogue code of a refusal for the length; the generic bad request (400) by default. */
  code?: ErrorCode;
  /** The code of a refusal for the characters, when the catalogue has another one (names: 300127). */
  characterCode?: ErrorCode;
}

// --- Field families (docs/accounts.md#validation-limits) ---------------------------------------

/**
 * Tokens this service hands out and gets back in links and cookies: e-mailed nonces (32
 * characters), share and gift codes (16), cart ids (24), 3-D Secure challenge tokens (24): base64url
 * and "_", at most 128 so a longer one is refused before it is hashed or looked up.
 */
export const LINK_TOKEN: TextRule = { max: 128, pattern: /^[A-Za-z0-9_-]+$/, trim: false };

/**
 * Identifiers of the catalogue and the SDKs: order numbers (16), SKUs, price codes, offer ids,
 * grant types and provider names. Letters, digits, "_", ".", ":" and "-"; at most 64.
 */
export const CODE: TextRule = { max: 64, pattern: /^[A-Za-z0-9_.:-]+$/, trim: false };

/** AMP READER_IDs: the AMP runtime's ids, with the characters of CODE; at most 200 (as before). */
export const AMP_READER_ID: TextRule = { max: 200, pattern: /^[A-Za-z0-9_.:-]+$/, trim: false };

/**
 * Tokens others sign and we only verify: refresh tokens (about 400 characters), a provider's ID
 * token (a Google one is about 1,200), captcha answers (reCAPTCHA's are up to about 2,000).
 * Printable ASCII without spaces; at most 4,096.
 */
export const CREDENTIAL: TextRule = { max: 4096, pattern: /^[\x21-\x7e]+$/, trim: false };

/** What a payment provider's card field gives (TestPay: the card number, spaces allowed); at most 256. */
export const CARD_TOKEN: TextRule = { max: 256, pattern: /^[\x20-\x7e]+$/ };

/** Idempotency-Key header of POST /checkout/order: printable ASCII, at most 200 (stored with the order). */
export const IDEMPOTENCY_KEY: TextRule = { max: 200, pattern: /^[\x20-\x7e]+$/, trim: false };

/** Database ids in paths and bodies (subscriptions, GDPR reports, payment methods): up to 15 digits, so always a safe integer. */
const MAX_ID = 999_999_999_999_999;

// --- Checks ---------------------------------------------------------------------------------------

function inputError(code: ErrorCode, message: string, field: string): ApiError {
  return new ApiError(400, code, message, { field });
}

/**
 * The string a field holds, checked against `rule`; undefined when the field is absent (undefined
 * or null). Refuses another type, a value longer than `rule.max`, control characters (NUL always;
 * "\n" only in multi-line text), broken surrogate pairs and characters outside `rule.pattern`. An
 * empty string is returned as "" (the caller decides whether it means "none").
 */
export function optionalText(value: unknown, field: string, rule: TextRule): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw inputError(ErrorCodes.badRequest, `El campo ${field} debe ser texto`, field);
  const characterCode = rule.characterCode ?? rule.code ?? ErrorCodes.badRequest;
  // Checked before trimming: a control character is refused wherever it is, not dropped.
  let text = rule.multiline ? value.replace(/\r\n/g, "\n") : value;
  if (hasForbiddenCharacters(text, { multiline: rule.multiline }))
    throw inputError(characterCode, `El campo ${field} tiene caracteres no permitidos (de control o mal codificados)`, field);
  if (rule.trim !== false) text = text.trim();
  if (text.length > rule.max) throw inputError(rule.code ?? ErrorCodes.badRequest, `El campo ${field} admite como máximo ${rule.max} caracteres`, field);
  if (text && rule.pattern && !rule.pattern.test(text)) throw inputError(characterCode, `El campo ${field} tiene caracteres no permitidos`, field);
  return text;
}

/** Whether `value` passes `rule`: for what is ignored rather than refused when wrong (a stale or forged cookie). */
export function passes(value: unknown, rule: TextRule): value is string {
  try {
    return !!optionalText(value, "", rule);
  } catch {
    return false;
  }
}

/** optionalText that also refuses an absent or empty value. */
export function requiredText(value: unknown, field: string, rule: TextRule): string {
  const text = optionalText(value, field, rule);
  if (!text) throw inputError(rule.code ?? ErrorCodes.badRequest, `El campo ${field} es obligatorio`, field);
  return text;
}

/** One of `options` (an enumeration), or undefined when absent. The message lists the options, never the value. */
export function optionalChoice<T extends string>(value: unknown, field: string, options: readonly T[], code: ErrorCode = ErrorCodes.badRequest): T | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || !(options as readonly string[]).includes(value))
    throw inputError(code, `El campo ${field} debe ser uno de ${options.join(", ")}`, field);
  return value as T;
}

/**
 * A whole number between `min` and `max`, given as a number or as decimal digits (path and query
 * parameters are text); undefined when absent.
 */
export function optionalInteger(
  value: unknown,
  field: string,
  range: { min: number; max: number },
  code: ErrorCode = ErrorCodes.badRequest,
): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const number = typeof value === "number" ? value : typeof value === "string" && /^[0-9]{1,16}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || number < range.min || number > range.max)
    throw inputError(code, `El campo ${field} debe ser un número entero entre ${range.min} y ${range.max}`, field);
  return number;
}

/** A database id (subscription, GDPR report, payment method): a whole number from 1 to MAX_ID. */
export function requiredId(value: unknown, field: string): number {
  const id = optionalInteger(value, field, { min: 1, max: MAX_ID });
  if (id === undefined) throw inputError(ErrorCodes.badRequest, `El campo ${field} es obligatorio`, field);
  return id;
}
