"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { BlockProps } from "../../runtime/types";
import { AccountShell } from "../_shared/accounts/AccountShell";
import { accountStyles as styles, LoadingPanel, Notice, Spinner } from "../_shared/accounts/AccountUi";
import { formatLongDate } from "../_shared/format";
import { ACCOUNT_PAGES, CANCELED_STATUS, RESCUED_STATUS } from "../_shared/accounts/identity";
import { messageForError } from "../_shared/accounts/apiErrors";
import { getSession, loadSdks, refreshSubscriptions, useSession } from "../_shared/accounts/session";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import listStyles from "./styles.module.css";
import { SALES_ERROR_MESSAGES } from "../../domain/errors";
import { CANCEL_REASONS, type CancelReason } from "../../domain/cancelReasons";
import { AddressForm, addressLine, PendingAddressChange, type AddressValue, type ShippingAddressChange } from "./AddressForm";
import { OrderHistory } from "./OrderHistory";
import { PaymentMethodForm } from "./PaymentMethodForm";
import { Sharing } from "./Sharing";
import { TRANSFER_ACTION, TransferForm, transferRequestedMessage } from "./TransferForm";
import { TRANSFER_QUERY_PARAM, type TransferRequestView } from "../../domain/transfer";
import { isActiveStatus } from "../../domain/subscriptions";

/** Reader-facing names of the sales API's subscription statuses. */
export const SUBSCRIPTION_STATUS_LABELS: Record<number, string> = {
  1: "Activa",
  2: "Terminada",
  3: "Cancelada: el acceso sigue hasta el final del periodo pagado",
  4: "Pago rechazado: actualiza tu medio de pago",
  5: "En periodo de gracia",
};

export const CANCELED_MESSAGE = "Cancelaste tu suscripción. Conservas el acceso hasta el final del periodo pagado.";
export const RESCUED_MESSAGE = "Reactivaste tu suscripción.";
export const INVITATION_REDEEMED = "Te uniste a la suscripción compartida.";
export const GIFT_REDEEMED = "Activaste tu suscripción de regalo.";
/** Codes that arrive in the address from the invitation and gift e-mails. */
export const INVITATION_QUERY_PARAM = "invitacion";
export const GIFT_QUERY_PARAM = "regalo";

/** The reasons a reader picks from when cancelling: the list the sales config answers (settings.cancelReasons replaces them). */
export const DEFAULT_CANCEL_REASONS: ReadonlyArray<CancelReason> = CANCEL_REASONS;
/** The reason code and the reader's words together (server: 1,000 characters). */
export const MAX_CANCEL_COMMENT_LENGTH = 900;
export const GIFT_SENT_LABEL = "Regalo enviado";
export const GIFT_UNASSIGNED_LABEL = "Regalo sin destinatario";

/** ?ceder=1 (the subscription terms' link) when the reader has nothing they may transfer. */
export const NOTHING_TO_TRANSFER =
  "No tienes una suscripción activa que puedas ceder: solo quien compró una suscripción activa puede cederla. Los regalos y las suscripciones compartidas contigo no se ceden.";

/** Status 4 (sales/renewals.ts): the renewal was declined and access is kept during the grace period. */
export const PAYMENT_FAILED_STATUS = 4;

export interface SubscriptionRow {
  subscriptionID: number;
  status: number;
  productName: string;
  nextEventDateUTC?: number;
  currentPeriodStartUTC?: number;
  paymentRetryUTC?: number | null;
  graceEndUTC?: number;
  paymentMethodId?: number | null;
  billingAddress?: AddressValue | null;
  /** Null: delivered to the billing address. */
  shippingAddress?: AddressValue | null;
  /** A delivery change made after the 3:00 p. m. cutoff, waiting for its business day. */
  shippingAddressChange?: ShippingAddressChange | null;
  gift?: boolean;
  giftRecipient?: { email: string; name: string } | null;
  /** A gift someone else bought, redeemed by this reader: it does not renew and shows none of the buyer's data. */
  giftReceived?: boolean;
  /** The buyer's signature; null: unsigned. */
  giftFrom?: string | null;
  lastFour?: string | null;
  cardType?: string | null;
  shared?: boolean;
  /** The owner's open transfer request (sales/transfers.ts), or null. */
  transferRequest?: TransferRequestView | null;
}

