// What the checkout shows in place of its form, if anything: its end (paid now, paid already or
// already subscribed), the wait for the session, the sign-in prompt, an offer this reader cannot buy,
// no online payment, and the bank's 3-D Secure page.
import type { Dispatch, ReactNode } from "react";
import { accountStyles as styles, LoadingPanel, Notice, SignInPrompt } from "../_shared/accounts/AccountUi";
import { ACCOUNT_PAGES, BUY_NOW_OFFER_ID, hasActiveSubscription } from "../_shared/accounts/identity";
import { openLoginModal, REGISTER_PANE } from "../_shared/accounts/loginModal";
import type { SessionState } from "../_shared/accounts/session";
import { PAID_MESSAGE, PAYMENT_UNAVAILABLE_MESSAGE, RENEWAL_NOT_OFFERED, type Action, type CheckoutState } from "./checkoutFlow";
import type { Data } from "./index.server";
import checkoutStyles from "./styles.module.css";

/** A notice and the link that leads on from it. */
const noticeWithLink = (notice: string, href: string, link: string) => (
  <div className={styles.form}>
    <Notice kind="info">{notice}</Notice>
    <p>
      <a href={href}>{link}</a>
    </p>
  </div>
);

/** The checkout's body when it is not the form; null when the reader fills the form in. */
export function noticeInsteadOfForm(
  state: CheckoutState,
  dispatch: Dispatch<Action>,
  session: SessionState,
  data: Data,
  /** Buying without an account. */
  guest: boolean,
  /** The payment options of the server; null until known. */
  methods: unknown[] | null,
): ReactNode {
  const subscriber = hasActiveSubscription(session.subscriptions);
  if (state.step === "paid")
    return (
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

  if (session.loggedIn === null) return <LoadingPanel />;
  if (!session.loggedIn && !guest) return <SignInPrompt text="Inicia sesión o crea tu cuenta para suscribirte." />;
  if (session.loggedIn && session.subscriptions === null) return <LoadingPanel />;
  if (data.renewal && !subscriber)
    return noticeWithLink(RENEWAL_NOT_OFFERED, `${ACCOUNT_PAGES.checkout}?offerId=${BUY_NOW_OFFER_ID}`, "Suscribirme a la tarifa vigente");

  if (subscriber && !data.gift && !data.renewal)
    return noticeWithLink("Ya tienes una suscripción activa.", ACCOUNT_PAGES.subscriptions, "Ver mis suscripciones");

  if (methods && methods.length === 0) return noticeWithLink(PAYMENT_UNAVAILABLE_MESSAGE, ACCOUNT_PAGES.store, "Ver los planes de suscripción");

  if (state.step === "challenge" && state.challenge)
    return (
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
  return null;
}
