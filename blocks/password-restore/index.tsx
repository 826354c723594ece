"use client";

import { useEffect, useState, type FormEvent } from "react";
import type { BlockProps } from "../../runtime/types";
import { accountStyles as styles, Notice, PasswordField, REQUIRED_FIELD_MESSAGE, SubmitButton } from "../_shared/accounts/AccountUi";
import { navigation } from "../_shared/accounts/identity";
import { messageForError } from "../_shared/accounts/apiErrors";
import { FORM_QUERY_PARAM } from "../_shared/accounts/loginModal";
import { loadSdks, useSession } from "../_shared/accounts/session";
import type { Settings } from "./settings";
import { IDENTITY_ERROR_MESSAGES } from "../../domain/errors";

/** docs/accounts.md#restore-validation: the restore form takes 8 to 12 characters... */
export const RESTORE_PASSWORD_MIN_LENGTH = 8;
export const RESTORE_PASSWORD_MAX_LENGTH = 12;
/** ...and after success waits 2600 ms before going home with a form marker (the login form opens there, docs/accounts.md#password-restore). */
export const RESTORE_REDIRECT_DELAY_MS = 2600;
export const RESTORE_SUCCESS_URL = `/?${FORM_QUERY_PARAM}=login`;
export const NONCE_QUERY_PARAM = "nonce";

export const PASSWORD_LENGTH_MESSAGE = `La contraseña debe tener entre ${RESTORE_PASSWORD_MIN_LENGTH} y ${RESTORE_PASSWORD_MAX_LENGTH} caracteres`;
export const PASSWORD_MISMATCH_MESSAGE = "Tus contraseñas no coinciden";
export const PASSWORD_UPDATED_MESSAGE = "Tu contraseña ha sido actualizada";
export const MISSING_NONCE_MESSAGE = "El enlace para restablecer la contraseña no es válido. Pide uno nuevo desde «¿Olvidaste tu contraseña?».";

export interface RestoreErrors {
  password?: string;
  confirm?: string;
}

/** Field messages for the two passwords: required, 8 to 12 characters, the same twice. */
export function validateRestore(password: string, confirm: string): RestoreErrors {
  const errors: RestoreErrors = {};
  if (!password) errors.password = REQUIRED_FIELD_MESSAGE;
  else if (password.length < RESTORE_PASSWORD_MIN_LENGTH || password.length > RESTORE_PASSWORD_MAX_LENGTH) errors.password = PASSWORD_LENGTH_MESSAGE;
  if (!confirm) errors.confirm = REQUIRED_FIELD_MESSAGE;
  else if (confirm !== password) errors.confirm = PASSWORD_MISMATCH_MESSAGE;
  return errors;
}

type Status = { kind: "idle" } | { kind: "loading" } | { kind: "success" } | { kind: "error"; message: string };

/**
 * /restablecer-contrasena/?nonce=…: the page the password-restore e-mail links to. It renders from
 * its settings alone: the nonce is read from the address in the browser.
 */
export default function PasswordRestore({ settings }: BlockProps<Settings, null>) {
  const session = useSession();
  // undefined until mounted (the server does not read the nonce: the page stays cacheable).
  const [nonce, setNonce] = useState<string | null | undefined>(undefined);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  useEffect(() => setNonce(new URLSearchParams(window.location.search).get(NONCE_QUERY_PARAM) || null), []);

  // A signed-in reader has nothing to restore here.
  useEffect(() => {
    if (session.loggedIn === true) navigation.assign("/");
  }, [session.loggedIn]);

  useEffect(() => {
    if (status.kind !== "success") return;
    const timer = setTimeout(() => navigation.assign(RESTORE_SUCCESS_URL), RESTORE_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status.kind]);

  const errors = attempted ? validateRestore(password, confirm) : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status.kind === "loading" || status.kind === "success") return;
    setAttempted(true);
    const problems = validateRestore(password, confirm);
    if (problems.password || problems.confirm || !nonce) return;
    setStatus({ kind: "loading" });
    try {
      const { Identity } = await loadSdks();
      await Identity.resetPassword(nonce, password);
      setStatus({ kind: "success" });
    } catch (failure) {
      setStatus({ kind: "error", message: messageForError(failure, IDENTITY_ERROR_MESSAGES) });
    }
  }

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{settings.title}</h1>
      {nonce === null ? (
        <Notice kind="error">{MISSING_NONCE_MESSAGE}</Notice>
      ) : status.kind === "success" ? (
        <Notice kind="success">{PASSWORD_UPDATED_MESSAGE}</Notice>
      ) : (
        <>
          <p className={styles.lead}>
            Escribe tu contraseña nueva dos veces. Debe tener entre {RESTORE_PASSWORD_MIN_LENGTH} y {RESTORE_PASSWORD_MAX_LENGTH} caracteres.
          </p>
          <form className={`${styles.form} ${styles.card}`} onSubmit={submit} noValidate>
            {status.kind === "error" ? <Notice kind="error">{status.message}</Notice> : null}
            <PasswordField label="Nueva contraseña" autoComplete="new-password" value={password} onChange={setPassword} error={errors.password} />
            <PasswordField label="Confirmar contraseña" autoComplete="new-password" value={confirm} onChange={setConfirm} error={errors.confirm} />
            <SubmitButton loading={status.kind === "loading"}>Cambiar contraseña</SubmitButton>
          </form>
        </>
      )}
    </section>
  );
}
