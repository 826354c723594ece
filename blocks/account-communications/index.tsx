"use client";

import { useEffect, useState } from "react";
import { DATA_POLICY_PATH, NEWSLETTER_API, NEWSLETTER_CONFIRMATION_DAYS, type NewsletterAccountAnswer } from "../../domain/newsletter";
import type { BlockProps } from "../../runtime/types";
import { AccountShell } from "../_shared/accounts/AccountShell";
import { accountStyles as styles, LoadingPanel, Notice, Spinner } from "../_shared/accounts/AccountUi";
import { messageForError } from "../_shared/accounts/apiErrors";
import { useSession } from "../_shared/accounts/session";
import { callAsReader } from "../_shared/accounts/readerCall";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

export const NEWSLETTER_TITLE = "Boletín de noticias";
export const RESEND_LABEL = "Enviar el correo de nuevo";
export const STATE_UNKNOWN = "No pudimos consultar tu suscripción al boletín. Recarga la página o intenta de nuevo en unos minutos.";

/** What the reader reads after ticking the box: the list asked them to confirm by e-mail. */
export function confirmationSent(correo: string): string {
  return `Te enviamos un correo a ${correo}. Abre su enlace para confirmar tu suscripción.`;
}
export const ALREADY_ACTIVE = "Tu suscripción al boletín ya estaba confirmada.";
export const LEFT = "Cancelaste tu suscripción al boletín: no te enviaremos más boletines.";

/** The line under the box: where the account's address stands on the list. */
export const STATE_TEXT: Record<NewsletterAccountAnswer["estado"], (correo: string) => string> = {
  pendiente: (correo) =>
    `Pendiente de confirmar: abre el enlace del correo que te enviamos a ${correo} (vale ${NEWSLETTER_CONFIRMATION_DAYS} días). Si no lo ves, revisa la carpeta de correo no deseado.`,
  confirmada: (correo) => `Suscripción activa: recibes el boletín en ${correo}.`,
  ninguna: (correo) => `No recibes el boletín en ${correo}.`,
};

/**
 * /autogestion/comunicaciones/: the box of the brand's newsletter for the account's own address. The
 * list is the truth (docs/carousels-and-blocks.md#newsletter): ticking asks to join it, with the
 * confirmation e-mail of the newsletter form; unticking leaves it; the box shows what the list says.
 */
export default function AccountCommunications({ settings, data }: BlockProps<Settings, Data>) {
  const session = useSession();
  return (
    <AccountShell title={settings.title ?? ""} path={data.path} session={session} signInText="Inicia sesión para elegir qué correos quieres recibir.">
      {() => <NewsletterBox label={settings.newsletterLabel ?? ""} />}
    </AccountShell>
  );
}

type Outcome = { kind: "success" | "error"; text: string };

function NewsletterBox({ label }: { label: string }) {
  const [list, setList] = useState<NewsletterAccountAnswer | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  /** While a change is on its way: the box shows what the reader asked for. */
  const [asked, setAsked] = useState<boolean | null>(null);
  const [notice, setNotice] = useState<Outcome | null>(null);

  useEffect(() => {
    let live = true;
    callAsReader<NewsletterAccountAnswer>("GET", NEWSLETTER_API.cuenta).then(
      (answer) => live && setList(answer),
      (error) => {
        console.error(`[boletines] ${NEWSLETTER_API.cuenta} falló:`, (error as Error)?.message ?? error);
        if (live) setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  if (loadFailed) return <Notice kind="error">{STATE_UNKNOWN}</Notice>;
  if (!list) return <LoadingPanel />;

  // Pending or confirmed, the reader asked for it: the box stays ticked, the line says which.
  const ticked = asked ?? list.estado !== "ninguna";
  const saving = asked !== null;

  async function change(join: boolean) {
    if (saving) return;
    setAsked(join);
    setNotice(null);
    try {
      const answer = await callAsReader<NewsletterAccountAnswer>(join ? "POST" : "DELETE", NEWSLETTER_API.cuenta);
      setList(answer);
      setNotice({
        kind: "success",
        text: !join ? LEFT : answer.estado === "confirmada" ? ALREADY_ACTIVE : confirmationSent(answer.correo),
      });
    } catch (error) {
      setNotice({ kind: "error", text: messageForError(error) });
    }
    setAsked(null);
  }

  return (
    <div className={`${styles.card} ${styles.form}`} data-newsletter-state={list.estado}>
      <h2>{NEWSLETTER_TITLE}</h2>
      {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
      <label className={styles.check}>
        <input type="checkbox" checked={ticked} disabled={saving} onChange={(event) => void change(event.target.checked)} />
        <span>{label}</span>
        {saving ? <Spinner /> : null}
      </label>
      <p className={styles.hint}>{STATE_TEXT[list.estado](list.correo)}</p>
      {list.estado === "pendiente" ? (
        <p>
          <button type="button" className={styles.linkButton} disabled={saving} onClick={() => void change(true)}>
            {RESEND_LABEL}
          </button>
        </p>
      ) : null}
      <p className={styles.hint}>
        Te enviaremos un correo para confirmar la suscripción, y cada boletín trae un enlace para cancelarla. Tratamos tus datos según la{" "}
        <a href={DATA_POLICY_PATH}>política de tratamiento de datos</a>.
      </p>
    </div>
  );
}
