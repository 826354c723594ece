"use client";

import { useState, type FormEvent } from "react";
import type { BlockProps } from "../../runtime/types";
import { AccountShell } from "../_shared/AccountShell";
import { accountStyles as styles, Field, Notice, SubmitButton } from "../_shared/AccountUi";
import { errorCode, messageForError, type Profile } from "../_shared/identity";
import { loadSdks, setProfile, useSession } from "../_shared/session";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import { IDENTITY_ERROR_MESSAGES } from "../../domain/errors";

export interface PersonalData {
  firstName: string;
  lastName: string;
  secondLastName: string;
  phone: string;
}

export const SAVED_MESSAGE = "Tus datos se guardaron.";

/**
 * Which field a refusal is about: the service names it in `field` ("nombre", "primer apellido",
 * "segundo apellido", "contacts[0].phone"); anything else is shown above the form.
 */
export function fieldOfError(error: unknown): keyof PersonalData | null {
  const field = String((error as { field?: unknown } | null)?.field ?? "");
  if (field === "nombre" || field === "firstName") return "firstName";
  if (field === "primer apellido" || field === "lastName") return "lastName";
  if (field === "segundo apellido" || field === "secondLastName") return "secondLastName";
  if (field.startsWith("contacts") || field === "phone") return "phone";
  return null;
}

/** The PATCH body: names as typed, an empty second last name cleared, the phone as the primary contact. */
export function profileUpdate(values: PersonalData): Partial<Profile> {
  const phone = values.phone.trim();
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    secondLastName: values.secondLastName.trim() || null,
    contacts: phone ? [{ phone, type: "PRIMARY" }] : [],
  };
}

function initialValues(profile: Profile | null): PersonalData {
  return {
    firstName: profile?.firstName ?? "",
    lastName: profile?.lastName ?? "",
    secondLastName: profile?.secondLastName ?? "",
    phone: profile?.contacts?.[0]?.phone ?? "",
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
  const [loading, setLoading] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<{ field: keyof PersonalData | null; message: string } | null>(null);
  const set = (key: keyof PersonalData) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setSaved(false);
  };
  const fieldError = (key: keyof PersonalData) => (error?.field === key ? error.message : null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    setError(null);
    setSaved(false);
    try {
      const { Identity } = await loadSdks();
      const updated = (await Identity.updateUserProfile(profileUpdate(values) as never)) as Profile;
      setProfile(updated);
      setSaved(true);
    } catch (failure) {
      const field = errorCode(failure) ? fieldOfError(failure) : null;
      setError({ field, message: messageForError(failure, IDENTITY_ERROR_MESSAGES) });
    }
    setLoading(false);
  }

  return (
    <form className={`${styles.card} ${styles.form}`} onSubmit={submit} noValidate>
      {saved ? <Notice kind="success">{SAVED_MESSAGE}</Notice> : null}
      {error && !error.field ? <Notice kind="error">{error.message}</Notice> : null}
      {error?.field ? <Notice kind="error">Revisa los datos marcados.</Notice> : null}
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
      <div>
        <SubmitButton loading={loading}>Guardar cambios</SubmitButton>
      </div>
    </form>
  );
}
