"use client";

import { useEffect, useState, type FormEvent } from "react";
import type { BlockProps } from "../../runtime/types";
import { AccountShell } from "../_shared/accounts/AccountShell";
import { displayName } from "../_shared/accounts/accountNav";
import { accountPageFor } from "../_shared/accounts/profileSections";
import { accountStyles as styles, Notice, PASSWORD_RULE_HINT, PasswordField, REQUIRED_FIELD_MESSAGE, SubmitButton } from "../_shared/accounts/AccountUi";
import { maskEmail } from "../_shared/format";
import { type Profile } from "../_shared/accounts/identity";
import { messageForError } from "../_shared/accounts/apiErrors";
import { loadSdks, refreshProfile, useSession } from "../_shared/accounts/session";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import { IDENTITY_ERROR_MESSAGES } from "../../domain/errors";
import { birthDateParts, formatBirthDate } from "../../domain/birthDate";

export const EMAIL_VERIFIED_LABEL = "Verificado";
export const EMAIL_UNVERIFIED_LABEL = "Sin verificar";
export const VERIFICATION_SENT = "Te enviamos un nuevo enlace de verificación. Revisa tu correo.";
export const PASSWORD_CHANGED = "Tu contraseña se cambió.";

/** /autogestion/perfil/: the signed-in reader's profile. */
export default function AccountProfile({ settings, data }: BlockProps<Settings, Data>) {
  const session = useSession();
  return (
    <AccountShell title={settings.title ?? ""} path={data.path} session={session} signInText="Inicia sesión para ver tu perfil.">
      {() => <ProfileDetails profile={session.profile} editHref={accountPageFor(data.path, "personalData")} />}
    </AccountShell>
  );
}

function ProfileDetails({ profile: stored, editHref }: { profile: Profile | null; editHref: string }) {
  const [profile, setProfile] = useState<Profile | null>(stored);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  // The stored copy may be minutes old (e-mail verified since): read it fresh once.
  useEffect(() => {
    refreshProfile()
      .then(setProfile)
      .catch((error) => console.warn("[cuentas] no se pudo leer el perfil:", error?.message ?? error));
  }, []);

  async function resendVerification() {
    if (!profile?.email || sending) return;
    setSending(true);
    try {
      const { Identity } = await loadSdks();
      await Identity.requestVerifyEmail(profile.email);
      setNotice({ kind: "success", text: VERIFICATION_SENT });
    } catch (error) {
      setNotice({ kind: "error", text: messageForError(error) });
    }
    setSending(false);
  }

  const phone = profile?.contacts?.[0]?.phone;
  return (
    <>
      <div className={styles.card}>
        <h2>{displayName(profile)}</h2>
        {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
        <dl className={styles.definitions}>
          <dt>Nombre</dt>
          <dd>{[profile?.firstName, profile?.lastName, profile?.secondLastName].filter(Boolean).join(" ") || "—"}</dd>
          <dt>Correo electrónico</dt>
          <dd data-email="">{profile?.email ? maskEmail(profile.email) : "—"}</dd>
          <dt>Estado del correo</dt>
          <dd>
            {profile?.emailVerified ? (
              EMAIL_VERIFIED_LABEL
            ) : (
              <>
                {EMAIL_UNVERIFIED_LABEL}{" "}
                <button type="button" className={styles.linkButton} onClick={resendVerification} disabled={sending}>
                  Reenviar el enlace de verificación
                </button>
              </>
            )}
          </dd>
          <dt>Celular</dt>
          <dd>{phone || "—"}</dd>
          <dt>Fecha de nacimiento</dt>
          <dd data-birth-date="">{formatBirthDate(birthDateParts(profile)) || "—"}</dd>
        </dl>
        <p>
          <a href={editHref}>Editar mis datos personales</a>
        </p>
      </div>
      <ChangePassword />
    </>
  );
}

function ChangePassword() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (loading || !current || !next) return;
    setLoading(true);
    setNotice(null);
    try {
      const { Identity } = await loadSdks();
      await Identity.updatePassword(current, next);
      setNotice({ kind: "success", text: PASSWORD_CHANGED });
      setCurrent("");
      setNext("");
      setAttempted(false);
    } catch (error) {
      setNotice({ kind: "error", text: messageForError(error, IDENTITY_ERROR_MESSAGES) });
    }
    setLoading(false);
  }

  return (
    <form className={`${styles.card} ${styles.form}`} onSubmit={submit} noValidate>
      <h2>Cambiar contraseña</h2>
      {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
      <PasswordField
        label="Contraseña actual"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
        error={attempted && !current ? REQUIRED_FIELD_MESSAGE : null}
      />
      <PasswordField
        label="Contraseña nueva"
        autoComplete="new-password"
        hint={PASSWORD_RULE_HINT}
        value={next}
        onChange={setNext}
        error={attempted && !next ? REQUIRED_FIELD_MESSAGE : null}
      />
      <div>
        <SubmitButton loading={loading}>Cambiar contraseña</SubmitButton>
      </div>
    </form>
  );
}
