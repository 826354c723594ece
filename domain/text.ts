// Character rules shared by every input the site takes (URLs, API fields, beacons).

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- what a message must not show of a quoted value
const UNPRINTABLE = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** True when `value` holds a C0 control character or DEL (NUL, newlines, escapes…). */
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** A reader's input quoted in a message is cut here: enough to recognise it, never a 3,000-character wall. */
export const QUOTED_INPUT_LENGTH = 80;

/**
 * A value of the reader's, as a message may quote it: between «», at most QUOTED_INPUT_LENGTH
 * characters (then "…"), control characters and broken surrogates shown as "�". The one way
 * messages quote input.
 */
export function quoteInput(value: unknown, max = QUOTED_INPUT_LENGTH): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  // Code points, so a cut never splits a pair; a long value is shortened first (only `max` count).
  const characters = Array.from(text.length > 2 * max + 1 ? text.slice(0, 2 * max + 1) : text);
  const cut = characters.length > max ? `${characters.slice(0, max).join("")}…` : text;
  return `«${cut.replace(UNPRINTABLE, "\ufffd")}»`;
}

/** Text as HTML text or attribute value: & < > " ' escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
