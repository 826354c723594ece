"use client";

import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from "react";
import { produce } from "immer";
import type { BlockProps } from "../../runtime/types";
import {
  accountStyles as styles,
  Field,
  LoadingPanel,
  Notice,
  REQUIRED_FIELD_MESSAGE,
  SignInPrompt,
  SubmitButton,
  useSignInModal,
} from "../_shared/accounts/AccountUi";
import { ACCOUNT_PAGES, BUY_NOW_OFFER_ID, hasActiveSubscription } from "../_shared/accounts/identity";
import { errorCode, errorMessage, messageForError } from "../_shared/accounts/apiErrors";
import { withCaptcha } from "../_shared/accounts/recaptcha";
import { loadSdks, refreshSubscriptions, useSession, type Sales } from "../_shared/accounts/session";
import { LOGIN_PANE, openLoginModal, REGISTER_PANE } from "../_shared/accounts/loginModal";
import { isEmailAddress } from "../../domain/email";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import checkoutStyles from "./styles.module.css";
import { ErrorCodes, SALES_ERROR_MESSAGES } from "../../domain/errors";
import { digits, expiryError, sameOriginUrl, securityCodeError, THREE_DS_MESSAGE_TYPE } from "../_shared/accounts/card";
import { SUBSCRIPTION_TERMS_PATH } from "../../domain/routes";

export { expiryError, isAmericanExpress, securityCodeError, THREE_DS_MESSAGE_TYPE } from "../_shared/accounts/card";

export const TEST_PROVIDER_NAME = "TestPay";

/** 300016: another tab, or a retried request, already paid this order. */
export const ORDER_ALREADY_PAID_MESSAGE = "Este pedido ya está pagado. Tu suscripción está activa.";
export const PAID_MESSAGE = "¡Gracias! Tu suscripción está activa.";
/** A purchase without an account (docs/subscriptions-and-checkout.md#guest-checkout). */
export const GUEST_PROMPT = "Compra con tu correo o inicia sesión si ya tienes cuenta.";
export const guestPaidMessage = (email: string) =>
  `¡Gracias! Tu suscripción está pagada. Para leer como suscriptor, crea tu cuenta o inicia sesión con ${email} y verifica ese correo: la suscripción se asociará a tu cuenta.`;
/** The renewal offer (docs/subscriptions-and-checkout.md#renewal-offer). */
export const RENEWAL_TITLE = "Renueva tu suscripción";
export const RENEWAL_PAID_MESSAGE = "¡Gracias! Renovaste tu suscripción: sumamos 12 meses a tu periodo actual.";
export const RENEWAL_NOTE = "Sumamos 12 meses a tu suscripción actual. Después se renueva automáticamente a la tarifa plena vigente.";
export const RENEWAL_NOT_OFFERED =
  "Este precio es una oferta de renovación para suscriptores que la recibieron en su aviso de renovación. Puedes suscribirte a la tarifa vigente.";
export const TERMS_PATH = SUBSCRIPTION_TERMS_PATH;
/** A gift's message to its recipient (the server's limit). */
export const MAX_GIFT_NOTE_LENGTH = 500;
/** The buyer's optional signature on a gift (the server's limit). */
export const MAX_GIFT_SIGNATURE_LENGTH = 80;
export const giftPaidMessage = (name: string, email: string, sendOn: string | null) =>
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
export const PAYMENT_UNAVAILABLE_MESSAGE = "El pago en línea no está disponible en este momento. Intenta más tarde.";
export const PAYMENT_IN_PROGRESS_MESSAGE = "Hay un pago en curso para esta compra. Espera un momento y revisa Mis suscripciones antes de intentar de nuevo.";

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
  /** What the finished checkout says: paid now, paid already (300016), or already subscribed. */
  done: { message: string; kind: "success" | "info" } | null;
}

type Action =
  | { type: "pay" }
  | { type: "ordered"; orderNumber: string; paymentMethodId: number }
  | { type: "challenge"; token: string; url: string }
  | { type: "paid"; message?: string; kind?: "success" | "info" }
  | { type: "failed"; message: string; forgetOrder?: boolean };

