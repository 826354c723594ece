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

/** The help centre (docs/help-centre.md), linked from every footer and the signed-in reader's menu. */
export const HELP_CENTRE_PATH = "/servicio-al-cliente/";
/** Its name as the spec writes it: the help centre's breadcrumb root, and its links' label. */
export const HELP_CENTRE_LABEL = "Servicio al cliente";
