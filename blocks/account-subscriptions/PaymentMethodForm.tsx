// Changing the card of a subscription (docs/subscriptions-and-checkout.md#payment-method-update):
// the payment-method update of the sales API — initialize, finalize, and finalize3ds after the
// bank's 3-D Secure challenge when the provider asks for one. The card is checked (expiry, security
// code) before any call, with the checkout's rules; a renewal declined on the old card is tried
// again on the new one at the next pass of the renewal job.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { accountStyles as styles, Field, Notice, SubmitButton } from "../_shared/accounts/AccountUi";
import { messageForError } from "../_shared/accounts/apiErrors";
import { digits, expiryError, sameOriginUrl, securityCodeError, THREE_DS_MESSAGE_TYPE } from "../_shared/accounts/card";
import { withCaptcha } from "../_shared/accounts/recaptcha";
import { loadSdks } from "../_shared/accounts/session";
import { SALES_ERROR_MESSAGES } from "../../domain/errors";
import listStyles from "./styles.module.css";

export const CARD_UPDATED_MESSAGE = "Actualizamos tu medio de pago. Los próximos cobros irán a la nueva tarjeta.";
const CHALLENGE_CANCELED_MESSAGE = "Cancelaste la verificación del banco. Tu medio de pago no cambió.";

interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  holder: string;
}

const EMPTY: CardForm = { number: "", expiry: "", cvc: "", holder: "" };

export function PaymentMethodForm({ paymentMethodId, onDone, onCancel }: { paymentMethodId: number; onDone: (message: string) => void; onCancel: () => void }) {
  const [card, setCard] = useState<CardForm>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ token: string; url: string; provider: number } | null>(null);
  const inFlight = useRef(false);

  const errors = {
    number: !card.number.trim() ? "El campo es obligatorio" : digits(card.number).length < 12 ? "Revisa el número de la tarjeta." : null,
    expiry: !card.expiry.trim() ? "El campo es obligatorio" : expiryError(card.expiry),
    cvc: !card.cvc.trim() ? "El campo es obligatorio" : securityCodeError(card.cvc, card.number),
    holder: !card.holder.trim() ? "El campo es obligatorio" : card.holder.length > 100 ? "Máximo 100 caracteres." : null,
  };
  const shown = (key: keyof CardForm) => (submitted ? errors[key] : null);

  // The simulated issuer reports the challenge's result; the server asks the provider whether it passed.
  useEffect(() => {
    if (!challenge) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== THREE_DS_MESSAGE_TYPE || event.data.token !== challenge.token) return;
      if (inFlight.current) return;
      inFlight.current = true;
      setBusy(true);
      loadSdks()
        .then(({ Sales }) => Sales.finalizePaymentUpdate3ds(paymentMethodId, challenge.provider, challenge.token, undefined, event.data.succeeded === true))
        .then(() => onDone(CARD_UPDATED_MESSAGE))
        .catch((failure) => {
          setChallenge(null);
          setError(messageForError(failure, SALES_ERROR_MESSAGES));
        })
        .finally(() => {
          inFlight.current = false;
          setBusy(false);
        });
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [challenge, paymentMethodId, onDone]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (inFlight.current || Object.values(errors).some(Boolean)) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const { Sales } = await loadSdks();
      const options: Array<{ paymentMethodID: number }> = await Sales.getPaymentOptions();
      const provider = options[0]?.paymentMethodID;
      if (provider === undefined) throw new Error("El pago en línea no está disponible en este momento. Intenta más tarde.");
      await Sales.initializePaymentUpdate(paymentMethodId, provider);
      const result = await withCaptcha("checkout", (recaptchaToken) =>
        Sales.finalizePaymentUpdate(paymentMethodId, provider, digits(card.number), undefined, recaptchaToken),
      );
      const url = result?.threeDSecure?.challengeUrl ? sameOriginUrl(result.threeDSecure.challengeUrl) : null;
      if (url && result.threeDSecure.token) setChallenge({ token: result.threeDSecure.token, url, provider });
      else onDone(CARD_UPDATED_MESSAGE);
    } catch (failure) {
      setError(messageForError(failure, SALES_ERROR_MESSAGES));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  if (challenge)
    return (
      <div className={listStyles.panel}>
        <Notice kind="info">Tu banco pide confirmar la tarjeta. Completa la verificación 3-D Secure para terminar.</Notice>
        <iframe className={listStyles.challenge} src={challenge.url} title="Verificación 3-D Secure de tu banco" />
        <button
          type="button"
          className={`${styles.button} ${styles.secondary}`}
          disabled={busy}
          onClick={() => {
            setChallenge(null);
            setError(CHALLENGE_CANCELED_MESSAGE);
          }}
        >
          Cancelar la verificación
        </button>
      </div>
    );

  return (
    <form className={`${styles.form} ${listStyles.panel}`} onSubmit={submit} noValidate aria-label="Cambiar la tarjeta">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <Field
        label="Número de la tarjeta"
        value={card.number}
        onChange={(number) => setCard({ ...card, number })}
        error={shown("number")}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
      />
      <div className={styles.row}>
        <Field
          label="Vencimiento (MM/AA)"
          value={card.expiry}
          onChange={(expiry) => setCard({ ...card, expiry })}
          error={shown("expiry")}
          autoComplete="cc-exp"
          maxLength={7}
        />
        <Field
          label="Código de seguridad"
          value={card.cvc}
          onChange={(cvc) => setCard({ ...card, cvc })}
          error={shown("cvc")}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
        />
      </div>
      <Field
        label="Nombre en la tarjeta"
        value={card.holder}
        onChange={(holder) => setCard({ ...card, holder })}
        error={shown("holder")}
        autoComplete="cc-name"
        maxLength={100}
      />
      <div className={styles.actions}>
        <SubmitButton loading={busy}>Guardar la tarjeta</SubmitButton>
        <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={onCancel} disabled={busy}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
