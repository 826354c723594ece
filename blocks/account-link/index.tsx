"use client";

import { useEffect, useRef, useState } from "react";
import type { BlockProps } from "../../runtime/types";
import { accountStyles as styles, LoadingPanel, Notice, SignInPrompt, SubmitButton } from "../_shared/accounts/AccountUi";
import { ACCOUNT_PAGES } from "../_shared/accounts/identity";
import { messageForError } from "../_shared/accounts/apiErrors";
import { loadSdks, refreshProfile, reloadSession, useSession } from "../_shared/accounts/session";
import { deviceLimitOf, DeviceLimitList, signOutDevice, type Device, type DeviceLimit } from "../_shared/accounts/DeviceLimit";
import type { Settings } from "./settings";

export type LinkAction = Settings["action"];
export const NONCE_QUERY_PARAM = "nonce";
export const DELETE_DECISION_PARAM = "accion";

export const LINK_TITLES: Record<LinkAction, string> = {
  "verificar-correo": "Verificación de correo",
  "enlace-magico": "Acceso con enlace",
  "eliminar-cuenta": "Eliminar cuenta",
};

export const LINK_SUCCESS: Record<LinkAction, string> = {
  "verificar-correo": "Tu correo fue verificado. ¡Gracias!",
  "enlace-magico": "Iniciaste sesión con el enlace de tu correo.",
  "eliminar-cuenta": "Tu cuenta fue eliminada. Tus datos personales se anonimizaron.",
};
export const DELETE_DECLINED = "Tu cuenta sigue activa: rechazaste la eliminación.";

export const LINK_ERRORS: Record<LinkAction, Record<string, string>> = {
  "verificar-correo": { "404": "El enlace de verificación no es válido, ya se usó o venció. Pide uno nuevo desde tu perfil." },
  "enlace-magico": { "404": "El enlace de acceso no es válido, ya se usó o venció. Pide uno nuevo al iniciar sesión." },
  "eliminar-cuenta": { "404": "La solicitud de eliminación no es válida, ya se resolvió o venció.", "403": "Esta solicitud es de otra cuenta." },
};
export const MISSING_NONCE = "El enlace está incompleto. Ábrelo de nuevo desde tu correo.";

/** Reasons the identity service accepts for keeping the account (docs/accounts.md#identity-api, the decline body). */
export const DECLINE_REASONS = [
  { value: "DID_NOT_REQUEST_DELETION", label: "Yo no pedí eliminar mi cuenta" },
  { value: "MISTAKE", label: "Lo pedí por error" },
  { value: "CHANGED_MIND", label: "Cambié de opinión" },
  { value: "OTHER", label: "Otro motivo" },
] as const;

type Status =
  | { kind: "working" }
  | { kind: "done"; text: string }
  | { kind: "error"; text: string }
  | { kind: "decline" }
  | { kind: "confirm" }
  | { kind: "devices"; limit: DeviceLimit };

/**
 * The deletion link only opens this question: the account is deleted by its button, never by
 * opening the page (a mail scanner or a link prefetcher opens links without the reader).
 */
export const DELETE_CONFIRM_QUESTION =
  "¿Quieres eliminar tu cuenta? Tus datos personales se anonimizarán, tus suscripciones terminarán y se cerrará tu sesión. Esto no se puede deshacer.";
export const DELETE_CONFIRM_BUTTON = "Sí, eliminar mi cuenta";

/** What a failed link shows: the devices to sign one out of at the 4-device limit, else the message. */
function failed(action: LinkAction, error: unknown): Status {
  const limit = action === "enlace-magico" ? deviceLimitOf(error) : null;
  return limit ? { kind: "devices", limit } : { kind: "error", text: messageForError(error, LINK_ERRORS[action]) };
}

/** Redeems a nonce the way each link asks. */
async function redeem(action: LinkAction, nonce: string): Promise<void> {
  const { Identity } = await loadSdks();
  if (action === "verificar-correo") {
    await Identity.verifyEmail(nonce);
    // A signed-in reader sees the change in the header and the profile at once.
    if (Identity.userIdentity?.accessToken) await refreshProfile().catch(() => undefined);
  } else if (action === "enlace-magico") {
    await Identity.redeemOTALink(nonce);
    await reloadSession();
  } else {
    await Identity.approveDeleteAccount(nonce);
    await reloadSession();
  }
}

/**
 * The landing pages of the account e-mails: verify the address, sign in with a magic link, delete
 * the account. It renders from its settings alone: the nonce is read from the address in the browser.
 */
