// Editing a subscription's billing and shipping addresses (editardireccion;
// docs/subscriptions-and-checkout.md#self-service): PUT /subscription/address with billingAddress and subscriptionID, and
// shippingAddress — its own address, or null when the reader keeps 'Enviar a la misma dirección'.
// The same limits as the server's (docs/accounts.md#validation-limits): lines 1 to 256 characters,
// city, department and postal code 1 to 100, country 2 letters. A delivery change made from 3:00 p. m.
// (or on a weekend or holiday) takes effect the next business day: the server keeps it waiting and
// says from when (docs/decisions/0063-address-change-cutoff.md); the form tells the reader that day.
// The SDK's updateBillingAddress sends no shipping address, so the call is made here with the
// reader's access token.
import { useState, type FormEvent } from "react";
import { accountStyles as styles, Field, Notice, SubmitButton } from "../_shared/accounts/AccountUi";
import { messageForError } from "../_shared/accounts/apiErrors";
import { accountsApiOrigin, loadSdks } from "../_shared/accounts/session";
import { formatLongDate } from "../_shared/format";
import { SALES_ERROR_MESSAGES } from "../../domain/errors";
import { ADDRESS_CHANGE_CUTOFF } from "../../domain/customerService";
import listStyles from "./styles.module.css";

// Here, not in _shared/format: that module is in every article page's JavaScript (docs/decisions/0009-islands.md).
const weekday = new Intl.DateTimeFormat("es-CO", { weekday: "long", timeZone: "America/Bogota" });
/** "lunes 7 de diciembre de 2026" (Bogotá time): a day a reader plans around. */
const formatWeekdayDate = (at: number) => `${weekday.format(at)} ${formatLongDate(at)}`;

export const ADDRESS_SAVED_MESSAGE = "Guardamos la nueva dirección.";
/** The form's reminder of the cutoff (docs/subscriptions-and-checkout.md#self-service). */
const ADDRESS_CUTOFF_HINT = `Los cambios hechos después de las ${ADDRESS_CHANGE_CUTOFF}, o en fin de semana o festivo, se aplican el siguiente día hábil.`;
/** Saved, but the delivery waits for the next business day. */
export const addressScheduledMessage = (effectiveFromUTC: number) =>
  `Guardamos la nueva dirección. Como el cambio se hizo después de las ${ADDRESS_CHANGE_CUTOFF} o en un día no hábil, las entregas llegarán a la nueva dirección desde el ${formatWeekdayDate(effectiveFromUTC)}.`;
/** The waiting change, shown under the delivery address in force. */
const pendingAddressText = (change: ShippingAddressChange) =>
  `Cambio de dirección programado para el ${formatWeekdayDate(change.effectiveFromUTC)}: ${
    change.shippingAddress?.line1 ? addressLine(change.shippingAddress) : "la misma de facturación"
  }.`;
export const SAME_ADDRESS_LABEL = "Enviar a la misma dirección de facturación";
const BILLING_LEGEND = "Dirección de facturación";
export const SHIPPING_LEGEND = "Dirección de envío";

export interface AddressValue {
  line1?: string | null;
  line2?: string | null;
  locality?: string | null;
  region?: string | null;
  postal?: string | null;
  country?: string | null;
}

/** A delivery change waiting for the next business day (the details' shippingAddressChange). */
export interface ShippingAddressChange {
  /** Null: the billing address. */
  shippingAddress: AddressValue | null;
  effectiveFromUTC: number;
}

type Form = Required<{ [K in keyof AddressValue]: string }>;

const LIMITS: Record<keyof Form, number> = { line1: 256, line2: 256, locality: 100, region: 100, postal: 100, country: 2 };
const REQUIRED: ReadonlyArray<keyof Form> = ["line1", "locality", "region", "country"];

const formOf = (address: AddressValue | null | undefined): Form => ({
  line1: address?.line1 ?? "",
  line2: address?.line2 ?? "",
  locality: address?.locality ?? "",
  region: address?.region ?? "",
  postal: address?.postal ?? "",
  country: address?.country ?? "CO",
});

function errorOf(form: Form, key: keyof Form): string | null {
  const value = form[key].trim();
  if (REQUIRED.includes(key) && !value) return "El campo es obligatorio";
  if (key === "country" && value && !/^[A-Za-z]{2}$/.test(value)) return "Escribe el código de 2 letras del país, por ejemplo CO.";
  if (value.length > LIMITS[key]) return `Máximo ${LIMITS[key]} caracteres.`;
  return null;
}

const hasErrors = (form: Form) => (Object.keys(LIMITS) as Array<keyof Form>).some((key) => errorOf(form, key));

/** The address as the API takes it: trimmed, empty fields left out, the country in capitals. */
function apiAddress(form: Form): Record<string, string> {
  return Object.fromEntries(
    Object.entries({ ...form, country: form.country.trim().toUpperCase() })
      .map(([key, value]) => [key, value.trim()])
      .filter(([, value]) => value),
  );
}

