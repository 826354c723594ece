"use client";

import { useState, type FormEvent } from "react";
import type { BlockProps } from "../../runtime/types";
import { AccountShell } from "../_shared/accounts/AccountShell";
import { accountStyles as styles, Field, Notice, PasswordField, REQUIRED_FIELD_MESSAGE, SubmitButton } from "../_shared/accounts/AccountUi";
import { type Profile } from "../_shared/accounts/identity";
import { errorCode, messageForError } from "../_shared/accounts/apiErrors";
import { loadSdks, setProfile, useSession } from "../_shared/accounts/session";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import { IDENTITY_ERROR_MESSAGES } from "../../domain/errors";
import { BirthDateField, birthDateError, type BirthDateInput, type BirthPart } from "./BirthDateField";

export interface PersonalData extends BirthDateInput {
  firstName: string;
  lastName: string;
  secondLastName: string;
  phone: string;
}

/** The e-mail and, when it changes, the current password that confirms the change. */
export interface EmailChange {
  email: string;
  currentPassword: string;
}

/** The fields a refusal can point at (the date of birth's parts as one). */
export type FormField = Exclude<keyof PersonalData, BirthPart> | keyof EmailChange | "birthDate";

export const SAVED_MESSAGE = "Tus datos se guardaron.";
export const EMAIL_LABEL = "Correo electrónico";
export const CURRENT_PASSWORD_LABEL = "Contraseña actual";
export const CURRENT_PASSWORD_HINT = "Para cambiar el correo electrónico, confirma tu contraseña actual.";
export const WRONG_CURRENT_PASSWORD = "La contraseña actual no es correcta.";
export const SOCIAL_ONLY_EMAIL_HINT =
  "Ingresas con una red social y tu cuenta no tiene contraseña: para cambiar el correo escríbenos por los canales de atención al cliente.";
export const emailChangedMessage = (email: string) =>
  `Tus datos se guardaron. Te enviamos a ${email} un enlace para verificar el nuevo correo, y avisamos del cambio a tu correo anterior.`;

/**
 * Which field a refusal is about: the service names it in `field` ("nombre", "primer apellido",
 * "segundo apellido", "contacts[0].phone", "email", "currentPassword", "birthYear", "birthMonth",
 * "birthDay"); anything else is shown
 * above the form.
 */
export function fieldOfError(error: unknown): FormField | null {
  const field = String((error as { field?: unknown } | null)?.field ?? "");
  if (field === "nombre" || field === "firstName") return "firstName";
  if (field === "primer apellido" || field === "lastName") return "lastName";
  if (field === "segundo apellido" || field === "secondLastName") return "secondLastName";
  if (field.startsWith("contacts") || field === "phone") return "phone";
  if (field === "email") return "email";
  if (field === "currentPassword") return "currentPassword";
  if (field === "birthYear" || field === "birthMonth" || field === "birthDay") return "birthDate";
  return null;
}

/** Whether the typed address differs from the account's (the service compares them lower-cased). */
export function changesEmail(typed: string, current: string | null | undefined): boolean {
  const next = typed.trim().toLowerCase();
  return next !== "" && next !== (current ?? "").toLowerCase();
}

/**
 * The PATCH body: names as typed, an empty second last name cleared, the phone as the primary
 * contact, the date of birth's parts; and, only when the e-mail changes, the new address with the
 * current password.
 */
export function profileUpdate(values: PersonalData, emailChange?: EmailChange): Partial<Profile> & { currentPassword?: string } {
  const phone = values.phone.trim();
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    secondLastName: values.secondLastName.trim() || null,
    contacts: phone ? [{ phone, type: "PRIMARY" }] : [],
    birthYear: values.birthYear.trim(),
    birthMonth: values.birthMonth,
    birthDay: values.birthDay,
    ...(emailChange ? { email: emailChange.email.trim(), currentPassword: emailChange.currentPassword } : {}),
  };
}

/** An account that signs in only through a social provider has no password to confirm a change with. */
export function hasPassword(profile: Profile | null): boolean {
  const identities = (profile as { identities?: Array<{ type?: string }> } | null)?.identities;
  return !Array.isArray(identities) || identities.some((identity) => identity.type === "Identity");
}

function initialValues(profile: Profile | null): PersonalData {
  return {
    firstName: profile?.firstName ?? "",
    lastName: profile?.lastName ?? "",
    secondLastName: profile?.secondLastName ?? "",
    phone: profile?.contacts?.[0]?.phone ?? "",
    birthDay: profile?.birthDay ?? "",
    birthMonth: profile?.birthMonth ?? "",
    birthYear: profile?.birthYear ?? "",
  };
}

