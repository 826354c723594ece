// A gift's recipient (docs/subscriptions-and-checkout.md#gifts): the checkout's fields for it, their
// checks with the server's limits, and naming the recipient once the gift is paid.
import { accountStyles as styles, Field, REQUIRED_FIELD_MESSAGE } from "../_shared/accounts/AccountUi";
import type { Sales } from "../_shared/accounts/session";
import checkoutStyles from "./styles.module.css";

/** A gift's message to its recipient (the server's limit). */
const MAX_GIFT_NOTE_LENGTH = 500;
/** The buyer's optional signature on a gift (the server's limit). */
const MAX_GIFT_SIGNATURE_LENGTH = 80;
const giftPaidMessage = (name: string, email: string, sendOn: string | null) =>
  sendOn
    ? `¡Gracias! Tu regalo está pagado. Enviaremos a ${name} (${email}) el correo para redimirlo el ${sendOn.split("-").reverse().join("/")}.`
    : `¡Gracias! Tu regalo está pagado. Enviamos a ${name} (${email}) el correo para redimirlo.`;

export interface GiftForm {
  name: string;
  email: string;
  note: string;
  /** YYYY-MM-DD; empty: today. */
  sendOn: string;
  /** The buyer's signature ('Regalo de …'); empty: the gift does not say who sent it. */
  from: string;
}

/** Today in Colombia as YYYY-MM-DD (the gift's send date starts there). */
function colombianToday(now: Date = new Date()): string {
  return new Date(now.getTime() - 5 * 3600 * 1000).toISOString().slice(0, 10);
}

/** What is wrong with each field (name, e-mail, note, send date, signature), null where nothing is. */
export function giftFormErrors(gift: GiftForm): Array<string | null> {
  return [
    !gift.name.trim() ? REQUIRED_FIELD_MESSAGE : gift.name.length > 100 ? "Máximo 100 caracteres." : null,
    !gift.email.trim()
      ? REQUIRED_FIELD_MESSAGE
      : gift.email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(gift.email.trim())
        ? "El correo electrónico no tiene un formato válido."
        : null,
    gift.note.length > MAX_GIFT_NOTE_LENGTH ? `Máximo ${MAX_GIFT_NOTE_LENGTH} caracteres.` : null,
    gift.sendOn && gift.sendOn < colombianToday() ? "Elige hoy o un día futuro." : null,
    gift.from.length > MAX_GIFT_SIGNATURE_LENGTH ? `Máximo ${MAX_GIFT_SIGNATURE_LENGTH} caracteres.` : null,
  ];
}

/** A gift was paid: names its recipient (the e-mail goes now, or on the chosen day); answers what the checkout then says. */
export async function nameGiftRecipient(Sales: Sales, subscriptionIDs: number[] | undefined, gift: GiftForm): Promise<string> {
  const id = subscriptionIDs?.[0];
  const details = id ? await Sales.getSubscriptionDetails(id) : null;
  const redeemCode = (details as { redeemCode?: string } | null)?.redeemCode;
  const sendOn = gift.sendOn && gift.sendOn > colombianToday() ? gift.sendOn : null;
  if (redeemCode)
    await Sales.setGiftRecipient(redeemCode, {
      name: gift.name.trim(),
      email: gift.email.trim(),
      ...(gift.note.trim() ? { note: gift.note.trim() } : {}),
      ...(gift.from.trim() ? { from: gift.from.trim() } : {}),
      ...(sendOn ? { sendNotificationOn: sendOn } : {}),
    });
  return giftPaidMessage(gift.name.trim(), gift.email.trim(), sendOn);
}

/** The recipient's fields, with giftFormErrors' errors once `invalid` lets them show (after a first try to pay). */
export function GiftRecipientFields({
  gift,
  setGift,
  invalid,
  noteId,
}: {
  gift: GiftForm;
  setGift: (gift: GiftForm) => void;
  invalid: (message: string | null) => string | null;
  noteId: string;
}) {
  const errors = giftFormErrors(gift);
  return (
    <fieldset className={checkoutStyles.fieldset}>
      <legend>¿A quién se la regalas?</legend>
      <Field label="Nombre de quien la recibe" value={gift.name} onChange={(name) => setGift({ ...gift, name })} error={invalid(errors[0])} maxLength={100} />
      <Field
        label="Correo de quien la recibe"
        type="email"
        value={gift.email}
        onChange={(email) => setGift({ ...gift, email })}
        error={invalid(errors[1])}
        maxLength={254}
      />
      <div className={styles.field}>
        <label className={styles.label} htmlFor={noteId}>
          Mensaje (opcional)
        </label>
        <textarea
          id={noteId}
          className={styles.input}
          rows={3}
          maxLength={MAX_GIFT_NOTE_LENGTH}
          value={gift.note}
          onChange={(event) => setGift({ ...gift, note: event.target.value })}
        />
      </div>
      <Field
        label="Firma (opcional)"
        hint="Quien lo recibe verá «Regalo de …» con tu firma. Si la dejas vacía, el regalo no dice quién lo envía."
        value={gift.from}
        onChange={(from) => setGift({ ...gift, from })}
        error={invalid(errors[4])}
        maxLength={MAX_GIFT_SIGNATURE_LENGTH}
      />
      <Field
        label="Fecha de envío"
        type="date"
        hint="Si la dejas vacía, el correo sale hoy."
        value={gift.sendOn}
        onChange={(sendOn) => setGift({ ...gift, sendOn })}
        error={invalid(errors[3])}
      />
    </fieldset>
  );
}
