// Server-side validation of docs/accounts.md#validation-limits, answering with the catalogue codes
// of docs/error-catalogue.md#codes.
// Every limit is a named constant; a rejected request stores nothing because validation runs
// before any write. Every text goes through input.ts (length, control characters, encoding).
import { ApiError, ErrorCodes, type ErrorCode } from "../errors";
import { optionalText, quoteInput, type TextRule } from "../input";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../../domain/email";
import { ageInYears, birthDateProblem, birthPartRanges, MINIMUM_AGE_YEARS, type BirthDateParts } from "../../domain/birthDate";

export const PASSWORD_MIN_LENGTH = 8;
/** Not in the spec: a ceiling so nobody makes the server hash megabytes. */
const PASSWORD_MAX_LENGTH = 128;
export const PHONE_MIN_LENGTH = 10;
export const PHONE_MAX_LENGTH = 12;
export const PERSON_NAME_MAX_LENGTH = 50;
export const DISPLAY_NAME_MAX_LENGTH = 100;
export const ADDRESS_LINE_MAX_LENGTH = 256;
export const ADDRESS_FIELD_MAX_LENGTH = 100;
const COUNTRY_CODE_LENGTH = 2;
export const ATTRIBUTE_NAME_MAX_LENGTH = 30;
export const ATTRIBUTE_VALUE_MAX_LENGTH = 1000;
/** Not in the spec: an attribute's optional type is a short tag ("String", "Boolean"…). */
const ATTRIBUTE_TYPE_MAX_LENGTH = 30;
export const PICTURE_MAX_LENGTH = 255;
export { ageInYears, MINIMUM_AGE_YEARS };
/** A year, month or day of birth is at most 4 digits. */
const BIRTH_PART_MAX_LENGTH = 4;
export const MAX_IDENTITIES = 100;
export const MAX_ADDRESSES = 100;
export const MAX_ATTRIBUTES = 100;
const MAX_CONTACTS = 100;
const CONTACT_TYPES = ["WORK", "HOME", "PRIMARY", "OTHER"] as const;

// Person names: letters (any script, with accents), spaces, apostrophes, hyphens and periods.
const PERSON_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;
// Display names may also carry digits and underscores.
const DISPLAY_NAME_PATTERN = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}' .\-_]*$/u;
const PHONE_PATTERN = /^\+?[0-9]+$/;

function fail(code: ErrorCode, message: string, field: string): never {
  throw new ApiError(400, code, message, { field });
}

/** A text field of `max` characters (trimmed), refused with `code` (and `characterCode` for its characters). */
function textField(value: unknown, field: string, max: number, code: ErrorCode = ErrorCodes.badRequest, characterCode?: ErrorCode): string | undefined {
  return optionalText(value, field, { max, code, characterCode });
}

/** Passwords are taken as typed (no trimming); at most PASSWORD_MAX_LENGTH, no control characters. */
const PASSWORD_RULE: TextRule = { max: PASSWORD_MAX_LENGTH, trim: false };

export function normalizeEmail(value: unknown, field = "email"): string {
  const email = textField(value, field, EMAIL_MAX_LENGTH, ErrorCodes.emailFormat)?.toLowerCase();
  if (!email) fail(ErrorCodes.emailFormat, "El correo electrónico es obligatorio", field);
  if (!EMAIL_PATTERN.test(email)) fail(ErrorCodes.emailFormat, `El correo electrónico ${quoteInput(email)} no tiene un formato válido`, field);
  return email;
}

/** A password typed to prove who one is (sign-in, current password): 1 to PASSWORD_MAX_LENGTH characters. */
export function checkPassword(value: unknown, field: string): string {
  const password = optionalText(value, field, PASSWORD_RULE);
  if (!password) fail(ErrorCodes.badRequest, `El campo ${field} es obligatorio`, field);
  return password;
}

export function checkPasswordStrength(value: unknown, field = "password"): string {
  const password = optionalText(value, field, { ...PASSWORD_RULE, code: ErrorCodes.passwordStrength }) ?? "";
  const strong =
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /[0-9]/.test(password);
  if (!strong) {
    fail(
      ErrorCodes.passwordStrength,
      `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres (máximo ${PASSWORD_MAX_LENGTH}), con mayúsculas, minúsculas y números`,
      field,
    );
  }
  return password;
}

export function checkPersonName(value: unknown, field: string, required = false): string | null | undefined {
  const name = textField(value, field, PERSON_NAME_MAX_LENGTH, ErrorCodes.nameLength, ErrorCodes.nameInvalidCharacters);
  if (name === undefined) {
    if (required) fail(ErrorCodes.nameLength, `El campo ${field} es obligatorio`, field);
    return value === null ? null : undefined;
  }
  if (name.length < 1) fail(ErrorCodes.nameLength, `El campo ${field} debe tener entre 1 y ${PERSON_NAME_MAX_LENGTH} caracteres`, field);
  if (!PERSON_NAME_PATTERN.test(name)) fail(ErrorCodes.nameInvalidCharacters, `El campo ${field} tiene caracteres no permitidos`, field);
  return name;
}

