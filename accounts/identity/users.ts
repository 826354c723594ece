// Users, their sign-in identities and the profile shape the identity SDK reads.
import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import type { Queryable } from "../../platform/database";
import {
  checkAddresses,
  checkAttributes,
  checkBirthDate,
  checkContacts,
  checkDisplayName,
  checkPersonName,
  checkPicture,
  normalizeEmail,
  type Address,
  type Attribute,
  type Contact,
} from "./validation";
import { ApiError, ErrorCodes } from "../errors";
import { currentRequestBrand } from "../mail/brand";

/** argon2id (the library's default algorithm, spelt out), 19 MiB, 2 passes: OWASP's baseline. */
const ARGON2_OPTIONS = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS as Parameters<typeof hash>[1]);
}

export async function passwordMatches(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the account does not exist keeps the answer time the same.
let dummyHash: Promise<string> | null = null;
export async function spendPasswordTime(password: string) {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  await passwordMatches(await dummyHash, password);
}

export interface UserRow {
  uuid: string;
  email: string | null;
  email_verified: boolean;
  first_name: string | null;
  last_name: string | null;
  second_last_name: string | null;
  display_name: string | null;
  gender: string | null;
  birth_year: string | null;
  birth_month: string | null;
  birth_day: string | null;
  picture: string | null;
  legacy_id: string | null;
  contacts: Contact[];
  addresses: Address[];
  attributes: Attribute[];
  settings: Record<string, unknown>;
  status: string;
  created_at: Date;
  modified_at: Date;
  deleted_at: Date | null;
  /** The brand the account was made on (migration accounts-007): e-mail sent later speaks for it. */
  brand?: string | null;
}

export interface IdentityRow {
  id: number;
  user_uuid: string;
  type: string;
  user_name: string;
  password_hash: string | null;
  password_reset: boolean;
  locked: boolean;
  last_login_at: Date | null;
  created_at: Date;
  modified_at: Date;
}

export async function findUserByEmail(tx: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>("SELECT * FROM accounts_users WHERE email = $1", [email.toLowerCase()]);
  return rows[0] ?? null;
}

export async function getUser(tx: Queryable, uuid: string, forUpdate = false): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(`SELECT * FROM accounts_users WHERE uuid = $1${forUpdate ? " FOR UPDATE" : ""}`, [uuid]);
  return rows[0] ?? null;
}

export async function passwordIdentity(tx: Queryable, uuid: string): Promise<IdentityRow | null> {
  const { rows } = await tx.query<IdentityRow>("SELECT * FROM accounts_identities WHERE user_uuid = $1 AND type = 'Identity'", [uuid]);
  return rows[0] ?? null;
}

const ms = (date: Date | null) => (date ? new Date(date).getTime() : null);

export function serializeIdentity(row: IdentityRow) {
  return {
    id: Number(row.id),
    userName: row.user_name,
    type: row.type,
    passwordReset: row.password_reset,
    locked: row.locked,
    lastLoginDate: ms(row.last_login_at),
    createdOn: ms(row.created_at),
    modifiedOn: ms(row.modified_at),
    createdBy: row.user_uuid,
    modifiedBy: row.user_uuid,
    deletedOn: null,
  };
}

/** The UserProfile of the identity SDK (userProfile.d.ts). */
export async function profileOf(tx: Queryable, user: UserRow) {
  const { rows } = await tx.query<IdentityRow>("SELECT * FROM accounts_identities WHERE user_uuid = $1 ORDER BY id", [user.uuid]);
  return {
    uuid: user.uuid,
    email: user.email,
    emailVerified: user.email_verified,
    firstName: user.first_name,
    lastName: user.last_name,
    secondLastName: user.second_last_name,
    displayName: user.display_name,
    gender: user.gender,
    birthYear: user.birth_year,
    birthMonth: user.birth_month,
    birthDay: user.birth_day,
    picture: user.picture,
    legacyId: user.legacy_id,
    contacts: user.contacts,
    addresses: user.addresses,
    attributes: user.attributes,
    identities: rows.map(serializeIdentity),
    status: user.status,
    createdOn: ms(user.created_at),
    modifiedOn: ms(user.modified_at),
    deletedOn: ms(user.deleted_at),
  };
}

/** Profile fields a reader may set, validated; keys absent from the input stay absent. */
export interface ProfileFields {
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
  secondLastName?: string | null;
  displayName?: string;
  gender?: string | null;
  birthYear?: string | null;
  birthMonth?: string | null;
  birthDay?: string | null;
  picture?: string | null;
  contacts?: Contact[];
  addresses?: Address[];
  attributes?: Attribute[];
}

