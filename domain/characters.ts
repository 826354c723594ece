// Whether a value is text a reader could have typed: the character rule of every form and API field
// (docs/decisions/0012-threat-model.md). Apart from text.ts, and importing nothing, so that only the
// pages that check a form in the browser (the PQRS form) load it: an import of text.ts would put
// text.ts in a chunk every page loads.

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- the same, for multi-line text: every one but the line feed
const CONTROL_CHARACTERS_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f]/;
/** Half of a UTF-16 surrogate pair without its other half: not a character, not valid UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * True when `value` is not text a reader could have typed: a control character (for multi-line
 * text, any but the line feed "\n"; NUL never) or half of a surrogate pair.
 */
export function hasForbiddenCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_CHARACTERS_BUT_NEWLINE : CONTROL_CHARACTERS).test(value) || LONE_SURROGATE.test(value);
}