/** Every subscription with the details the list shows (payment card, next date). */
async function loadSubscriptions(): Promise<SubscriptionRow[]> {
  const { Sales } = await loadSdks();
  const all: Array<{
    subscriptionID: number;
    status: number;
    productName?: string;
    shared?: boolean;
    gift?: boolean;
    giftRecipient?: { email: string; name: string } | null;
    giftReceived?: boolean;
    giftFrom?: string | null;
    paymentMethod?: { lastFour?: string; creditCardType?: string; paymentMethodID?: number } | null;
  }> = await Sales.getAllSubscriptions();
  return Promise.all(
    all.map(async (summary) => {
      const details = await Sales.getSubscriptionDetails(summary.subscriptionID).catch(() => null);
      return {
        subscriptionID: summary.subscriptionID,
        status: Number(details?.status ?? summary.status),
        productName: details?.productName ?? summary.productName ?? "Suscripción",
        nextEventDateUTC: details?.nextEventDateUTC,
        currentPeriodStartUTC: details?.currentPeriodStartUTC,
        paymentRetryUTC: details?.paymentRetryUTC,
        graceEndUTC: details?.graceEndUTC,
        paymentMethodId: details?.currentPaymentMethod?.paymentMethodID ?? summary.paymentMethod?.paymentMethodID ?? null,
        gift: summary.gift === true,
        billingAddress: details?.billingAddress ?? null,
        shippingAddress: details?.shippingAddress ?? null,
        shippingAddressChange: details?.shippingAddressChange ?? null,
        giftRecipient: summary.giftRecipient ?? null,
        giftReceived: summary.giftReceived === true,
        giftFrom: summary.giftFrom ?? null,
        lastFour: details?.currentPaymentMethod?.lastFour ?? summary.paymentMethod?.lastFour,
        cardType: details?.currentPaymentMethod?.creditCardType ?? summary.paymentMethod?.creditCardType,
        shared: summary.shared,
        transferRequest: details?.transferRequest ?? null,
      };
    }),
  );
}

/** The delivery address the reader asked for last: the waiting change's, else the one in force. */
const deliveryWanted = (row: SubscriptionRow) => (row.shippingAddressChange ? row.shippingAddressChange.shippingAddress : row.shippingAddress);

/** The subscriptions whose addresses the reader edits: their own, live, not gifts they gave. */
const ownLive = (row: SubscriptionRow) => !row.shared && !row.gift && !row.giftReceived && isActiveStatus(row.status);

/** What the owner may transfer (docs/subscriptions-and-checkout.md#transfer): their own active purchase, no request open. */
const transferable = (row: SubscriptionRow) => !row.shared && !row.gift && !row.giftReceived && row.status === RESCUED_STATUS && !row.transferRequest;

/**
 * /autogestion/mis-suscripciones/ (and /perfil/suscripciones/): the reader's subscriptions, with
 * cancel and rescue, card, address and sharing, and the order history; with the section
 * 'editardireccion' (/perfil/editardireccion/), only the addresses of each own subscription.
 */
export default function AccountSubscriptions({ settings, data }: BlockProps<Settings, Data>) {
  const session = useSession();
  return (
    <AccountShell title={settings.title ?? ""} path={data.path} session={session} signInText="Inicia sesión para ver y administrar tus suscripciones.">
      {() =>
        settings.section === "editardireccion" ? (
          <AddressList />
        ) : (
          <>
            <SubscriptionList reasons={settings.cancelReasons?.length ? settings.cancelReasons : DEFAULT_CANCEL_REASONS} />
            <OrderHistory />
          </>
        )
      }
    </AccountShell>
  );
}

