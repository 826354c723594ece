"use client";

import { useCallback, useEffect, useId, useState } from "react";
import type { BlockProps } from "../../runtime/types";
import { accountStyles as styles, Notice, SubmitButton } from "../_shared/accounts/AccountUi";
import { messageForError } from "../_shared/accounts/apiErrors";
import { formatLongDate, maskEmail } from "../_shared/format";
import { accountsApiOrigin, loadSdks, useSession } from "../_shared/accounts/session";
import { IDENTITY_ERROR_MESSAGES } from "../../domain/errors";
import type { Settings } from "./settings";
import type { Data } from "./index.server";
import { AccountShell } from "../_shared/accounts/AccountShell";
import blockStyles from "./styles.module.css";

export const DATA_TITLE = "Mis datos";
export const REQUEST_DATA_LABEL = "Descargar mis datos";
export const DELETE_ACCOUNT_LABEL = "Eliminar mi cuenta";
export const REPORT_REQUESTED = "Estamos preparando la copia de tus datos. Te enviaremos un correo cuando esté lista para descargar.";
export const REPORT_PREPARING = "En preparación";
export const REPORT_DOWNLOAD_LABEL = "Descargar (JSON)";
export const deletionRequested = (email: string | null) =>
  `Te enviamos un correo${email ? ` a ${maskEmail(email)}` : ""} para confirmar la eliminación de tu cuenta. No se eliminará nada hasta que pulses el botón de ese correo.`;
/** While a report is being prepared, the list is read again this often, a few times. */
const POLL_MS = 3000;
const POLLS = 20;

interface ReportStatus {
  id: number;
  ready: boolean;
  requestDate: number;
  availableUntil: number;
}

/** "mis-datos-2026-11-24.json" */
function fileName(requestDate: number): string {
  return `mis-datos-${new Date(requestDate).toISOString().slice(0, 10)}.json`;
}

/**
 * The data rights of docs/accounts.md#data-rights, under the personal-data page's own block (which
 * asks a signed-out reader to sign in): a copy of my data (asked for, prepared and e-mailed about,
 * then listed with its JSON download) and the deletion of my account (an e-mail whose button confirms it).
 */
export default function AccountDataRights({ settings, data }: BlockProps<Settings, Data>) {
  const session = useSession();
  const rights = () => (
    <>
      <DataReports />
      <DeleteAccount email={session.profile?.email ?? null} />
    </>
  );
  // A page of its own (/perfil/datos-personales/): the account frame with its title and navigation.
  if (settings.title)
    return (
      <AccountShell title={settings.title} path={data.path} session={session} signInText="Inicia sesión para descargar tus datos o eliminar tu cuenta.">
        {rights}
      </AccountShell>
    );
  if (!session.loggedIn) return null;
  return <div className={blockStyles.rights}>{rights()}</div>;
}

function DataReports() {
  const [reports, setReports] = useState<ReportStatus[] | null>(null);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [polls, setPolls] = useState(0);
  const titleId = useId();

  const reload = useCallback(async () => {
    try {
      const { Identity } = await loadSdks();
      const list = (await Identity.listGdprReports()) as ReportStatus[];
      setReports(Array.isArray(list) ? list : []);
    } catch (error) {
      setNotice({ kind: "error", text: messageForError(error, IDENTITY_ERROR_MESSAGES) });
      setReports([]);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  // A report being prepared: read the list again for a while (the e-mail says when it is ready anyway).
  const preparing = !!reports?.some((report) => !report.ready);
  useEffect(() => {
    if (!preparing || polls >= POLLS) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      void reload();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [preparing, polls, reload]);

  async function request() {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const { Identity } = await loadSdks();
      const response = await fetch(`${accountsApiOrigin()}/identity/public/v1/gdpr`, {
        method: "POST",
        headers: { Authorization: `Bearer ${Identity.userIdentity?.accessToken ?? ""}` },
      });
      if (!response.ok) throw (await response.json().catch(() => null)) ?? new Error(`HTTP ${response.status}`);
      setNotice({ kind: "success", text: REPORT_REQUESTED });
      setPolls(0);
      await reload();
    } catch (error) {
      setNotice({ kind: "error", text: messageForError(error, IDENTITY_ERROR_MESSAGES) });
    }
    setBusy(false);
  }

  async function download(report: ReportStatus) {
    try {
      const { Identity } = await loadSdks();
      const answer = (await Identity.getGdprReport(report.id)) as { asOfDate: string; data: string };
      const json = JSON.stringify({ fecha: answer.asOfDate, ...JSON.parse(answer.data) }, null, 2);
      const url = URL.createObjectURL(new Blob([json], { type: "application/json" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName(report.requestDate);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setNotice({ kind: "error", text: messageForError(error, IDENTITY_ERROR_MESSAGES) });
    }
  }

  return (
    <section className={styles.card} aria-labelledby={titleId} id="mis-datos">
      <h2 id={titleId}>{DATA_TITLE}</h2>
      <p>
        Puedes pedir una copia de los datos personales que guardamos de ti: tu perfil, tus suscripciones, tus pedidos y tus sesiones. La preparamos y te
        avisamos por correo cuando esté lista; la descargas aquí, en formato JSON, durante 30 días.
      </p>
      {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => void request()} disabled={busy}>
          {REQUEST_DATA_LABEL}
        </button>
      </div>
      {reports && reports.length ? (
        <ul className={blockStyles.reports} aria-label="Copias de tus datos">
          {reports.map((report) => (
            <li key={report.id} data-report-id={report.id} data-ready={report.ready ? "" : undefined}>
              <span>
                Pedida el {formatLongDate(report.requestDate)} · disponible hasta el {formatLongDate(report.availableUntil)}
              </span>
              {report.ready ? (
                <button type="button" className={styles.linkButton} onClick={() => void download(report)}>
                  {REPORT_DOWNLOAD_LABEL}
                </button>
              ) : (
                <span className={blockStyles.preparing}>{REPORT_PREPARING}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function DeleteAccount({ email }: { email: string | null }) {
  const [sent, setSent] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  async function requestDeletion() {
    if (loading) return;
    setLoading(true);
    setError(null);
    try {
      const { Identity } = await loadSdks();
      await Identity.requestDeleteAccount();
      setSent(true);
    } catch (failure) {
      setError(messageForError(failure, IDENTITY_ERROR_MESSAGES));
    }
    setLoading(false);
  }

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId}>{DELETE_ACCOUNT_LABEL}</h2>
      <p>
        Si eliminas tu cuenta, tus datos personales se anonimizan, tus suscripciones terminan y se cierran tus sesiones. Te enviaremos un correo para
        confirmarlo: solo el botón de ese correo elimina la cuenta. Antes puedes descargar una copia de tus datos.
      </p>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {sent ? (
        <Notice kind="success">{deletionRequested(email)}</Notice>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void requestDeletion();
          }}
        >
          <SubmitButton loading={loading} className={blockStyles.danger}>
            {DELETE_ACCOUNT_LABEL}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
