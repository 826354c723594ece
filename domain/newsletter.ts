// The newsletter and the data-treatment consent (docs/carousels-and-blocks.md#newsletter): the two
// lists a reader joins with an e-mail address ({ correo }), confirmed by e-mail, left with the
// e-mail's link. What the browser and the server share: the lists, their addresses and the shape of
// the links' tokens.

/** "boletin": the brand's newsletter; "consentimiento": the reader's consent to the treatment of their data. */
export type NewsletterList = "boletin" | "consentimiento";

/**
 * The API: POST { correo } joins a list; POST { token } confirms or leaves it. `cuenta`: the
 * signed-in reader's own address on the newsletter (bearer token): GET its state, POST joins, DELETE leaves.
 */
export const NEWSLETTER_API = {
  boletin: "/boletines/public/v1/suscripcion",
  consentimiento: "/boletines/public/v1/consentimiento",
  confirmar: "/boletines/public/v1/confirmar",
  cancelar: "/boletines/public/v1/cancelar",
  cuenta: "/boletines/public/v1/cuenta/boletin",
} as const;

/**
 * Where the signed-in reader's address stands on the newsletter: asked and waiting for the e-mail's
 * link ("pendiente"), confirmed ("confirmada"), or neither (never asked, left, or the link expired).
 */
export type NewsletterAccountState = "pendiente" | "confirmada" | "ninguna";

/** The answer of NEWSLETTER_API.cuenta. */
export interface NewsletterAccountAnswer {
  lista: "boletin";
  correo: string;
  estado: NewsletterAccountState;
}

/** The group's data-treatment policy, which the consent and the newsletter's forms link. */
export const DATA_POLICY_PATH = "/politica-de-tratamiento-de-datos/";

/** The pages the e-mail's links open (?token=…); their block posts the token. */
export const NEWSLETTER_PAGES = {
  confirmar: "/boletines/confirmar/",
  cancelar: "/boletines/cancelar/",
} as const;

/** A link's token: the subscription's number, a dot and a 43-character base64url signature. */
export const NEWSLETTER_TOKEN_PATTERN = /^[1-9][0-9]{0,14}\.[A-Za-z0-9_-]{43}$/;

/** How long a confirmation link works (and an unconfirmed request is kept). */
export const NEWSLETTER_CONFIRMATION_DAYS = 7;