/** editardireccion: each own subscription's billing and shipping addresses, ready to edit. */
function AddressList() {
  const [rows, setRows] = useState<SubscriptionRow[] | null>(null);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const reload = useCallback(async () => {
    try {
      setRows((await loadSubscriptions()).filter(ownLive));
    } catch (error) {
      setNotice({ kind: "error", text: messageForError(error, SALES_ERROR_MESSAGES) });
      setRows([]);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  if (rows === null) return <LoadingPanel />;
  return (
    <>
      {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
      {rows.length === 0 ? (
        <div className={styles.card}>
          <p>No tienes suscripciones con dirección para editar.</p>
        </div>
      ) : (
        <ul className={listStyles.list}>
          {rows.map((row) => (
            <li key={row.subscriptionID} className={styles.card} data-subscription-id={row.subscriptionID}>
              <h2 className={listStyles.name}>{row.productName}</h2>
              <PendingAddressChange change={row.shippingAddressChange} />
              <AddressForm
                subscriptionId={row.subscriptionID}
                address={row.billingAddress}
                shippingAddress={deliveryWanted(row)}
                onDone={(message) => {
                  setNotice({ kind: "success", text: message });
                  void reload();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

type PanelKind = "card" | "share" | "address" | "transfer";

function SubscriptionList({ reasons }: { reasons: ReadonlyArray<{ code: string; label: string }> }) {
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
              <dl className={styles.definitions}>
                <dt>Estado</dt>
                <dd data-status-label="">
                  {row.gift
                    ? row.giftRecipient
                      ? GIFT_SENT_LABEL
                      : GIFT_UNASSIGNED_LABEL
                    : (SUBSCRIPTION_STATUS_LABELS[row.status] ?? `Estado ${row.status}`)}
                </dd>
                {row.gift && row.giftRecipient ? (
                  <>
                    <dt>Para</dt>
                    <dd>
                      {row.giftRecipient.name} ({row.giftRecipient.email})
                    </dd>
                  </>
                ) : null}
                {row.currentPeriodStartUTC && row.nextEventDateUTC && row.status !== 2 && !row.gift ? (
                  <>
                    <dt>Periodo actual</dt>
                    <dd data-period="">
                      Del {formatLongDate(row.currentPeriodStartUTC)} al {formatLongDate(row.nextEventDateUTC)}
                    </dd>
                  </>
                ) : null}
                {row.nextEventDateUTC && !row.gift ? (
                  <>
                    <dt>
                      {row.status === CANCELED_STATUS
                        ? "Acceso hasta"
                        : row.status === RESCUED_STATUS && !row.giftReceived
                          ? "Próxima renovación"
                          : row.status === PAYMENT_FAILED_STATUS
                            ? "Renovación pendiente desde"
                            : "Fin del periodo"}
                    </dt>
                    <dd data-next-event="">{formatLongDate(row.nextEventDateUTC)}</dd>
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
                {row.billingAddress?.line1 && !row.gift ? (
                  <>
                    <dt>Dirección de facturación</dt>
                    <dd data-address="">{addressLine(row.billingAddress)}</dd>
                    <dt>Dirección de envío</dt>
                    <dd data-shipping-address="">{row.shippingAddress?.line1 ? addressLine(row.shippingAddress) : "La misma de facturación"}</dd>
                    {row.shippingAddressChange ? (
                      <dd>
                        <PendingAddressChange change={row.shippingAddressChange} />
                      </dd>
                    ) : null}
                  </>
                ) : null}
                {row.status === PAYMENT_FAILED_STATUS && row.graceEndUTC ? (
                  <>
                    <dt>Pago de la renovación</dt>
                    <dd data-payment-failed="">
                      No pudimos cobrar la renovación. Conservas el acceso hasta el {formatLongDate(row.graceEndUTC)}
                      {row.paymentRetryUTC ? `; volveremos a intentarlo el ${formatLongDate(row.paymentRetryUTC)}` : ""}. Actualiza tu medio de pago para no
                      perderlo.
                    </dd>
                  </>
                ) : null}
                {row.shared ? (
                  <>
                    <dt>Tipo</dt>
                    <dd>Compartida contigo</dd>
                  </>
                ) : null}
                {row.transferRequest ? (
                  <>
                    <dt>Cesión solicitada</dt>
                    <dd data-transfer-request={row.transferRequest.requestNumber}>
                      Solicitud {row.transferRequest.requestNumber}: a {row.transferRequest.name} ({row.transferRequest.email}), en revisión.
                    </dd>
                  </>
                ) : null}
                {row.giftReceived ? (
                  <>
                    <dt>Tipo</dt>
                    <dd data-gift-received="">{row.giftFrom ? `Regalo de ${row.giftFrom}` : "Regalo"}. No se renueva.</dd>
                  </>
                ) : null}
              </dl>
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
