// Asking to transfer a subscription to another person (docs/subscriptions-and-checkout.md#transfer):
// the new holder's name and e-mail and the owner's word that they agreed, checked with the server's
// own rules (domain/transfer.ts) before sending; the operators review the request.
import { useState, type FormEvent } from "react";
import { accountStyles as styles, Field, Notice, SubmitButton } from "../_shared/accounts/AccountUi";
import { messageForError } from "../_shared/accounts/apiErrors";
import { accountsApiOrigin, loadSdks } from "../_shared/accounts/session";
import { SALES_ERROR_MESSAGES } from "../../domain/errors";
import { SUBSCRIPTION_TERMS_PATH } from "../../domain/routes";
import {
  checkTransfer,
  TRANSFER_CONSENT_LABEL,
  TRANSFER_FIELDS,
  TRANSFER_LIMITS,
  transferApiPath,
  type TransferErrors,
  type TransferField,
  type TransferRequestView,
} from "../../domain/transfer";
import listStyles from "./styles.module.css";

export const TRANSFER_ACTION = "Ceder a otra persona";
export const TRANSFER_NAME_LABEL = "Nombre completo de quien la recibe";
export const TRANSFER_EMAIL_LABEL = "Correo de quien la recibe";
export const TRANSFER_SUBMIT = "Enviar la solicitud";

/** The notice after a request is stored: its number and what comes next. */
export function transferRequestedMessage(requestNumber: string): string {
  return `Recibimos tu solicitud de cesión ${requestNumber}. La revisaremos en un máximo de 3 días hábiles y te escribiremos a tu correo.`;
}

export function TransferForm({
  subscriptionId,
  ownEmail,
  onDone,
  onCancel,
}: {
  subscriptionId: number;
  /** The reader's own address: the new holder's must be another. */
  ownEmail: string | null;
  onDone: (request: TransferRequestView) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState({ name: "", email: "", consent: false });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<TransferErrors>({});
  const [error, setError] = useState<string | null>(null);
  const checked = checkTransfer(values, ownEmail);
  const errors: TransferErrors = { ...(submitted && !checked.ok ? checked.errors : {}), ...serverErrors };
  const set = (field: TransferField) => (value: string | boolean) => {
    setValues((current) => ({ ...current, [field]: value }));
    // The server's word on a field holds until the field changes.
    setServerErrors(({ [field]: _changed, ...others }) => others);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (busy || !checked.ok) return;
    setBusy(true);
    setError(null);
    try {
      const { Identity } = await loadSdks();
      const response = await fetch(`${accountsApiOrigin()}${transferApiPath(subscriptionId)}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${Identity.userIdentity?.accessToken ?? ""}` },
        body: JSON.stringify({ name: values.name, email: values.email, consent: values.consent }),
      });
      const body = await response.json().catch(() => null);
      if (!response.ok) throw body ?? new Error(`HTTP ${response.status}`);
      onDone(body as TransferRequestView);
    } catch (failure) {
      // A refused field goes under that field; anything else above the form.
      const field = (failure as { field?: unknown } | null)?.field;
      if (typeof field === "string" && (TRANSFER_FIELDS as readonly string[]).includes(field))
        setServerErrors({ [field]: (failure as { message?: string }).message ?? "" });
      else setError(messageForError(failure, SALES_ERROR_MESSAGES));
    }
    setBusy(false);
  }

  return (
    <form className={`${styles.form} ${listStyles.panel}`} onSubmit={submit} noValidate aria-label={TRANSFER_ACTION} data-transfer-form="">
      <h3 className={listStyles.subtitle}>{TRANSFER_ACTION}</h3>
      <p>
        La persona que indiques recibe el periodo que le queda a tu suscripción. Revisamos la solicitud en un máximo de 3 días hábiles; mientras tanto conservas
        el acceso. <a href={SUBSCRIPTION_TERMS_PATH}>Términos de la suscripción</a>
      </p>
      {error ? <Notice kind="error">{error}</Notice> : null}
      <Field
        label={TRANSFER_NAME_LABEL}
        value={values.name}
        onChange={set("name")}
        error={errors.name}
        autoComplete="off"
        maxLength={TRANSFER_LIMITS.name.max}
      />
      <Field
        label={TRANSFER_EMAIL_LABEL}
        type="email"
        value={values.email}
        onChange={set("email")}
        error={errors.email}
        autoComplete="off"
        maxLength={TRANSFER_LIMITS.email.max}
      />
      <div className={styles.field}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={values.consent}
            onChange={(event) => set("consent")(event.target.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `cesion-${subscriptionId}-consent-error` : undefined}
          />
          {TRANSFER_CONSENT_LABEL}
        </label>
        {errors.consent ? (
          <p id={`cesion-${subscriptionId}-consent-error`} className={styles.fieldError}>
            {errors.consent}
          </p>
        ) : null}
      </div>
      <div className={styles.actions}>
        <SubmitButton loading={busy}>{TRANSFER_SUBMIT}</SubmitButton>
        <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={onCancel} disabled={busy}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
