// A rejected Arc SDK call's code and message, and the Spanish message a reader sees for it
// (domain/errors.ts). Apart from identity.ts so that only blocks with forms load the message tables.
import {
  ErrorCodes,
  GENERIC_ERROR_MESSAGE,
  IDENTITY_ERROR_MESSAGES,
  MISSING_OR_INVALID_JWT,
  SESSION_EXPIRED_MESSAGE,
  signInThrottledMessage,
} from "../../../domain/errors";

/** The catalogue code of a rejected SDK call ({ code, message } body), as a string, or null. */
export function errorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return code === undefined || code === null ? null : String(code);
}

/** The server's message of a rejected call, or null. */
export function errorMessage(error: unknown): string | null {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" && message.trim() ? message.replace(/^\[Arc [^\]]+\]\s*/, "") : null;
}

/**
 * The message of the error's domain table (domain/errors.ts) for its code, else the server's own
 * message, else a generic one. A slowed-down sign-in (100016) says when to try again.
 */
export function messageForError(error: unknown, messages: Record<string, string> = IDENTITY_ERROR_MESSAGES): string {
  const code = errorCode(error);
  const retryAfter = (error as { retryAfter?: unknown } | null)?.retryAfter;
  if (code === ErrorCodes.signInThrottled && typeof retryAfter === "number" && retryAfter > 0)
    return signInThrottledMessage(retryAfter, new Date(Date.now() + retryAfter * 1000));
  if (code && messages[code]) return messages[code];
  const message = errorMessage(error);
  if (message?.includes(MISSING_OR_INVALID_JWT)) return SESSION_EXPIRED_MESSAGE;
  // Network failures (TypeError: Failed to fetch) say nothing useful to a reader.
  if (!message || error instanceof TypeError) return GENERIC_ERROR_MESSAGE;
  return message;
}
