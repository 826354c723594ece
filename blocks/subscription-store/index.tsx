"use client";

import { useId } from "react";
import type { BlockProps } from "../../runtime/types";
import { accountStyles } from "../_shared/accounts/AccountUi";
import { ACCOUNT_PAGES, hasActiveSubscription } from "../_shared/accounts/identity";
import { LOGIN_PANE, openLoginModal } from "../_shared/accounts/loginModal";
import { checkoutUrl } from "../_shared/accounts/offer";
import { useSession } from "../_shared/accounts/session";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

export const CANCEL_ANYTIME = "Cancele cuando quiera";
export const SUBSCRIBE_LABEL = "Suscribirme";
/** Buys the same offer as a gift (the checkout asks for the recipient, docs/subscriptions-and-checkout.md#gifts). */
export const GIFT_LABEL = "Regalar esta suscripción";
export const SUBSCRIBER_LOGIN_PROMPT = "¿Ya eres suscriptor?";
/** docs/subscriptions-and-checkout.md#renewal-terms and docs/help-centre.md#business-facts, as the offer card lists them. */
export const OFFER_BENEFITS = [
  "Acceso ilimitado a todo el contenido digital",
  "Hasta 4 dispositivos",
  "Renovación automática a la tarifa plena vigente",
  CANCEL_ANYTIME,
];

/** /store/: the subscription offer (466 by default). */
export default function SubscriptionStore({ settings, data }: BlockProps<Settings, Data>) {
  const session = useSession();
  const nameId = useId();
  const subscriber = hasActiveSubscription(session.subscriptions);
  const { offer } = data;
  if (!offer) return null;
  return (
    <section className={styles.root}>
      <header className={styles.head}>
        <h1 className={accountStyles.title}>{settings.title}</h1>
        {settings.text ? <p className={accountStyles.lead}>{settings.text}</p> : null}
      </header>
      <article className={styles.offer} aria-labelledby={nameId}>
        <p className={styles.badge}>Plan digital anual</p>
        <h2 id={nameId} className={styles.name}>
          {offer.name}
        </h2>
        <p className={styles.price}>
          <strong>{offer.price}</strong> al año
        </p>
        <p className={styles.cancel}>{CANCEL_ANYTIME}</p>
        <ul className={styles.benefits}>
          {OFFER_BENEFITS.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        {subscriber ? (
          <div className={styles.subscribed}>
            <p>Ya tienes una suscripción activa.</p>
            <a className={`${accountStyles.button} ${accountStyles.secondary}`} href={ACCOUNT_PAGES.subscriptions}>
              Ver mis suscripciones
            </a>
          </div>
        ) : (
          <a className={`${accountStyles.button} ${styles.cta}`} href={checkoutUrl(offer.offerId)}>
            {SUBSCRIBE_LABEL}
          </a>
        )}
        <p className={styles.gift}>
          <a href={`${checkoutUrl(offer.offerId)}&regalo=1`}>{GIFT_LABEL}</a>
        </p>
        <p className={styles.terms}>
          <a href={settings.termsLink}>Términos y condiciones</a>
        </p>
      </article>
      {/* The login link for existing subscribers, hidden once the reader is known to be signed in. */}
      {session.loggedIn !== true ? (
        <p className={styles.login}>
          {SUBSCRIBER_LOGIN_PROMPT}{" "}
          <button type="button" className={accountStyles.linkButton} onClick={() => openLoginModal({ pane: LOGIN_PANE })}>
            Inicia sesión
          </button>
        </p>
      ) : null}
    </section>
  );
}
