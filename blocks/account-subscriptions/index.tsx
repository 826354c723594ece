"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { BlockProps } from "../../runtime/types";
import { AccountShell } from "../_shared/AccountShell";
import { accountStyles as styles, LoadingPanel, Notice, Spinner } from "../_shared/AccountUi";
import { formatLongDate } from "../_shared/format";
import { ACCOUNT_PAGES, CANCELED_STATUS, messageForError, RESCUED_STATUS, SUBSCRIPTION_STATUS_LABELS } from "../_shared/identity";
import { loadSdks, refreshSubscriptions, useSession } from "../_shared/session";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import listStyles from "./styles.module.css";
import { SALES_ERROR_MESSAGES } from "../../domain/errors";

export const CANCELED_MESSAGE = "Cancelaste tu suscripción. Conservas el acceso hasta el final del periodo pagado.";
export const RESCUED_MESSAGE = "Reactivaste tu suscripción.";
export const INVITATION_REDEEMED = "Te uniste a la suscripción compartida.";
export const GIFT_REDEEMED = "Activaste tu suscripción de regalo.";
/** Codes that arrive in the address from the invitation and gift e-mails. */
export const INVITATION_QUERY_PARAM = "invitacion";
export const GIFT_QUERY_PARAM = "regalo";

export interface SubscriptionRow {
  subscriptionID: number;
  status: number;
  productName: string;
  nextEventDateUTC?: number;
  lastFour?: string | null;
  cardType?: string | null;
  shared?: boolean;
}

/** Every subscription with the details the list shows (payment card, next date). */
async function loadSubscriptions(): Promise<SubscriptionRow[]> {
  const { Sales } = await loadSdks();
  const all: Array<{
    subscriptionID: number;
    status: number;
    productName?: string;
    shared?: boolean;
    paymentMethod?: { lastFour?: string; creditCardType?: string } | null;
  }> = await Sales.getAllSubscriptions();
  return Promise.all(
    all.map(async (summary) => {
      const details = await Sales.getSubscriptionDetails(summary.subscriptionID).catch(() => null);
      return {
        subscriptionID: summary.subscriptionID,
        status: Number(details?.status ?? summary.status),
        productName: details?.productName ?? summary.productName ?? "Suscripción",
        nextEventDateUTC: details?.nextEventDateUTC,
        lastFour: details?.currentPaymentMethod?.lastFour ?? summary.paymentMethod?.lastFour,
        cardType: details?.currentPaymentMethod?.creditCardType ?? summary.paymentMethod?.creditCardType,
        shared: summary.shared,
      };
    }),
  );
}

/** /autogestion/mis-suscripciones/: the reader's subscriptions, with cancel and rescue. */
export default function AccountSubscriptions({ settings, data }: BlockProps<Settings, Data>) {
  const session = useSession();
  return (
    <AccountShell title={settings.title ?? ""} path={data.path} session={session} signInText="Inicia sesión para ver y administrar tus suscripciones.">
      {() => <SubscriptionList />}
    </AccountShell>
  );
}