export default function AccountLink({ settings }: BlockProps<Settings, null>) {
  const action = settings.action;
  const session = useSession();
  const [status, setStatus] = useState<Status>({ kind: "working" });
  const [nonce, setNonce] = useState<string | null>(null);
  const [reason, setReason] = useState<string>(DECLINE_REASONS[0].value);
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const query = new URLSearchParams(window.location.search);
    const found = query.get(NONCE_QUERY_PARAM);
    setNonce(found);
    if (!found) {
      setStatus({ kind: "error", text: MISSING_NONCE });
      return;
    }
    if (action === "eliminar-cuenta" && query.get(DELETE_DECISION_PARAM) === "rechazar") {
      setStatus({ kind: "decline" });
      return;
    }
    if (action === "eliminar-cuenta") {
      setStatus({ kind: "confirm" });
      return;
    }
    redeem(action, found)
      .then(() => setStatus({ kind: "done", text: LINK_SUCCESS[action] }))
      .catch((error) => setStatus(failed(action, error)));
  }, [action]);

  /** A device signed out with the refused sign-in's token: the magic link is tried again (it was not spent). */
  async function signOutAndRetry(limit: DeviceLimit, device: Device) {
    if (!nonce) return;
    setStatus({ kind: "working" });
    try {
      await signOutDevice(limit, device);
      await redeem(action, nonce);
      setStatus({ kind: "done", text: LINK_SUCCESS[action] });
    } catch (error) {
      setStatus(failed(action, error));
    }
  }

  async function approve() {
    if (!nonce) return;
    setStatus({ kind: "working" });
    try {
      await redeem(action, nonce);
      setStatus({ kind: "done", text: LINK_SUCCESS[action] });
    } catch (error) {
      setStatus({ kind: "error", text: messageForError(error, LINK_ERRORS[action]) });
    }
  }

  async function decline() {
    if (!nonce) return;
    setStatus({ kind: "working" });
    try {
      const { Identity } = await loadSdks();
      await Identity.declineDeleteAccount(nonce, reason as never);
      setStatus({ kind: "done", text: DELETE_DECLINED });
    } catch (error) {
      setStatus({ kind: "error", text: messageForError(error, LINK_ERRORS[action]) });
    }
  }

  let body;
  if (status.kind === "working") body = <LoadingPanel />;
  else if (status.kind === "devices")
    body = <DeviceLimitList limit={status.limit} busy={false} onSignOut={(device) => void signOutAndRetry(status.limit, device)} />;
  else if (status.kind === "done") body = <Notice kind="success">{status.text}</Notice>;
  else if (status.kind === "error") body = <Notice kind="error">{status.text}</Notice>;
  else if (status.kind === "confirm")
    body = (
      <form
        className={`${styles.card} ${styles.form}`}
        onSubmit={(event) => {
          event.preventDefault();
          void approve();
        }}
      >
        <p>{DELETE_CONFIRM_QUESTION}</p>
        <div className={styles.actions}>
          <SubmitButton loading={false}>{DELETE_CONFIRM_BUTTON}</SubmitButton>
          <a className={`${styles.button} ${styles.secondary}`} href="/">
            No, conservar mi cuenta
          </a>
        </div>
      </form>
    );
  else if (session.loggedIn === null) body = <LoadingPanel />;
  else if (!session.loggedIn) body = <SignInPrompt text="Inicia sesión con la cuenta que recibió el correo para conservarla." />;
  else
    body = (
      <form
        className={`${styles.card} ${styles.form}`}
        onSubmit={(event) => {
          event.preventDefault();
          void decline();
        }}
      >
        <fieldset className={styles.field}>
          <legend className={styles.label}>¿Por qué quieres conservar tu cuenta?</legend>
          {DECLINE_REASONS.map((option) => (
            <label key={option.value} className={styles.check}>
              <input type="radio" name="motivo" value={option.value} checked={reason === option.value} onChange={() => setReason(option.value)} />
              {option.label}
            </label>
          ))}
        </fieldset>
        <div>
          <SubmitButton loading={false}>Conservar mi cuenta</SubmitButton>
        </div>
      </form>
    );

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{settings.title || LINK_TITLES[action]}</h1>
      {body}
      {status.kind === "done" || status.kind === "error" ? (
        <p className={styles.actions}>
          <a className={styles.button} href="/">
            Ir a la portada
          </a>
          {action !== "eliminar-cuenta" ? (
            <a className={`${styles.button} ${styles.secondary}`} href={ACCOUNT_PAGES.profile}>
              Ir a mi perfil
            </a>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
