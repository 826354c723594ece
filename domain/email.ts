// The e-mail address rule every form of the site and every API shares (docs/accounts.md#validation-limits:
// "Email format by standard address pattern").

/** The longest address accepted (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** The usual address pattern (as HTML's type=email), with a dot required in the domain. */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** True for an address of at most EMAIL_MAX_LENGTH characters that matches EMAIL_PATTERN (trimmed first). */
export function isEmailAddress(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
