"use client";

import { useEffect, useId, useReducer, useState, type FormEvent } from "react";
import { produce } from "immer";
import type { BlockProps } from "../../runtime/types";
import { accountStyles as styles, Field, LoadingPanel, Notice, REQUIRED_FIELD_MESSAGE, SignInPrompt, SubmitButton, useSignInModal } from "../_shared/AccountUi";
import { ACCOUNT_PAGES, errorCode, hasActiveSubscription, messageForError } from "../_shared/identity";
import { loadSdks, refreshSubscriptions, useSession } from "../_shared/session";
import { LoginModalHost } from "../login-modal/LoginModal";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import checkoutStyles from "./styles.module.css";
import { SALES_ERROR_MESSAGES } from "../../domain/errors";

/** What the 3-D Secure challenge page posts to its opener (server/accounts/README.md). */
export const THREE_DS_MESSAGE_TYPE = "ARC_3DS_RESULT";
export const TEST_PROVIDER_NAME = "TestPay";

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

type Step = "form" | "paying" | "challenge" | "paid";

export interface CheckoutState {
  step: Step;
  /** Kept after a decline: the next card pays the same order. */
  orderNumber: string | null;
  paymentMethodId: number | null;
  challenge: { token: string; url: string } | null;
  error: string | null;
}

type Action =
  | { type: "pay" }
  | { type: "ordered"; orderNumber: string; paymentMethodId: number }
  | { type: "challenge"; token: string; url: string }
  | { type: "paid" }
  | { type: "failed"; message: string; forgetOrder?: boolean };

export const INITIAL_CHECKOUT: CheckoutState = { step: "form", orderNumber: null, paymentMethodId: null, challenge: null, error: null };

/** The checkout's steps: form → paying → (challenge →) paid, or back to the form with a message. */
export const checkoutReducer = produce((draft: CheckoutState, action: Action) => {
  switch (action.type) {
    case "pay":
      draft.step = "paying";
      draft.error = null;
      break;
    case "ordered":
      draft.orderNumber = action.orderNumber;
      draft.paymentMethodId = action.paymentMethodId;
      break;
    case "challenge":
      draft.step = "challenge";
      draft.challenge = { token: action.token, url: action.url };
      break;
    case "paid":
      draft.step = "paid";
      draft.challenge = null;
      break;
    case "failed":
      draft.step = "form";
      draft.challenge = null;
      draft.error = action.message;
      if (action.forgetOrder) draft.orderNumber = null;
      break;
  }
});

const digits = (value: string) => value.replace(/\D/g, "");

/** The challenge URL only when it is a path on this site (the simulated issuer page). */
function sameOriginUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.origin === window.location.origin ? parsed.pathname + parsed.search : null;
  } catch {
    return null;
  }
}

