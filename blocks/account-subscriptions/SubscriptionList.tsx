// /autogestion/mis-suscripciones/: each of the reader's subscriptions with what they can do to it —
// cancel (with a reason) and rescue, change the card or the addresses, share it, ask to transfer it —
// and the invitation or gift code an e-mailed link brings, redeemed on arrival.
import { useCallback, useEffect, useRef, useState } from "react";
import { accountStyles as styles, LoadingPanel, Notice, Spinner } from "../_shared/accounts/AccountUi";
import { ACCOUNT_PAGES, CANCELED_STATUS, RESCUED_STATUS } from "../_shared/accounts/identity";
import { messageForError } from "../_shared/accounts/apiErrors";
import { getSession, loadSdks, refreshSubscriptions } from "../_shared/accounts/session";
import listStyles from "./styles.module.css";
import { SALES_ERROR_MESSAGES } from "../../domain/errors";
import { AddressForm } from "./AddressForm";
import { PaymentMethodForm } from "./PaymentMethodForm";
import { Sharing } from "./Sharing";
import { SubscriptionDetails } from "./SubscriptionDetails";
import { deliveryWanted, loadSubscriptions, transferable, type SubscriptionRow } from "./subscriptionRows";
import { TRANSFER_ACTION, TransferForm, transferRequestedMessage } from "./TransferForm";
import { TRANSFER_QUERY_PARAM } from "../../domain/transfer";

export const CANCELED_MESSAGE = "Cancelaste tu suscripción. Conservas el acceso hasta el final del periodo pagado.";
export const RESCUED_MESSAGE = "Reactivaste tu suscripción.";
const INVITATION_REDEEMED = "Te uniste a la suscripción compartida.";
const GIFT_REDEEMED = "Activaste tu suscripción de regalo.";
/** Codes that arrive in the address from the invitation and gift e-mails. */
const INVITATION_QUERY_PARAM = "invitacion";
const GIFT_QUERY_PARAM = "regalo";
/** The reason code and the reader's words together (server: 1,000 characters). */
const MAX_CANCEL_COMMENT_LENGTH = 900;

/** ?ceder=1 (the subscription terms' link) when the reader has nothing they may transfer. */
export const NOTHING_TO_TRANSFER =
  "No tienes una suscripción activa que puedas ceder: solo quien compró una suscripción activa puede cederla. Los regalos y las suscripciones compartidas contigo no se ceden.";

type PanelKind = "card" | "share" | "address" | "transfer";

