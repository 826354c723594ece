import type { PaywallNotice as Notice } from "./index.server";
import styles from "./styles.module.css";

const PAYWALL_TITLE = "Este contenido es exclusivo para suscriptores";
const NO_SUBSCRIPTION_LABEL = "No cuenta con una suscripción";

/**
 * The paywall notice in place of a locked body (docs/paywall-and-visitors.md#paywall-box): the
 * brand's pitch, the price, 'Suscríbete' to the store, the terms, and 'Inicia sesión' for signed-out
 * readers (a link to the login page that the page's script turns into the login modal) or 'No cuenta
 * con una suscripción' for signed-in readers without one. Its data-* attributes feed the paywall
 * event the page reports (blocks/_shared/enhance.ts).
 */
export function PaywallNotice({ notice }: { notice: Notice }) {
  return (
    <section className={styles.paywall} data-paywall="" data-content-id={notice.contentId} data-section={notice.section} aria-labelledby="muro-de-pago-titulo">
      <h2 id="muro-de-pago-titulo" className={styles.paywallTitle}>
        {PAYWALL_TITLE}
      </h2>
      <p>{notice.pitch}</p>
      {notice.price ? (
        <p className={styles.paywallPrice}>
          <strong>{notice.price}</strong> al año. Cancela cuando quieras.
        </p>
      ) : null}
      {notice.signedIn ? <p className={styles.paywallAccount}>{NO_SUBSCRIPTION_LABEL}</p> : null}
      <p className={styles.paywallActions}>
        <a className={styles.paywallSubscribe} href={notice.subscribeUrl}>
          Suscríbete
        </a>
        {notice.signedIn ? null : (
          <span className={styles.paywallLogin}>
            ¿Ya tienes una suscripción?{" "}
            <a href={notice.loginUrl} data-open-login="">
              Inicia sesión
            </a>
          </span>
        )}
      </p>
      <p className={styles.paywallTerms}>
        <a href={notice.termsUrl}>Términos y condiciones</a>
      </p>
    </section>
  );
}
