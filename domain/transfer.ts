// Transferring a subscription to another person (docs/subscriptions-and-checkout.md#transfer): the
// owner asks from Mis suscripciones, the operators review the request. What the browser and the
// server share: the request's fields, their rules and messages (one check on both sides, as the PQRS
// form does), its address and the shape of its number.
import { EMAIL_MAX_LENGTH } from "./email";
import { emailAddress, formBody, personName } from "./formText";

/**
 * Mis suscripciones with the form «Ceder a otra persona» open: the terms and the help centre link it.
 * Here, not in domain/routes.ts, which is in every page's JavaScript.
 */
export const TRANSFER_QUERY_PARAM = "ceder";
export const TRANSFER_PAGE = `/autogestion/mis-suscripciones/?${TRANSFER_QUERY_PARAM}=1`;

/** POST { name, email, consent: true } opens a request (201); the subscription's details answer the open one as transferRequest. */
export function transferApiPath(subscriptionId: number | string): string {
  return `/sales/public/v1/subscription/${subscriptionId}/transfer`;
}

/** The fields, in the order the form shows them and the server checks them. */
export const TRANSFER_FIELDS = ["name", "email", "consent"] as const;
export type TransferField = (typeof TRANSFER_FIELDS)[number];

/** Lengths in characters, after trimming. */
export const TRANSFER_LIMITS = {
  name: { min: 2, max: 100 },
  email: { max: EMAIL_MAX_LENGTH },
} as const;

export const TRANSFER_MESSAGES = {
  name: `Escribe el nombre completo de quien recibe la suscripción (entre ${TRANSFER_LIMITS.name.min} y ${TRANSFER_LIMITS.name.max} caracteres).`,
  nameCharacters: "El nombre solo admite letras, espacios, apóstrofos, guiones y puntos.",
  email: "Escribe un correo electrónico válido, por ejemplo nombre@dominio.com.",
  ownEmail: "Escribe el correo de la otra persona: no puedes cederte la suscripción a ti mismo.",
  consent: "Confirma que la otra persona aceptó recibir la suscripción y te autorizó a darnos su nombre y su correo.",
} as const;

/** The check box of the form: what the owner confirms (the recipient's consent to the use of their data, Ley 1581 de 2012). */
export const TRANSFER_CONSENT_LABEL =
  "Confirmo que esta persona aceptó recibir la suscripción y me autorizó a dar su nombre y su correo para la cesión. Entiendo que, cuando se apruebe, dejaré de tener acceso.";

interface TransferRequestBody {
  name: string;
  /** Lower-cased. */
  email: string;
}

export type TransferErrors = Partial<Record<TransferField, string>>;
export type TransferCheck = { ok: true; value: TransferRequestBody } | { ok: false; errors: TransferErrors };

/**
 * Checks a transfer form or request body: the new holder's name and e-mail (type, characters,
 * length; not `ownEmail`, the subscriber's own address, when known) and the consent, which must be
 * exactly true. A body that passes comes back trimmed, the e-mail lower-cased.
 */
export function checkTransfer(input: unknown, ownEmail?: string | null): TransferCheck {
  const body = formBody(input);
  const errors: TransferErrors = {};

  const name = personName(body.name, TRANSFER_LIMITS.name, { length: TRANSFER_MESSAGES.name, characters: TRANSFER_MESSAGES.nameCharacters });
  if (name.error) errors.name = name.error;

  const email = emailAddress(body.email, TRANSFER_MESSAGES.email);
  if (email.error) errors.email = email.error;
  else if (ownEmail && email.value!.toLowerCase() === ownEmail.trim().toLowerCase()) errors.email = TRANSFER_MESSAGES.ownEmail;

  if (body.consent !== true) errors.consent = TRANSFER_MESSAGES.consent;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { name: name.value!, email: email.value!.toLowerCase() } };
}

/** A request's number: "CES-" and 8 letters and digits that cannot be confused (the PQRS radicado's alphabet). */
export const TRANSFER_NUMBER_PATTERN = /^CES-[2-9A-HJKMNP-Z]{8}$/;

/** 'abierta' until an operator closes it as 'aprobada' or 'rechazada'. */
export const TRANSFER_OUTCOMES = ["aprobada", "rechazada"] as const;
export type TransferOutcome = (typeof TRANSFER_OUTCOMES)[number];
export type TransferStatus = "abierta" | TransferOutcome;

/** The open request as the subscription's details answer it (and as POST answers the new one). */
export interface TransferRequestView {
  requestNumber: string;
  subscriptionID: number;
  name: string;
  email: string;
  status: TransferStatus;
  requestedUTC: number;
}
