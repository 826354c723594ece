// What the reader forms that check their fields in the browser and on the server with one function
// share (the PQRS form, domain/pqrs.ts; the subscription transfer request, domain/transfer.ts): how a
// typed text field is read, the rule of a person's name and the messages of text that is not typed text.
import { hasForbiddenCharacters } from "./characters";
import { isEmailAddress } from "./email";

/** A person's name: letters of any language (with accents), spaces, apostrophes, hyphens and periods. */
const PERSON_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;

export const FORM_TEXT_MESSAGES = {
  caracteres: "Este campo tiene caracteres no permitidos.",
  texto: "Este campo debe ser texto.",
} as const;

/** A text field: undefined when absent or blank, an error message when it is not text a person typed; trimmed. */
export function typedText(value: unknown, multiline = false): { value?: string; error?: string } {
  if (value === undefined || value === null) return {};
  if (typeof value !== "string") return { error: FORM_TEXT_MESSAGES.texto };
  const normalised = multiline ? value.replace(/\r\n?/g, "\n") : value;
  if (hasForbiddenCharacters(normalised, { multiline })) return { error: FORM_TEXT_MESSAGES.caracteres };
  const trimmed = normalised.trim();
  return trimmed ? { value: trimmed } : {};
}

/** Whether a present value's length is within the limit (min defaults to 1). */
export function withinLength(value: string | undefined, limit: { min?: number; max: number }): boolean {
  return value !== undefined && value.length >= (limit.min ?? 1) && value.length <= limit.max;
}

/** The body of a form or request as an object (anything else counts as an empty one: every field is then missing). */
export function formBody(input: unknown): Record<string, unknown> {
  return (input && typeof input === "object" && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
}

/** A person's name field: trimmed, or the message of the first rule it breaks (typed text, length, characters). */
export function personName(
  value: unknown,
  limit: { min?: number; max: number },
  messages: { length: string; characters: string },
): { value?: string; error?: string } {
  const name = typedText(value);
  if (name.error) return name;
  if (!withinLength(name.value, limit)) return { error: messages.length };
  if (!PERSON_NAME_PATTERN.test(name.value!)) return { error: messages.characters };
  return name;
}

/** An e-mail field: trimmed, or a message when it is not typed text or not an address. */
export function emailAddress(value: unknown, message: string): { value?: string; error?: string } {
  const email = typedText(value);
  if (email.error) return email;
  return email.value && isEmailAddress(email.value) ? email : { error: message };
}