export function SubscriptionList({ reasons }: { reasons: ReadonlyArray<{ code: string; label: string }> }) {
  const [rows, setRows] = useState<SubscriptionRow[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [panel, setPanel] = useState<{ id: number; kind: PanelKind } | null>(null);
  const [reason, setReason] = useState("");
  const [comment, setComment] = useState("");
  const [reasonMissing, setReasonMissing] = useState(false);
  const [notice, setNotice] = useState<{ kind: "success" | "error" | "info"; text: string } | null>(null);
  const redeemed = useRef(false);
  // The terms' link (?ceder=1) opens the transfer form once the list is known.
  const wantsTransfer = useRef<boolean | null>(null);

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

  useEffect(() => {
    if (rows === null) return;
    wantsTransfer.current ??= new URLSearchParams(window.location.search).has(TRANSFER_QUERY_PARAM);
    if (!wantsTransfer.current) return;
    wantsTransfer.current = false;
    const row = rows.find(transferable);
    if (row) setPanel({ id: row.subscriptionID, kind: "transfer" });
    else setNotice({ kind: "info", text: NOTHING_TO_TRANSFER });
  }, [rows]);

  async function change(row: SubscriptionRow, action: "cancel" | "rescue") {
    if (busy !== null) return;
    if (action === "cancel" && !reason) {
      setReasonMissing(true);
      return;
    }
    setBusy(row.subscriptionID);
    setConfirming(null);
    setNotice(null);
    try {
      const { Sales } = await loadSdks();
      if (action === "cancel") {
        const label = reasons.find((r) => r.code === reason)?.label ?? reason;
        await Sales.cancelSubscription(row.subscriptionID, comment.trim() ? `${label}: ${comment.trim()}` : label, reason);
      } else await Sales.rescueSubscription(row.subscriptionID);
      setNotice({ kind: "success", text: action === "cancel" ? CANCELED_MESSAGE : RESCUED_MESSAGE });
      await Promise.all([reload(), refreshSubscriptions()]);
    } catch (error) {
      setNotice({ kind: "error", text: messageForError(error, SALES_ERROR_MESSAGES) });
    }
    setBusy(null);
  }

  const openPanel = (id: number, kind: PanelKind) => setPanel((current) => (current?.id === id && current.kind === kind ? null : { id, kind }));
  const panelDone = async (message: string) => {
    setPanel(null);
    setNotice({ kind: "success", text: message });
    await Promise.all([reload(), refreshSubscriptions()]);
  };

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
              <SubscriptionDetails row={row} />
              <div className={`${styles.actions} ${listStyles.actions}`}>
                {busy === row.subscriptionID ? <Spinner /> : null}
                {row.paymentMethodId && !row.shared && !row.gift && !row.giftReceived && [1, 3, 4].includes(row.status) ? (
                  <button
                    type="button"
                    className={`${styles.button} ${styles.secondary}`}
                    aria-expanded={panel?.id === row.subscriptionID && panel.kind === "card"}
                    onClick={() => openPanel(row.subscriptionID, "card")}
                  >
                    Cambiar tarjeta
                  </button>
                ) : null}
                {!row.shared && !row.gift && !row.giftReceived && [1, 3, 4].includes(row.status) ? (
                  <button
                    type="button"
                    className={`${styles.button} ${styles.secondary}`}
                    aria-expanded={panel?.id === row.subscriptionID && panel.kind === "address"}
                    onClick={() => openPanel(row.subscriptionID, "address")}
                  >
                    Editar dirección
                  </button>
                ) : null}
                {!row.shared && !row.gift && [1, 3, 4].includes(row.status) ? (
                  <button
                    type="button"
                    className={`${styles.button} ${styles.secondary}`}
                    aria-expanded={panel?.id === row.subscriptionID && panel.kind === "share"}
                    onClick={() => openPanel(row.subscriptionID, "share")}
                  >
                    Compartir
                  </button>
                ) : null}
                {transferable(row) ? (
                  <button
                    type="button"
                    className={`${styles.button} ${styles.secondary}`}
                    aria-expanded={panel?.id === row.subscriptionID && panel.kind === "transfer"}
                    onClick={() => openPanel(row.subscriptionID, "transfer")}
                  >
                    {TRANSFER_ACTION}
                  </button>
                ) : null}
                {row.status === RESCUED_STATUS && !row.shared && !row.gift && !row.giftReceived && confirming !== row.subscriptionID ? (
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
                    <div className={styles.field}>
                      <label className={styles.label} htmlFor={`motivo-${row.subscriptionID}`}>
                        Motivo de la cancelación
                      </label>
                      <select
                        id={`motivo-${row.subscriptionID}`}
                        className={styles.input}
                        value={reason}
                        aria-invalid={reasonMissing && !reason ? true : undefined}
                        onChange={(event) => {
                          setReason(event.target.value);
                          setReasonMissing(false);
                        }}
                      >
                        <option value="">Elige un motivo</option>
                        {reasons.map((r) => (
                          <option key={r.code} value={r.code}>
                            {r.label}
                          </option>
                        ))}
                      </select>
                      {reasonMissing && !reason ? <p className={styles.fieldError}>Elige el motivo de la cancelación.</p> : null}
                    </div>
                    <div className={styles.field}>
                      <label className={styles.label} htmlFor={`comentario-${row.subscriptionID}`}>
                        Cuéntanos más (opcional)
                      </label>
                      <textarea
                        id={`comentario-${row.subscriptionID}`}
                        className={styles.input}
                        value={comment}
                        maxLength={MAX_CANCEL_COMMENT_LENGTH}
                        rows={3}
                        onChange={(event) => setComment(event.target.value)}
                      />
                    </div>
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
              {panel?.id === row.subscriptionID && panel.kind === "card" && row.paymentMethodId ? (
                <PaymentMethodForm paymentMethodId={row.paymentMethodId} onDone={(message) => void panelDone(message)} onCancel={() => setPanel(null)} />
              ) : null}
              {panel?.id === row.subscriptionID && panel.kind === "address" ? (
                <AddressForm
                  subscriptionId={row.subscriptionID}
                  address={row.billingAddress}
                  shippingAddress={deliveryWanted(row)}
                  onDone={(message) => void panelDone(message)}
                  onCancel={() => setPanel(null)}
                />
              ) : null}
              {panel?.id === row.subscriptionID && panel.kind === "share" ? <Sharing subscriptionId={row.subscriptionID} /> : null}
              {panel?.id === row.subscriptionID && panel.kind === "transfer" ? (
                <TransferForm
                  subscriptionId={row.subscriptionID}
                  ownEmail={getSession().profile?.email ?? null}
                  onDone={(request) => void panelDone(transferRequestedMessage(request.requestNumber))}
                  onCancel={() => setPanel(null)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