export function checkDisplayName(value: unknown, field = "displayName"): string {
  const name = textField(value, field, DISPLAY_NAME_MAX_LENGTH, ErrorCodes.displayNameLength, ErrorCodes.displayNameInvalidCharacters);
  if (!name) fail(ErrorCodes.displayNameLength, "El nombre para mostrar es obligatorio", field);
  if (!DISPLAY_NAME_PATTERN.test(name)) fail(ErrorCodes.displayNameInvalidCharacters, "El nombre para mostrar tiene caracteres no permitidos", field);
  return name;
}

export function checkPhone(value: unknown, field = "phone"): string {
  const phone = textField(value, field, PHONE_MAX_LENGTH, ErrorCodes.phoneLength) ?? "";
  if (phone.length < PHONE_MIN_LENGTH || phone.length > PHONE_MAX_LENGTH || !PHONE_PATTERN.test(phone)) {
    fail(ErrorCodes.phoneLength, `El número de celular debe tener entre ${PHONE_MIN_LENGTH} y ${PHONE_MAX_LENGTH} dígitos`, field);
  }
  return phone;
}

export interface Address {
  line1?: string | null;
  line2?: string | null;
  locality?: string | null;
  region?: string | null;
  postal?: string | null;
  country?: string | null;
  type?: string;
}

function boundedText(value: unknown, field: string, max: number, code: ErrorCode, required: boolean): string | null | undefined {
  const text = textField(value, field, max, code);
  if (text === undefined || (!required && value === "")) {
    if (required) fail(code, `El campo ${field} es obligatorio`, field);
    return value === null ? null : undefined;
  }
  if (text.length < 1) fail(code, `El campo ${field} debe tener entre 1 y ${max} caracteres`, field);
  return text;
}

/**
 * A postal address: line1/line2 1–256 characters, locality/region/postal 1–100, country 2 letters.
 * `require` names the fields that must be present (a profile address needs line1 and locality, a
 * cart's address its country, an order's or a subscription's billing address all four).
 */
export function checkAddress(value: unknown, field: string, require: Array<"line1" | "locality" | "region" | "country"> = []): Address {
  if (!value || typeof value !== "object" || Array.isArray(value)) fail(ErrorCodes.addressLineInvalid, `La dirección ${field} debe ser un objeto`, field);
  const input = value as Record<string, unknown>;
  const address: Address = {
    line1: boundedText(input.line1, `${field}.line1`, ADDRESS_LINE_MAX_LENGTH, ErrorCodes.addressLineInvalid, require.includes("line1")),
    line2: boundedText(input.line2, `${field}.line2`, ADDRESS_LINE_MAX_LENGTH, ErrorCodes.addressLineInvalid, false),
    locality: boundedText(input.locality, `${field}.locality`, ADDRESS_FIELD_MAX_LENGTH, ErrorCodes.addressLocalityInvalid, require.includes("locality")),
    region: boundedText(input.region, `${field}.region`, ADDRESS_FIELD_MAX_LENGTH, ErrorCodes.addressRegionInvalid, require.includes("region")),
    postal: boundedText(input.postal, `${field}.postal`, ADDRESS_FIELD_MAX_LENGTH, ErrorCodes.addressPostalInvalid, false),
  };
  const country = textField(input.country, `${field}.country`, COUNTRY_CODE_LENGTH, ErrorCodes.addressCountryInvalid);
  if (country === undefined || country === "") {
    if (require.includes("country")) fail(ErrorCodes.addressCountryInvalid, `El país de ${field} es obligatorio`, `${field}.country`);
  } else {
    if (!new RegExp(`^[A-Za-z]{${COUNTRY_CODE_LENGTH}}$`).test(country))
      fail(ErrorCodes.addressCountryInvalid, `El país de ${field} debe ser un código de ${COUNTRY_CODE_LENGTH} letras (p. ej. CO)`, `${field}.country`);
    address.country = country.toUpperCase();
  }
  if (input.type !== undefined) address.type = checkContactType(input.type, `${field}.type`);
  // Drop absent fields so stored addresses stay compact.
  return Object.fromEntries(Object.entries(address).filter(([, v]) => v !== undefined)) as Address;
}

function checkContactType(value: unknown, field: string): string {
  if (typeof value !== "string" || !(CONTACT_TYPES as readonly string[]).includes(value))
    fail(ErrorCodes.badRequest, `El campo ${field} debe ser uno de ${CONTACT_TYPES.join(", ")}`, field);
  return value;
}

