// Addresses that the browser and the server must agree on.

/** The login page (docs/login-modal.md#login-routes); ?redirect= names where to go afterwards. */
export const LOGIN_PAGE = "/-revista-semana/";

/**
 * Where the login page's form for readers without JavaScript posts (form-urlencoded: email,
 * password, remember, redirect). It sets the identity cookie and goes back to `redirect`; a refusal
 * goes back to the login page with ?error=<code>.
 */
export const FORM_LOGIN_PATH = "/identity/public/v1/auth/form";

/** The subscription's terms (refunds, withdrawal, renewal, cancellation, transfer): docs/subscriptions-and-checkout.md. */
export const SUBSCRIPTION_TERMS_PATH = "/terminos-de-suscripcion/";

/** Mis suscripciones with the form «Ceder a otra persona» open (docs/subscriptions-and-checkout.md#transfer): the terms and the help centre link it. */
export const TRANSFER_QUERY_PARAM = "ceder";
export const TRANSFER_PAGE = `/autogestion/mis-suscripciones/?${TRANSFER_QUERY_PARAM}=1`;
