"use client";

import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from "react";
import type { BlockProps } from "../../runtime/types";
import { accountStyles as styles, Field, Notice, REQUIRED_FIELD_MESSAGE, SubmitButton, useSignInModal } from "../_shared/accounts/AccountUi";
import { ACCOUNT_PAGES } from "../_shared/accounts/identity";
import { errorCode } from "../_shared/accounts/apiErrors";
import { withCaptcha } from "../_shared/accounts/recaptcha";
import { loadSdks, useSession, type Sales } from "../_shared/accounts/session";
import { LOGIN_PANE, openLoginModal } from "../_shared/accounts/loginModal";
import { isEmailAddress } from "../../domain/email";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import checkoutStyles from "./styles.module.css";
import { ErrorCodes, SALES_ERROR_MESSAGES } from "../../domain/errors";
import { digits, expiryError, sameOriginUrl, securityCodeError } from "../_shared/accounts/card";
import { SUBSCRIPTION_TERMS_PATH } from "../../domain/routes";
import {
  checkoutReducer,
  fail,
  finalizeOptions,
  finish,
  INITIAL_CHECKOUT,
  ORDER_ALREADY_PAID_MESSAGE,
  PAYMENT_UNAVAILABLE_MESSAGE,
  RENEWAL_PAID_MESSAGE,
  withRetries,
  useChallengeResult,
} from "./checkoutFlow";
import { GiftRecipientFields, giftFormErrors, nameGiftRecipient, type GiftForm } from "./GiftRecipient";
import { BillingFields, CardFields, type BillingForm, type CardForm } from "./PaymentFields";
import { noticeInsteadOfForm } from "./CheckoutNotices";

const TEST_PROVIDER_NAME = "TestPay";

/** A purchase without an account (docs/subscriptions-and-checkout.md#guest-checkout). */
const GUEST_PROMPT = "Compra con tu correo o inicia sesión si ya tienes cuenta.";
const guestPaidMessage = (email: string) =>
  `¡Gracias! Tu suscripción está pagada. Para leer como suscriptor, crea tu cuenta o inicia sesión con ${email} y verifica ese correo: la suscripción se asociará a tu cuenta.`;
/** The renewal offer (docs/subscriptions-and-checkout.md#renewal-offer). */
const RENEWAL_TITLE = "Renueva tu suscripción";
const RENEWAL_NOTE = "Sumamos 12 meses a tu suscripción actual. Después se renueva automáticamente a la tarifa plena vigente.";
export const TERMS_PATH = SUBSCRIPTION_TERMS_PATH;

type PaymentOption = { paymentMethodID: number; paymentPartner?: string };

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

  useChallengeResult(state, dispatch, busy, offer, data.renewal);

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

  const giftErrors = data.gift ? giftFormErrors(gift) : [];

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
        if (order.status === "Paid") return void (await finish(dispatch, ORDER_ALREADY_PAID_MESSAGE));
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
      else if (result?.status === "Paid" && data.gift) await finish(dispatch, await nameGiftRecipient(Sales, result.subscriptionIDs, gift));
      else if (result?.status === "Paid") await finish(dispatch, data.renewal ? RENEWAL_PAID_MESSAGE : guest ? guestPaidMessage(guestEmail.trim()) : undefined);
      else dispatch({ type: "failed", message: SALES_ERROR_MESSAGES[ErrorCodes.paymentRejected] });
    } catch (failure) {
      await fail(dispatch, failure);
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

  const body = noticeInsteadOfForm(state, dispatch, session, data, guest, methods) ?? (
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
      {data.gift ? <GiftRecipientFields gift={gift} setGift={setGift} invalid={invalid} noteId={`${titleId}-nota`} /> : null}
      <BillingFields billing={billing} setBilling={setBilling} required={required} />
      <CardFields
        card={card}
        setCard={setCard}
        cardExpiryError={cardExpiryError}
        cardCodeError={cardCodeError}
        testProvider={testProvider}
        required={required}
        invalid={invalid}
      />
      {/* Next to the button, where the reader is looking when the bank answers. */}
      {state.error ? <Notice kind="error">{state.error}</Notice> : null}
      <SubmitButton loading={state.step === "paying"} className={styles.block}>
        Pagar {offer.price}
      </SubmitButton>
    </form>
  );

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