/** /autogestion/datos-/: edit the personal data of the profile. */
export default function AccountPersonalData({ settings, data }: BlockProps<Settings, Data>) {
  const session = useSession();
  return (
    <AccountShell title={settings.title ?? ""} path={data.path} session={session} signInText="Inicia sesión para editar tus datos personales.">
      {() => <PersonalDataForm profile={session.profile} />}
    </AccountShell>
  );
}

function PersonalDataForm({ profile }: { profile: Profile | null }) {
  const [values, setValues] = useState<PersonalData>(() => initialValues(profile));
  const [account, setAccount] = useState<Profile | null>(profile);
  const [email, setEmail] = useState(profile?.email ?? "");
  const [currentPassword, setCurrentPassword] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<{ field: FormField | null; message: string } | null>(null);
  /** The date of birth's own error: the form's check (naming the part), or the service's refusal. */
  const [birthError, setBirthError] = useState<{ part: BirthPart | null; message: string } | null>(null);
  const set = (key: keyof PersonalData) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setSaved(null);
  };
  const canChangeEmail = hasPassword(account);
  const emailChanging = canChangeEmail && changesEmail(email, account?.email);
  const fieldError = (key: FormField) => (error?.field === key ? error.message : null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    setAttempted(true);
    setSaved(null);
    // The same rule as the service's (domain/birthDate.ts): nothing is sent with a date it refuses.
    const birthProblem = birthDateError(values, new Date());
    setBirthError(birthProblem);
    if (birthProblem || (emailChanging && !currentPassword)) return;
    setLoading(true);
    setError(null);
    try {
      const { Identity } = await loadSdks();
      const change = emailChanging ? { email, currentPassword } : undefined;
      const updated = (await Identity.updateUserProfile(profileUpdate(values, change) as never)) as Profile;
      setProfile(updated);
      setAccount(updated);
      setEmail(updated.email ?? "");
      setCurrentPassword("");
      setAttempted(false);
      setSaved(change ? emailChangedMessage(updated.email ?? change.email.trim()) : SAVED_MESSAGE);
    } catch (failure) {
      const code = errorCode(failure);
      const field = code ? fieldOfError(failure) : null;
      const message = field === "currentPassword" && code === "300040" ? WRONG_CURRENT_PASSWORD : messageForError(failure, IDENTITY_ERROR_MESSAGES);
      setError({ field, message });
      if (field === "birthDate") setBirthError({ part: null, message });
    }
    setLoading(false);
  }

  return (
    <form className={`${styles.card} ${styles.form}`} onSubmit={submit} noValidate>
      {saved ? <Notice kind="success">{saved}</Notice> : null}
      {error && !error.field ? <Notice kind="error">{error.message}</Notice> : null}
      {error?.field || birthError ? <Notice kind="error">Revisa los datos marcados.</Notice> : null}
      <div className={styles.row}>
        <Field label="Nombre" autoComplete="given-name" value={values.firstName} onChange={set("firstName")} error={fieldError("firstName")} />
        <Field label="Primer apellido" autoComplete="family-name" value={values.lastName} onChange={set("lastName")} error={fieldError("lastName")} />
      </div>
      <div className={styles.row}>
        <Field label="Segundo apellido" value={values.secondLastName} onChange={set("secondLastName")} error={fieldError("secondLastName")} hint="Opcional" />
        <Field
          label="Celular"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={set("phone")}
          error={fieldError("phone")}
          hint="Entre 10 y 12 dígitos, p. ej. 3001234567"
        />
      </div>
      <BirthDateField
        value={values}
        onChange={(part, value) => {
          set(part)(value);
          setBirthError(null);
        }}
        error={birthError}
      />
      <div className={styles.row}>
        <Field
          label={EMAIL_LABEL}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(value) => {
            setEmail(value);
            setSaved(null);
          }}
          readOnly={!canChangeEmail}
          hint={canChangeEmail ? undefined : SOCIAL_ONLY_EMAIL_HINT}
          error={fieldError("email")}
        />
        {emailChanging ? (
          <PasswordField
            label={CURRENT_PASSWORD_LABEL}
            autoComplete="current-password"
            hint={CURRENT_PASSWORD_HINT}
            value={currentPassword}
            onChange={setCurrentPassword}
            error={attempted && !currentPassword ? REQUIRED_FIELD_MESSAGE : fieldError("currentPassword")}
          />
        ) : null}
      </div>
      <div>
        <SubmitButton loading={loading}>Guardar cambios</SubmitButton>
      </div>
    </form>
  );
}
