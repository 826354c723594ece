"use client";

import { useEffect, useRef, useState } from "react";
import { NEWSLETTER_API, type NewsletterList } from "../../domain/newsletter";
import type { BlockProps } from "../../runtime/types";
import { accountStyles as styles, LoadingPanel, Notice } from "../_shared/accounts/AccountUi";
import { postJson } from "../_shared/postJson";
import type { Settings } from "./settings";

export type LinkAction = Settings["action"];
export const TOKEN_PARAM = "token";

export const LINK_TITLES: Record<LinkAction, string> = {
  confirmar: "Confirmación",
  cancelar: "Cancelación",
};

export const LINK_DONE: Record<LinkAction, Record<NewsletterList, string>> = {
  confirmar: {
    boletin: "¡Listo! Confirmaste tu suscripción al boletín. Lo recibirás en tu correo.",
    consentimiento: "¡Listo! Confirmaste tu autorización de tratamiento de datos.",
  },
  cancelar: {
    boletin: "Cancelaste tu suscripción al boletín: no te enviaremos más boletines.",
    consentimiento: "Retiraste tu autorización de tratamiento de datos: ya no usaremos tus datos para enviarte comunicaciones.",
  },
};
export const MISSING_TOKEN = "El enlace está incompleto. Ábrelo de nuevo desde tu correo.";
export const LINK_FAILED = "No pudimos completar la solicitud. Intenta de nuevo en unos minutos.";

type Status = { kind: "working" } | { kind: "done"; text: string } | { kind: "error"; text: string };

/**
 * The pages the newsletter's e-mails open (docs/carousels-and-blocks.md#newsletter): the token of
 * the address is posted once the page is open in a browser (a mail scanner that fetches the link
 * without running it changes nothing), and the page says what happened.
 */
export default function NewsletterLink({ settings }: BlockProps<Settings, null>) {
  const action = settings.action;
  const [status, setStatus] = useState<Status>({ kind: "working" });
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const token = new URLSearchParams(window.location.search).get(TOKEN_PARAM);
    if (!token) {
      setStatus({ kind: "error", text: MISSING_TOKEN });
      return;
    }
    postJson(NEWSLETTER_API[action], { token })
      .then((answer) => {
        const list = answer.body.lista;
        if (answer.status === 200 && (list === "boletin" || list === "consentimiento")) setStatus({ kind: "done", text: LINK_DONE[action][list] });
        else setStatus({ kind: "error", text: typeof answer.body.message === "string" && answer.status < 500 ? answer.body.message : LINK_FAILED });
      })
      .catch((error) => {
        console.error(`[boletines] ${NEWSLETTER_API[action]} falló:`, (error as Error)?.message ?? error);
        setStatus({ kind: "error", text: LINK_FAILED });
      });
  }, [action]);

  return (
    <section className={styles.page} data-newsletter-link={action} data-status={status.kind}>
      <h1 className={styles.title}>{LINK_TITLES[action]}</h1>
      {status.kind === "working" ? <LoadingPanel /> : <Notice kind={status.kind === "done" ? "success" : "error"}>{status.text}</Notice>}
      {status.kind !== "working" ? (
        <p className={styles.actions}>
          <a className={styles.button} href="/">
            Ir a la portada
          </a>
        </p>
      ) : null}
    </section>
  );
}
