// What the list says of one subscription: its status (or that it is a gift, sent or not), its
// period and next date, payment card, addresses, a renewal that could not be charged, and whether it
// is shared with the reader, asked to be transferred or a gift received.
import { accountStyles as styles } from "../_shared/accounts/AccountUi";
import { CANCELED_STATUS, RESCUED_STATUS } from "../_shared/accounts/identity";
import { formatLongDate } from "../_shared/format";
import { addressLine, PendingAddressChange } from "./AddressForm";
import type { SubscriptionRow } from "./subscriptionRows";

/** Reader-facing names of the sales API's subscription statuses. */
export const SUBSCRIPTION_STATUS_LABELS: Record<number, string> = {
  1: "Activa",
  2: "Terminada",
  3: "Cancelada: el acceso sigue hasta el final del periodo pagado",
  4: "Pago rechazado: actualiza tu medio de pago",
  5: "En periodo de gracia",
};
export const GIFT_SENT_LABEL = "Regalo enviado";
export const GIFT_UNASSIGNED_LABEL = "Regalo sin destinatario";

/** Status 4 (sales/renewals.ts): the renewal was declined and access is kept during the grace period. */
const PAYMENT_FAILED_STATUS = 4;

export function SubscriptionDetails({ row }: { row: SubscriptionRow }) {
  return (
    <dl className={styles.definitions}>
      <dt>Estado</dt>
      <dd data-status-label="">
        {row.gift ? (row.giftRecipient ? GIFT_SENT_LABEL : GIFT_UNASSIGNED_LABEL) : (SUBSCRIPTION_STATUS_LABELS[row.status] ?? `Estado ${row.status}`)}
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
            {row.paymentRetryUTC ? `; volveremos a intentarlo el ${formatLongDate(row.paymentRetryUTC)}` : ""}. Actualiza tu medio de pago para no perderlo.
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
  );
}