const GENDERS = ["MALE", "FEMALE", "NON_CONFORMING", "PREFER_NOT_TO_SAY"] as const;

/**
 * Validates a profile body (sign-up or PATCH). Unknown or read-only fields (uuid, identities,
 * emailVerified, status, dates) are ignored, as Arc does.
 */
export function validateProfile(input: Record<string, unknown>, now: Date, mode: "signup" | "update"): ProfileFields {
  const fields: ProfileFields = {};
  if (input.email !== undefined || mode === "signup") fields.email = normalizeEmail(input.email);
  for (const [key, label] of [
    ["firstName", "nombre"],
    ["lastName", "primer apellido"],
    ["secondLastName", "segundo apellido"],
  ] as const) {
    const value = checkPersonName(input[key], label);
    if (value !== undefined) fields[key] = value;
  }
  // A display name is required: at sign-up it defaults to the first name (or the e-mail's local part).
  if (input.displayName !== undefined) fields.displayName = checkDisplayName(input.displayName);
  else if (mode === "signup") fields.displayName = checkDisplayName(fields.firstName ?? fields.email!.split("@")[0].replace(/[^\p{L}\p{N}._\- ]/gu, "") ?? "");
  if (input.gender !== undefined) {
    if (input.gender !== null && !(GENDERS as readonly unknown[]).includes(input.gender)) {
      throw new ApiError(400, ErrorCodes.badRequest, `El campo gender debe ser uno de ${GENDERS.join(", ")}`, { field: "gender" });
    }
    fields.gender = input.gender as string | null;
  }
  Object.assign(fields, checkBirthDate(input, now));
  const picture = checkPicture(input.picture);
  if (picture !== undefined) fields.picture = picture;
  if (input.contacts !== undefined && input.contacts !== null) fields.contacts = checkContacts(input.contacts);
  if (input.addresses !== undefined && input.addresses !== null) fields.addresses = checkAddresses(input.addresses);
  if (input.attributes !== undefined && input.attributes !== null) fields.attributes = checkAttributes(input.attributes);
  return fields;
}

const COLUMNS: Record<keyof ProfileFields, string> = {
  email: "email",
  firstName: "first_name",
  lastName: "last_name",
  secondLastName: "second_last_name",
  displayName: "display_name",
  gender: "gender",
  birthYear: "birth_year",
  birthMonth: "birth_month",
  birthDay: "birth_day",
  picture: "picture",
  contacts: "contacts",
  addresses: "addresses",
  attributes: "attributes",
};

const JSON_FIELDS = new Set(["contacts", "addresses", "attributes"]);

export async function insertUser(tx: Queryable, uuid: string, fields: ProfileFields, now: Date) {
  const keys = Object.keys(fields) as Array<keyof ProfileFields>;
  // The brand the account was created on: its e-mails outside a request (renewals) speak for it.
  const columns = ["uuid", "created_at", "modified_at", "brand", ...keys.map((k) => COLUMNS[k])];
  const values = [uuid, now, now, currentRequestBrand() ?? null, ...keys.map((k) => (JSON_FIELDS.has(k) ? JSON.stringify(fields[k]) : fields[k]))];
  await tx.query(`INSERT INTO accounts_users (${columns.join(", ")}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(", ")})`, values);
}

/**
 * Writes profile fields. A new e-mail is unverified unless the caller says otherwise: nothing that
 * changes the address may keep the old address's verification.
 */
export async function updateUser(tx: Queryable, uuid: string, fields: ProfileFields & { emailVerified?: boolean }, now: Date) {
  const { emailVerified: stated, ...profile } = fields;
  const emailVerified = stated ?? (profile.email !== undefined ? false : undefined);
  const keys = Object.keys(profile) as Array<keyof ProfileFields>;
  const sets = keys.map((k, i) => `${COLUMNS[k]} = $${i + 3}`);
  const values: unknown[] = [uuid, now, ...keys.map((k) => (JSON_FIELDS.has(k) ? JSON.stringify(profile[k]) : profile[k]))];
  if (emailVerified !== undefined) {
    values.push(emailVerified);
    sets.push(`email_verified = $${values.length}`);
  }
  await tx.query(`UPDATE accounts_users SET modified_at = $2${sets.map((s) => `, ${s}`).join("")} WHERE uuid = $1`, values);
}

export async function countIdentities(tx: Queryable, uuid: string): Promise<number> {
  const { rows } = await tx.query<{ n: string }>("SELECT count(*) AS n FROM accounts_identities WHERE user_uuid = $1", [uuid]);
  return Number(rows[0].n);
}
