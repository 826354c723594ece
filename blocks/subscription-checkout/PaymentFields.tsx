// The buyer's billing data and card: the checkout's fields for them, each an input of a form held
// in the component's state (kept across a declined payment or a cancelled bank check).
import type { Dispatch, SetStateAction } from "react";
import { accountStyles as styles, Field, Notice } from "../_shared/accounts/AccountUi";
import checkoutStyles from "./styles.module.css";

export interface BillingForm {
  firstName: string;
  lastName: string;
  phone: string;
  line1: string;
  locality: string;
  region: string;
}

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  holder: string;
}

/** An input's onChange that sets one field of a form held in state. */
const set =
  <T,>(setter: (f: (current: T) => T) => void, key: keyof T) =>
  (value: string) =>
    setter((current) => ({ ...current, [key]: value }));

export function BillingFields({
  billing,
  setBilling,
  required,
}: {
  billing: BillingForm;
  setBilling: Dispatch<SetStateAction<BillingForm>>;
  /** A field's error once the reader tried to pay: REQUIRED_FIELD_MESSAGE when it is missing. */
  required: (missing: boolean) => string | null;
}) {
  return (
    <fieldset className={checkoutStyles.fieldset}>
      <legend>Datos de facturación</legend>
      <div className={styles.row}>
        <Field
          label="Nombre"
          autoComplete="given-name"
          value={billing.firstName}
          onChange={set(setBilling, "firstName")}
          error={required(!billing.firstName.trim())}
        />
        <Field
          label="Apellido"
          autoComplete="family-name"
          value={billing.lastName}
          onChange={set(setBilling, "lastName")}
          error={required(!billing.lastName.trim())}
        />
      </div>
      <Field
        label="Celular"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={billing.phone}
        onChange={set(setBilling, "phone")}
        error={required(!billing.phone.trim())}
      />
      <Field label="Dirección" autoComplete="address-line1" value={billing.line1} onChange={set(setBilling, "line1")} error={required(!billing.line1.trim())} />
      <div className={styles.row}>
        <Field
          label="Ciudad"
          autoComplete="address-level2"
          value={billing.locality}
          onChange={set(setBilling, "locality")}
          error={required(!billing.locality.trim())}
        />
        <Field
          label="Departamento"
          autoComplete="address-level1"
          value={billing.region}
          onChange={set(setBilling, "region")}
          error={required(!billing.region.trim())}
        />
      </div>
    </fieldset>
  );
}

export function CardFields({
  card,
  setCard,
  cardExpiryError,
  cardCodeError,
  testProvider,
  required,
  invalid,
}: {
  card: CardForm;
  setCard: Dispatch<SetStateAction<CardForm>>;
  cardExpiryError: string | null;
  cardCodeError: string | null;
  /** The server offers the test provider: say which cards it takes. */
  testProvider: boolean;
  required: (missing: boolean) => string | null;
  /** A field's error once the reader tried to pay. */
  invalid: (message: string | null) => string | null;
}) {
  return (
    <fieldset className={checkoutStyles.fieldset}>
      <legend>Tarjeta de crédito o débito</legend>
      {/* Only when the server offers the test provider (never on a real site: accounts/index.ts). */}
      {testProvider ? (
        <Notice kind="info">
          Pagos de prueba, sin dinero real: usa la tarjeta 4242 4242 4242 4242 (o 4000 0000 0000 3220 para probar la verificación 3-D Secure), con cualquier
          fecha futura y código.
        </Notice>
      ) : null}
      <Field
        label="Número de la tarjeta"
        inputMode="numeric"
        autoComplete="cc-number"
        value={card.number}
        onChange={set(setCard, "number")}
        error={required(!card.number.trim())}
      />
      <div className={styles.row}>
        <Field
          label="Vencimiento (MM/AA)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          value={card.expiry}
          onChange={set(setCard, "expiry")}
          error={required(!card.expiry.trim()) ?? invalid(cardExpiryError)}
        />
        <Field
          label="Código de seguridad"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={card.cvc}
          onChange={set(setCard, "cvc")}
          error={required(!card.cvc.trim()) ?? invalid(cardCodeError)}
        />
      </div>
      <Field label="Nombre en la tarjeta" autoComplete="cc-name" value={card.holder} onChange={set(setCard, "holder")} error={required(!card.holder.trim())} />
    </fieldset>
  );
}