export const INITIAL_CHECKOUT: CheckoutState = { step: "form", orderNumber: null, paymentMethodId: null, challenge: null, error: null, done: null };

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
      draft.error = null;
      draft.done = { message: action.message ?? PAID_MESSAGE, kind: action.kind ?? "success" };
      break;
    case "failed":
      draft.step = "form";
      draft.challenge = null;
      draft.error = action.message;
      if (action.forgetOrder) draft.orderNumber = null;
      break;
  }
});

type PaymentOption = { paymentMethodID: number; paymentPartner?: string };

/**
 * The finalize options: the SDK spreads them into the request body, so the server learns the total
 * this page showed (expectedTotal) and refuses to charge another one. The SDK's type does not know
 * the field.
 */
function finalizeOptions(expectedTotal: number) {
  return { expectedTotal } as Record<string, unknown> as never;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isNetworkFailure = (failure: unknown) => failure instanceof TypeError;
const isPaymentInFlight = (failure: unknown) => (failure as { paymentInFlight?: unknown } | null)?.paymentInFlight === true;

/**
 * A finalize call, retried when the network dropped (the server answers a retry of a finalize that
 * went through with 300016, which counts as paid) or another call of this buyer was still running.
 */
async function withRetries<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (failure) {
      if (attempt < 2 && isNetworkFailure(failure)) await wait(800 * (attempt + 1));
      else if (attempt < 5 && isPaymentInFlight(failure)) await wait(1500);
      else throw failure;
    }
  }
}

/** The checkout is over: paid now, paid already (300016), or nothing to buy (already subscribed). */
async function finish(dispatch: (action: Action) => void, message?: string, kind?: "success" | "info") {
  dispatch({ type: "paid", message, kind });
  await refreshSubscriptions();
}

/** What a failed step means for the reader: paid after all, already subscribed, or a message and the form again. */
async function fail(dispatch: (action: Action) => void, failure: unknown) {
  const code = errorCode(failure);
  if (code === ErrorCodes.orderAlreadyPaid) return finish(dispatch, ORDER_ALREADY_PAID_MESSAGE);
  if ((failure as { alreadySubscribed?: unknown } | null)?.alreadySubscribed === true)
    return finish(dispatch, errorMessage(failure) ?? "Ya tienes una suscripción activa.", "info");
  // The renewal price for someone it was not offered to, or an offer that expired meanwhile.
  if ((failure as { renewalOfferOnly?: unknown } | null)?.renewalOfferOnly === true)
    return dispatch({ type: "failed", message: RENEWAL_NOT_OFFERED, forgetOrder: true });
  dispatch({
    type: "failed",
    message: isPaymentInFlight(failure) ? PAYMENT_IN_PROGRESS_MESSAGE : messageForError(failure, SALES_ERROR_MESSAGES),
    forgetOrder: code === ErrorCodes.orderNotFound || code === ErrorCodes.cartNotFound || code === ErrorCodes.cartEmpty,
  });
}