function SubscriptionList() {
  const [rows, setRows] = useState<SubscriptionRow[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const redeemed = useRef(false);

  const reload = useCallback(async () => {
    try {
      setRows(await loadSubscriptions());
    } catch (error) {
      setNotice({ kind: "error", text: messageForError(error, SALES_ERROR_MESSAGES) });
      setRows([]);
    }
  }, []);

  // Invitation and gift links land here with their code; redeem it once, then list.
  useEffect(() => {
    if (redeemed.current) return;
    redeemed.current = true;
    const query = new URLSearchParams(window.location.search);
    const invitation = query.get(INVITATION_QUERY_PARAM);
    const gift = query.get(GIFT_QUERY_PARAM);
    const redeem = async () => {
      if (!invitation && !gift) return;
      try {
        const { Sales } = await loadSdks();
        if (invitation) await Sales.redeemAssociateInvitation(invitation);
        else await Sales.redeemGiftSubscription(gift!);
        setNotice({ kind: "success", text: invitation ? INVITATION_REDEEMED : GIFT_REDEEMED });
        await refreshSubscriptions();
      } catch (error) {
        setNotice({ kind: "error", text: messageForError(error, SALES_ERROR_MESSAGES) });
      }
    };
    void redeem().then(reload);
  }, [reload]);

  async function change(row: SubscriptionRow, action: "cancel" | "rescue") {
    if (busy !== null) return;
    setBusy(row.subscriptionID);
    setConfirming(null);
    setNotice(null);
    try {
      const { Sales } = await loadSdks();
      if (action === "cancel") await Sales.cancelSubscription(row.subscriptionID, "Cancelada por el lector en la autogestión");
      else await Sales.rescueSubscription(row.subscriptionID);
      setNotice({ kind: "success", text: action === "cancel" ? CANCELED_MESSAGE : RESCUED_MESSAGE });
      await Promise.all([reload(), refreshSubscriptions()]);
    } catch (error) {
      setNotice({ kind: "error", text: messageForError(error, SALES_ERROR_MESSAGES) });
    }
    setBusy(null);
  }

  if (rows === null) return <LoadingPanel />;
  return (
    <>
      {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
      {rows.length === 0 ? (
        <div className={styles.card}>
          <p>No tienes suscripciones.</p>
          <a className={styles.button} href={ACCOUNT_PAGES.store}>
            Suscríbete
          </a>
        </div>
      ) : (
        <ul className={listStyles.list}>
          {rows.map((row) => (
            <li key={row.subscriptionID} className={styles.card} data-subscription-id={row.subscriptionID} data-status={row.status}>
              <h2 className={listStyles.name}>{row.productName}</h2>
              <dl className={styles.definitions}>
                <dt>Estado</dt>
                <dd data-status-label="">{SUBSCRIPTION_STATUS_LABELS[row.status] ?? `Estado ${row.status}`}</dd>
                {row.nextEventDateUTC ? (
                  <>
                    <dt>{row.status === CANCELED_STATUS ? "Acceso hasta" : row.status === RESCUED_STATUS ? "Próxima renovación" : "Fin del periodo"}</dt>
                    <dd>{formatLongDate(row.nextEventDateUTC)}</dd>
                  </>
                ) : null}
                {row.lastFour ? (
                  <>
                    <dt>Medio de pago</dt>
                    <dd>
                      {row.cardType ?? "Tarjeta"} terminada en {row.lastFour}
                    </dd>
                  </>
                ) : null}
                {row.shared ? (
                  <>
                    <dt>Tipo</dt>
                    <dd>Compartida contigo</dd>
                  </>
                ) : null}
              </dl>
              <div className={`${styles.actions} ${listStyles.actions}`}>
                {busy === row.subscriptionID ? <Spinner /> : null}
                {row.status === RESCUED_STATUS && confirming !== row.subscriptionID ? (
                  <button
                    type="button"
                    className={`${styles.button} ${styles.secondary}`}
                    disabled={busy !== null}
                    onClick={() => setConfirming(row.subscriptionID)}
                  >
                    Cancelar suscripción
                  </button>
                ) : null}
                {confirming === row.subscriptionID ? (
                  <div className={listStyles.confirm} role="group" aria-label="Confirmar la cancelación">
                    <p>¿Seguro que quieres cancelarla? Conservas el acceso hasta el final del periodo pagado.</p>
                    <div className={styles.actions}>
                      <button type="button" className={styles.button} onClick={() => change(row, "cancel")}>
                        Sí, cancelar
                      </button>
                      <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => setConfirming(null)}>
                        No, mantenerla
                      </button>
                    </div>
                  </div>
                ) : null}
                {row.status === CANCELED_STATUS ? (
                  <button type="button" className={styles.button} disabled={busy !== null} onClick={() => change(row, "rescue")}>
                    Reactivar suscripción
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