function checkList(value: unknown, field: string, max: number): unknown[] {
  if (!Array.isArray(value)) fail(ErrorCodes.badRequest, `El campo ${field} debe ser una lista`, field);
  if (value.length > max) fail(ErrorCodes.badRequest, `El campo ${field} admite como máximo ${max} elementos`, field);
  return value;
}

export interface Attribute {
  name: string;
  value: string;
  type?: string;
}

export function checkAttributes(value: unknown): Attribute[] {
  return checkList(value, "attributes", MAX_ATTRIBUTES).map((item, i) => {
    const field = `attributes[${i}]`;
    if (!item || typeof item !== "object") fail(ErrorCodes.badRequest, `El atributo ${field} debe ser un objeto`, field);
    const input = item as Record<string, unknown>;
    const name = textField(input.name, `${field}.name`, ATTRIBUTE_NAME_MAX_LENGTH) ?? "";
    if (name.length < 1)
      fail(ErrorCodes.badRequest, `El nombre del atributo ${field} debe tener entre 1 y ${ATTRIBUTE_NAME_MAX_LENGTH} caracteres`, `${field}.name`);
    const raw =
      typeof input.value === "number" || typeof input.value === "boolean"
        ? String(input.value)
        : optionalText(input.value, `${field}.value`, { max: ATTRIBUTE_VALUE_MAX_LENGTH, trim: false });
    const attributeValue = raw ?? "";
    if (attributeValue.length < 1 || attributeValue.length > ATTRIBUTE_VALUE_MAX_LENGTH)
      fail(ErrorCodes.badRequest, `El valor del atributo ${field} debe tener entre 1 y ${ATTRIBUTE_VALUE_MAX_LENGTH} caracteres`, `${field}.value`);
    const type = textField(input.type, `${field}.type`, ATTRIBUTE_TYPE_MAX_LENGTH);
    return type ? { name, value: attributeValue, type } : { name, value: attributeValue };
  });
}

export interface Contact {
  phone: string;
  type: string;
}

export function checkContacts(value: unknown): Contact[] {
  return checkList(value, "contacts", MAX_CONTACTS).map((item, i) => {
    const field = `contacts[${i}]`;
    if (!item || typeof item !== "object") fail(ErrorCodes.badRequest, `El contacto ${field} debe ser un objeto`, field);
    const input = item as Record<string, unknown>;
    return { phone: checkPhone(input.phone, `${field}.phone`), type: input.type === undefined ? "PRIMARY" : checkContactType(input.type, `${field}.type`) };
  });
}

export function checkAddresses(value: unknown): Address[] {
  return checkList(value, "addresses", MAX_ADDRESSES).map((item, i) => checkAddress(item, `addresses[${i}]`, ["line1", "locality"]));
}

export function checkPicture(value: unknown): string | null | undefined {
  const picture = optionalText(value, "picture", { max: PICTURE_MAX_LENGTH, trim: false });
  if (picture === undefined) return value === null ? null : undefined;
  if (picture === "") return null;
  return picture;
}

export interface BirthDate {
  birthYear?: string | null;
  birthMonth?: string | null;
  birthDay?: string | null;
}

const BIRTH_PARTS = { birthYear: "year", birthMonth: "month", birthDay: "day" } as const;
const FIELD_OF_PART = { year: "birthYear", month: "birthMonth", day: "birthDay" } as const;

/**
 * Checks the parts that are present are numbers of a real date and the reader is old enough: the
 * rule of domain/birthDate.ts, which the profile form applies too.
 */
export function checkBirthDate(input: Record<string, unknown>, now: Date): BirthDate {
  const parts: BirthDate = {};
  const numbers: BirthDateParts = {};
  const ranges = birthPartRanges(now);
  for (const key of Object.keys(BIRTH_PARTS) as Array<keyof typeof BIRTH_PARTS>) {
    const raw = input[key];
    if (raw === undefined) continue;
    if (raw === null || raw === "") {
      parts[key] = null;
      continue;
    }
    const text = typeof raw === "number" ? String(raw) : textField(raw, key, BIRTH_PART_MAX_LENGTH)!;
    const [min, max] = ranges[BIRTH_PARTS[key]];
    if (!/^[0-9]+$/.test(text)) fail(ErrorCodes.badRequest, `El campo ${key} debe ser un número entre ${min} y ${max}`, key);
    numbers[BIRTH_PARTS[key]] = Number(text);
    parts[key] = String(Number(text));
  }
  const problem = birthDateProblem(numbers, now);
  if (problem) {
    const field = FIELD_OF_PART[problem.part];
    fail(
      ErrorCodes.badRequest,
      problem.kind === "range" ? `El campo ${field} debe ser un número entre ${problem.min} y ${problem.max}` : problem.message,
      field,
    );
  }
  return parts;
}