/** "Calle 5 # 38-14, Apto 502, Cali, Valle del Cauca": how the list shows an address. */
export function addressLine(address: AddressValue | null | undefined): string {
  return [address?.line1, address?.line2, address?.locality, address?.region].filter(Boolean).join(", ");
}

function AddressFields({ legend, form, onChange, submitted }: { legend: string; form: Form; onChange: (form: Form) => void; submitted: boolean }) {
  const shown = (key: keyof Form) => (submitted ? errorOf(form, key) : null);
  const set = (key: keyof Form) => (value: string) => onChange({ ...form, [key]: value });
  const auto = legend === SHIPPING_LEGEND ? "shipping" : "billing";
  return (
    <fieldset className={listStyles.fieldset}>
      <legend>{legend}</legend>
      <Field label="Dirección" value={form.line1} onChange={set("line1")} error={shown("line1")} autoComplete={`${auto} address-line1`} maxLength={256} />
      <Field
        label="Complemento (opcional)"
        value={form.line2}
        onChange={set("line2")}
        error={shown("line2")}
        autoComplete={`${auto} address-line2`}
        maxLength={256}
      />
      <div className={styles.row}>
        <Field
          label="Ciudad"
          value={form.locality}
          onChange={set("locality")}
          error={shown("locality")}
          autoComplete={`${auto} address-level2`}
          maxLength={100}
        />
        <Field
          label="Departamento"
          value={form.region}
          onChange={set("region")}
          error={shown("region")}
          autoComplete={`${auto} address-level1`}
          maxLength={100}
        />
      </div>
      <div className={styles.row}>
        <Field
          label="Código postal (opcional)"
          value={form.postal}
          onChange={set("postal")}
          error={shown("postal")}
          autoComplete={`${auto} postal-code`}
          maxLength={100}
        />
        <Field label="País" value={form.country} onChange={set("country")} error={shown("country")} autoComplete={`${auto} country`} maxLength={2} />
      </div>
    </fieldset>
  );
}

export function AddressForm({
  subscriptionId,
  address,
  shippingAddress,
  onDone,
  onCancel,
}: {
  subscriptionId: number;
  address: AddressValue | null | undefined;
  /** The subscription's own shipping address (the one waiting, if a change waits); null or absent: the billing address serves. */
  shippingAddress?: AddressValue | null;
  onDone: (message: string) => void;
  /** Absent on the editardireccion page, where the form is always open. */
  onCancel?: () => void;
}) {
  const [billing, setBilling] = useState<Form>(formOf(address));
  const [sameAddress, setSameAddress] = useState(!shippingAddress);
  const [shipping, setShipping] = useState<Form>(formOf(shippingAddress ?? address));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (busy || hasErrors(billing) || (!sameAddress && hasErrors(shipping))) return;
    setBusy(true);
    setError(null);
    try {
      const { Identity } = await loadSdks();
      const response = await fetch(`${accountsApiOrigin()}/sales/public/v1/subscription/address`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${Identity.userIdentity?.accessToken ?? ""}` },
        body: JSON.stringify({
          subscriptionID: subscriptionId,
          billingAddress: apiAddress(billing),
          shippingAddress: sameAddress ? null : apiAddress(shipping),
        }),
      });
      const answer = await response.json().catch(() => null);
      if (!response.ok) throw answer ?? new Error(`HTTP ${response.status}`);
      const waiting = (answer as { shippingAddressChange?: ShippingAddressChange | null } | null)?.shippingAddressChange;
      onDone(waiting ? addressScheduledMessage(waiting.effectiveFromUTC) : ADDRESS_SAVED_MESSAGE);
    } catch (failure) {
      setError(messageForError(failure, SALES_ERROR_MESSAGES));
    }
    setBusy(false);
  }

  return (
    <form className={`${styles.form} ${listStyles.panel}`} onSubmit={submit} noValidate aria-label="Editar la dirección">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <AddressFields legend={BILLING_LEGEND} form={billing} onChange={setBilling} submitted={submitted} />
      <label className={styles.check}>
        <input type="checkbox" checked={sameAddress} onChange={(event) => setSameAddress(event.target.checked)} />
        {SAME_ADDRESS_LABEL}
      </label>
      {sameAddress ? null : <AddressFields legend={SHIPPING_LEGEND} form={shipping} onChange={setShipping} submitted={submitted} />}
      <p className={styles.hint}>{ADDRESS_CUTOFF_HINT}</p>
      <div className={styles.actions}>
        <SubmitButton loading={busy}>Guardar la dirección</SubmitButton>
        {onCancel ? (
          <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={onCancel} disabled={busy}>
            Cancelar
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The waiting delivery change, if any, as the list and the editardireccion page show it. */
export function PendingAddressChange({ change }: { change: ShippingAddressChange | null | undefined }) {
  return change ? (
    <p className={styles.hint} data-address-change="">
      {pendingAddressText(change)}
    </p>
  ) : null;
}