/** /suscripciones-online/?offerId=466: buy now, with the sales SDK and the configured payment provider. */
export default function SubscriptionCheckout({ settings, data }: BlockProps<Settings, Data>) {
  const session = useSession();
  const { offer } = data;
  const [state, dispatch] = useReducer(checkoutReducer, INITIAL_CHECKOUT);
  const [billing, setBilling] = useState<BillingForm>({ firstName: "", lastName: "", phone: "", line1: "", locality: "", region: "" });
  const [card, setCard] = useState<CardForm>({ number: "", expiry: "", cvc: "", holder: "" });
  const [attempted, setAttempted] = useState(false);
  const [testProvider, setTestProvider] = useState(false);
  const titleId = useId();
  const subscriber = hasActiveSubscription(session.subscriptions);

  useSignInModal(session, !!offer);

  // Fill in what the profile knows, once it is known.
  useEffect(() => {
    const profile = session.profile;
    if (!profile) return;
    setBilling((current) => ({
      ...current,
      firstName: current.firstName || profile.firstName || "",
      lastName: current.lastName || profile.lastName || "",
      phone: current.phone || profile.contacts?.[0]?.phone || "",
    }));
  }, [session.profile]);

  useEffect(() => {
    if (!session.loggedIn) return;
    let cancelled = false;
    loadSdks()
      .then(({ Sales }) => Sales.getPaymentOptions())
      .then((options: Array<{ paymentPartner?: string }>) => {
        if (!cancelled) setTestProvider(options.some((o) => o.paymentPartner === TEST_PROVIDER_NAME));
      })
      .catch((error) => console.warn("[cuentas] no se pudieron leer los medios de pago:", error?.message ?? error));
    return () => {
      cancelled = true;
    };
  }, [session.loggedIn]);

  // The simulated issuer page reports the 3-D Secure result with postMessage.
  useEffect(() => {
    if (state.step !== "challenge" || !state.challenge || !state.orderNumber || state.paymentMethodId === null) return;
    const { token } = state.challenge;
    const orderNumber = state.orderNumber;
    const paymentMethodId = state.paymentMethodId;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== THREE_DS_MESSAGE_TYPE || event.data.token !== token) return;
      window.removeEventListener("message", onMessage);
      dispatch({ type: "pay" });
      loadSdks()
        .then(({ Sales }) => Sales.finalizePayment3ds(orderNumber, paymentMethodId, token, {}, event.data.succeeded === true))
        .then(() => finishPaid())
        .catch((failure) => dispatch({ type: "failed", message: messageForError(failure, SALES_ERROR_MESSAGES) }));
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [state.step, state.challenge, state.orderNumber, state.paymentMethodId]);

  async function finishPaid() {
    dispatch({ type: "paid" });
    await refreshSubscriptions();
  }

  const billingErrors = (Object.keys(billing) as Array<keyof BillingForm>).filter((key) => !billing[key].trim());
  const cardErrors = (Object.keys(card) as Array<keyof CardForm>).filter((key) => !card[key].trim());
  const required = (missing: boolean) => (attempted && missing ? REQUIRED_FIELD_MESSAGE : null);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (state.step !== "form" || !offer) return;
    setAttempted(true);
    if (billingErrors.length || cardErrors.length) return;
    dispatch({ type: "pay" });
    try {
      const { Sales } = await loadSdks();
      let { orderNumber, paymentMethodId } = state;
      if (!orderNumber || paymentMethodId === null) {
        const address = { line1: billing.line1.trim(), locality: billing.locality.trim(), region: billing.region.trim(), country: settings.country ?? "CO" };
        await Sales.addItemToCart([{ sku: offer.sku, priceCode: offer.priceCode, quantity: 1 }], address as never);
        const order = await Sales.createNewOrder(
          address as never,
          session.profile?.email ?? null,
          billing.phone.trim(),
          billing.firstName.trim(),
          billing.lastName.trim(),
        );
        const options: Array<{ paymentMethodID: number; paymentPartner?: string }> = await Sales.getPaymentOptions();
        const method = options.find((o) => o.paymentPartner === TEST_PROVIDER_NAME) ?? options[0];
        if (!method) throw { code: "300014" };
        orderNumber = String(order.orderNumber);
        paymentMethodId = method.paymentMethodID;
        await Sales.initializePayment(orderNumber, paymentMethodId);
        dispatch({ type: "ordered", orderNumber, paymentMethodId });
      }
      // The test provider takes the card number as its token; a real provider tokenises here.
      const result = await Sales.finalizePayment(orderNumber, paymentMethodId, digits(card.number));
      const challengeUrl = result?.threeDSecure?.challengeUrl ? sameOriginUrl(result.threeDSecure.challengeUrl) : null;
      if (challengeUrl && result.threeDSecure.token) dispatch({ type: "challenge", token: result.threeDSecure.token, url: challengeUrl });
      else if (result?.status === "Paid") await finishPaid();
      else dispatch({ type: "failed", message: SALES_ERROR_MESSAGES["300170"] });
    } catch (failure) {
      const code = errorCode(failure);
      dispatch({
        type: "failed",
        message: messageForError(failure, SALES_ERROR_MESSAGES),
        forgetOrder: code === "300015" || code === "300012" || code === "300013",
      });
    }
  }

  if (!offer) {
    return (
      <section className={styles.page}>
        <Notice kind="error">La oferta «{data.requestedOfferId}» no existe o ya no está disponible.</Notice>
        <p>
          <a href={ACCOUNT_PAGES.store}>Ver los planes de suscripción</a>
        </p>
      </section>
    );
  }

  const summary = (
    <aside className={checkoutStyles.summary} aria-label="Resumen de tu compra">
      <p className={checkoutStyles.summaryName}>{offer.name}</p>
      <p className={checkoutStyles.summaryPrice}>
        <strong>{offer.price}</strong> al año
      </p>
      <p className={checkoutStyles.summaryNote}>Cancele cuando quiera. Se renueva automáticamente a la tarifa plena vigente.</p>
    </aside>
  );

  let body;
  if (state.step === "paid") {
    body = (
      <div className={styles.form}>
        <Notice kind="success">¡Gracias! Tu suscripción está activa.</Notice>
        {state.orderNumber ? <p>Número de orden: {state.orderNumber}</p> : null}
        <div className={styles.actions}>
          <a className={styles.button} href="/">
            Ir a la portada
          </a>
          <a className={`${styles.button} ${styles.secondary}`} href={ACCOUNT_PAGES.subscriptions}>
            Ver mis suscripciones
          </a>
        </div>
      </div>
    );
  } else if (session.loggedIn === null) {
    body = <LoadingPanel />;
  } else if (!session.loggedIn) {
    body = <SignInPrompt text="Inicia sesión o crea tu cuenta para suscribirte." />;
  } else if (session.subscriptions === null) {
    body = <LoadingPanel />;
  } else if (subscriber) {
    body = (
      <div className={styles.form}>
        <Notice kind="info">Ya tienes una suscripción activa.</Notice>
        <p>
          <a href={ACCOUNT_PAGES.subscriptions}>Ver mis suscripciones</a>
        </p>
      </div>
    );
  } else if (state.step === "challenge" && state.challenge) {
    body = (
      <div className={styles.form}>
        <Notice kind="info">Tu banco pide confirmar el pago. Completa la verificación 3-D Secure para terminar.</Notice>
        <iframe className={checkoutStyles.challenge} src={state.challenge.url} title="Verificación 3-D Secure de tu banco" />
        <button
          type="button"
          className={`${styles.button} ${styles.secondary}`}
          onClick={() => dispatch({ type: "failed", message: "Cancelaste la verificación del banco. Puedes intentar de nuevo." })}
        >
          Cancelar la verificación
        </button>
      </div>
    );
  } else {
    const set =
      <T,>(setter: (f: (current: T) => T) => void, key: keyof T) =>
      (value: string) =>
        setter((current) => ({ ...current, [key]: value }));
    body = (
      <form className={styles.form} onSubmit={pay} noValidate aria-labelledby={titleId}>
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
          <Field
            label="Dirección"
            autoComplete="address-line1"
            value={billing.line1}
            onChange={set(setBilling, "line1")}
            error={required(!billing.line1.trim())}
          />
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
        <fieldset className={checkoutStyles.fieldset}>
          <legend>Tarjeta de crédito o débito</legend>
          {testProvider ? (
            <Notice kind="info">
              Pagos de prueba: usa la tarjeta 4242 4242 4242 4242 (o 4000 0000 0000 3220 para probar la verificación 3-D Secure), con cualquier fecha futura y
              código.
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
              error={required(!card.expiry.trim())}
            />
            <Field
              label="Código de seguridad"
              inputMode="numeric"
              autoComplete="cc-csc"
              value={card.cvc}
              onChange={set(setCard, "cvc")}
              error={required(!card.cvc.trim())}
            />
          </div>
          <Field
            label="Nombre en la tarjeta"
            autoComplete="cc-name"
            value={card.holder}
            onChange={set(setCard, "holder")}
            error={required(!card.holder.trim())}
          />
        </fieldset>
        {/* Next to the button, where the reader is looking when the bank answers. */}
        {state.error ? <Notice kind="error">{state.error}</Notice> : null}
        <SubmitButton loading={state.step === "paying"} className={styles.block}>
          Pagar {offer.price}
        </SubmitButton>
      </form>
    );
  }

  return (
    <section className={`${styles.page} ${styles.wide}`}>
      <LoginModalHost />
      <h1 id={titleId} className={styles.title}>
        {settings.title}
      </h1>
      <div className={checkoutStyles.layout}>
        <div className={styles.card}>{body}</div>
        {summary}
      </div>
    </section>
  );
}