/** /suscripciones-online/?offerId=466: buy now, with the sales SDK and the configured payment provider. */
export default function SubscriptionCheckout({ settings, data }: BlockProps<Settings, Data>) {
  const session = useSession();
  const { offer } = data;
  const [state, dispatch] = useReducer(checkoutReducer, INITIAL_CHECKOUT);
  const [billing, setBilling] = useState<BillingForm>({ firstName: "", lastName: "", phone: "", line1: "", locality: "", region: "" });
  const [card, setCard] = useState<CardForm>({ number: "", expiry: "", cvc: "", holder: "" });
  const [gift, setGift] = useState<GiftForm>({ name: "", email: "", note: "", sendOn: "", from: "" });
  const [attempted, setAttempted] = useState(false);
  /** The payment options of the server; null until known (or when they could not be read). */
  const [methods, setMethods] = useState<PaymentOption[] | null>(null);
  /** Set synchronously when a payment starts: a second click or Enter before React re-renders does nothing. */
  const busy = useRef(false);
  const titleId = useId();
  const subscriber = hasActiveSubscription(session.subscriptions);
  // A signed-out reader buys with an e-mail (the subscription joins the account that verifies it);
  // gifts and renewals need the account.
  const guest = session.loggedIn === false && !data.gift && !data.renewal;
  const [guestEmail, setGuestEmail] = useState("");
  const testProvider = !!methods?.some((o) => o.paymentPartner === TEST_PROVIDER_NAME);

  useSignInModal(session, !!offer && !guest);

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
    if (!session.loggedIn && !guest) return;
    let cancelled = false;
    loadSdks()
      .then(({ Sales }) => Sales.getPaymentOptions())
      .then((options: PaymentOption[]) => {
        if (!cancelled) setMethods(Array.isArray(options) ? options : []);
      })
      .catch((error) => console.warn("[cuentas] no se pudieron leer los medios de pago:", error?.message ?? error));
    return () => {
      cancelled = true;
    };
  }, [session.loggedIn, guest]);

  const finishPaid = (message?: string, kind?: "success" | "info") => finish(dispatch, message, kind);
  const failed = (failure: unknown) => fail(dispatch, failure);

  // The simulated issuer page reports the 3-D Secure result with postMessage; the server asks the
  // provider whether the issuer really authenticated the reader.
  useEffect(() => {
    if (state.step !== "challenge" || !state.challenge || !state.orderNumber || state.paymentMethodId === null || !offer) return;
    const { token } = state.challenge;
    const orderNumber = state.orderNumber;
    const paymentMethodId = state.paymentMethodId;
    const expectedTotal = offer.amount;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== THREE_DS_MESSAGE_TYPE || event.data.token !== token) return;
      if (busy.current) return;
      busy.current = true;
      window.removeEventListener("message", onMessage);
      dispatch({ type: "pay" });
      loadSdks()
        .then(({ Sales }) =>
          withRetries(() => Sales.finalizePayment3ds(orderNumber, paymentMethodId, token, finalizeOptions(expectedTotal), event.data.succeeded === true)),
        )
        .then(() => finish(dispatch, data.renewal ? RENEWAL_PAID_MESSAGE : undefined))
        .catch((failure) => fail(dispatch, failure))
        .finally(() => {
          busy.current = false;
        });
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [state.step, state.challenge, state.orderNumber, state.paymentMethodId, offer, data.renewal]);

  const billingErrors = (Object.keys(billing) as Array<keyof BillingForm>).filter((key) => !billing[key].trim());
  const cardMissing = (Object.keys(card) as Array<keyof CardForm>).filter((key) => !card[key].trim());
  const cardExpiryError = card.expiry.trim() ? expiryError(card.expiry) : null;
  const cardCodeError = card.cvc.trim() ? securityCodeError(card.cvc, card.number) : null;
  const required = (missing: boolean) => (attempted && missing ? REQUIRED_FIELD_MESSAGE : null);
  const invalid = (message: string | null) => (attempted ? message : null);
  const guestEmailError = !guest
    ? null
    : !guestEmail.trim()
      ? REQUIRED_FIELD_MESSAGE
      : !isEmailAddress(guestEmail)
        ? "El correo electrónico no tiene un formato válido."
        : null;

  const giftErrors = data.gift
    ? [
        !gift.name.trim() ? REQUIRED_FIELD_MESSAGE : gift.name.length > 100 ? "Máximo 100 caracteres." : null,
        !gift.email.trim()
          ? REQUIRED_FIELD_MESSAGE
          : gift.email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(gift.email.trim())
            ? "El correo electrónico no tiene un formato válido."
            : null,
        gift.note.length > MAX_GIFT_NOTE_LENGTH ? `Máximo ${MAX_GIFT_NOTE_LENGTH} caracteres.` : null,
        gift.sendOn && gift.sendOn < colombianToday() ? "Elige hoy o un día futuro." : null,
        gift.from.length > MAX_GIFT_SIGNATURE_LENGTH ? `Máximo ${MAX_GIFT_SIGNATURE_LENGTH} caracteres.` : null,
      ]
    : [];

  /** A gift was paid: name its recipient (the e-mail goes now, or on the chosen day), then say so. */
  async function finishGift(Sales: Sales, subscriptionIDs: number[] | undefined) {
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
    await finishPaid(giftPaidMessage(gift.name.trim(), gift.email.trim(), sendOn));
  }

  /** The cart holds exactly this offer, then the order: the buyer's Pending order for it when there is one (another tab, a reload). */
  async function placeOrder(Sales: Sales, address: Record<string, string>) {
    for (let attempt = 0; ; attempt++) {
      try {
        await Sales.clearCart();
        await Sales.addItemToCart(
          [{ sku: offer!.sku, priceCode: offer!.priceCode, quantity: 1, ...(data.gift ? { gift: true } : {}) } as never],
          address as never,
        );
        return await withCaptcha("checkout", (recaptchaToken) =>
          Sales.createNewOrder(
            address as never,
            session.profile?.email ?? (guest ? guestEmail.trim() : null),
            billing.phone.trim(),
            billing.firstName.trim(),
            billing.lastName.trim(),
            undefined,
            undefined,
            recaptchaToken,
          ),
        );
      } catch (failure) {
        // Another tab emptied the cart between our calls: fill it again, once.
        const code = errorCode(failure);
        if (attempt === 0 && (code === ErrorCodes.cartEmpty || code === ErrorCodes.cartNotFound)) continue;
        throw failure;
      }
    }
  }

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (busy.current || state.step !== "form" || !offer) return;
    setAttempted(true);
    if (billingErrors.length || cardMissing.length || cardExpiryError || cardCodeError || giftErrors.some(Boolean) || guestEmailError) return;
    busy.current = true;
    dispatch({ type: "pay" });
    try {
      const { Sales } = await loadSdks();
      let { orderNumber, paymentMethodId } = state;
      if (!orderNumber || paymentMethodId === null) {
        const options: PaymentOption[] = methods ?? (await Sales.getPaymentOptions());
        const method = options.find((o) => o.paymentPartner === TEST_PROVIDER_NAME) ?? options[0];
        if (!method) {
          setMethods(options);
          dispatch({ type: "failed", message: PAYMENT_UNAVAILABLE_MESSAGE });
          return;
        }
        const address = { line1: billing.line1.trim(), locality: billing.locality.trim(), region: billing.region.trim(), country: settings.country ?? "CO" };
        const order = await placeOrder(Sales, address);
        orderNumber = String(order.orderNumber);
        paymentMethodId = method.paymentMethodID;
        if (order.status === "Paid") return void (await finishPaid(ORDER_ALREADY_PAID_MESSAGE));
        await Sales.initializePayment(orderNumber, paymentMethodId);
        dispatch({ type: "ordered", orderNumber, paymentMethodId });
      }
      const payOrder = orderNumber;
      const payWith = paymentMethodId;
      // The test provider takes the card number as its token; a real provider tokenises here. The
      // server charges the order's own total, and refuses if it is not the amount shown here.
      // A captcha token verifies once: each attempt gets its own (docs/accounts.md#captcha).
      const result = await withRetries(() =>
        withCaptcha("checkout", (recaptchaToken) =>
          Sales.finalizePayment(payOrder, payWith, digits(card.number), finalizeOptions(offer.amount), recaptchaToken),
        ),
      );
      const challengeUrl = result?.threeDSecure?.challengeUrl ? sameOriginUrl(result.threeDSecure.challengeUrl) : null;
      if (challengeUrl && result.threeDSecure.token) dispatch({ type: "challenge", token: result.threeDSecure.token, url: challengeUrl });
      else if (result?.status === "Paid" && data.gift) await finishGift(Sales, result.subscriptionIDs);
      else if (result?.status === "Paid") await finishPaid(data.renewal ? RENEWAL_PAID_MESSAGE : guest ? guestPaidMessage(guestEmail.trim()) : undefined);
      else dispatch({ type: "failed", message: SALES_ERROR_MESSAGES[ErrorCodes.paymentRejected] });
    } catch (failure) {
      await failed(failure);
    } finally {
      busy.current = false;
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
        <strong>
          {offer.price}
          {offer.termsApply ? "*" : ""}
        </strong>{" "}
        al año
      </p>
      <p className={checkoutStyles.summaryNote}>
        {data.renewal ? RENEWAL_NOTE : "Cancele cuando quiera. Se renueva automáticamente a la tarifa plena vigente."}
      </p>
      {offer.termsApply ? (
        <p className={checkoutStyles.summaryNote}>
          <a href={TERMS_PATH}>*Aplican términos y condiciones.</a>
        </p>
      ) : null}
    </aside>
  );

  let body;
  if (state.step === "paid") {
    body = (
      <div className={styles.form}>
        <Notice kind={state.done?.kind ?? "success"}>{state.done?.message ?? PAID_MESSAGE}</Notice>
        {state.orderNumber ? <p>Número de orden: {state.orderNumber}</p> : null}
        <div className={styles.actions}>
          <a className={styles.button} href="/">
            Ir a la portada
          </a>
          {session.loggedIn ? (
            <a className={`${styles.button} ${styles.secondary}`} href={ACCOUNT_PAGES.subscriptions}>
              Ver mis suscripciones
            </a>
          ) : (
            <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => openLoginModal({ pane: REGISTER_PANE })}>
              Crear mi cuenta
            </button>
          )}
        </div>
      </div>
    );
  } else if (session.loggedIn === null) {
    body = <LoadingPanel />;
  } else if (!session.loggedIn && !guest) {
    body = <SignInPrompt text="Inicia sesión o crea tu cuenta para suscribirte." />;
  } else if (session.loggedIn && session.subscriptions === null) {
    body = <LoadingPanel />;
  } else if (data.renewal && !subscriber) {
    body = (
      <div className={styles.form}>
        <Notice kind="info">{RENEWAL_NOT_OFFERED}</Notice>
        <p>
          <a href={`${ACCOUNT_PAGES.checkout}?offerId=${BUY_NOW_OFFER_ID}`}>Suscribirme a la tarifa vigente</a>
        </p>
      </div>
    );
  } else if (subscriber && !data.gift && !data.renewal) {
    body = (
      <div className={styles.form}>
        <Notice kind="info">Ya tienes una suscripción activa.</Notice>
        <p>
          <a href={ACCOUNT_PAGES.subscriptions}>Ver mis suscripciones</a>
        </p>
      </div>
    );
  } else if (methods && methods.length === 0) {
    body = (
      <div className={styles.form}>
        <Notice kind="info">{PAYMENT_UNAVAILABLE_MESSAGE}</Notice>
        <p>
          <a href={ACCOUNT_PAGES.store}>Ver los planes de suscripción</a>
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
        {guest ? (
          <fieldset className={checkoutStyles.fieldset}>
            <legend>Tu correo</legend>
            <p>
              {GUEST_PROMPT}{" "}
              <button type="button" className={styles.linkButton} onClick={() => openLoginModal({ pane: LOGIN_PANE })}>
                Iniciar sesión
              </button>
            </p>
            <Field
              label="Correo electrónico"
              type="email"
              autoComplete="email"
              hint="Tu suscripción se asocia a la cuenta que verifique este correo."
              value={guestEmail}
              onChange={setGuestEmail}
              error={invalid(guestEmailError)}
              maxLength={254}
            />
          </fieldset>
        ) : null}
        {data.gift ? (
          <fieldset className={checkoutStyles.fieldset}>
            <legend>¿A quién se la regalas?</legend>
            <Field
              label="Nombre de quien la recibe"
              value={gift.name}
              onChange={(name) => setGift({ ...gift, name })}
              error={invalid(giftErrors[0] ?? null)}
              maxLength={100}
            />
            <Field
              label="Correo de quien la recibe"
              type="email"
              value={gift.email}
              onChange={(email) => setGift({ ...gift, email })}
              error={invalid(giftErrors[1] ?? null)}
              maxLength={254}
            />
            <div className={styles.field}>
              <label className={styles.label} htmlFor={`${titleId}-nota`}>
                Mensaje (opcional)
              </label>
              <textarea
                id={`${titleId}-nota`}
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
              error={invalid(giftErrors[4] ?? null)}
              maxLength={MAX_GIFT_SIGNATURE_LENGTH}
            />
            <Field
              label="Fecha de envío"
              type="date"
              hint="Si la dejas vacía, el correo sale hoy."
              value={gift.sendOn}
              onChange={(sendOn) => setGift({ ...gift, sendOn })}
              error={invalid(giftErrors[3] ?? null)}
            />
          </fieldset>
        ) : null}
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
      <h1 id={titleId} className={styles.title}>
        {data.renewal ? RENEWAL_TITLE : settings.title}
      </h1>
      <div className={checkoutStyles.layout}>
        <div className={styles.card}>{body}</div>
        {summary}
      </div>
    </section>
  );
}
