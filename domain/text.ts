// Character rules shared by every input the site takes (URLs, API fields, beacons).

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** True when `value` holds a C0 control character or DEL (NUL, newlines, escapes…). */
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}
