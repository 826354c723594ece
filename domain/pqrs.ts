// The PQRS form of the help centre (peticiones, quejas, reclamos y sugerencias;
// docs/help-centre.md#pqrs-form): its fields, their length and character rules and their messages.
// The browser checks a form with checkPqrs before sending it and the server checks what arrives with
// the same function, so both say the same thing.
import { EMAIL_MAX_LENGTH } from "./email";
import { emailAddress, FORM_TEXT_MESSAGES, formBody, personName, typedText as text, withinLength as within } from "./formText";

/**
 * 'Canales de atención al cliente': the contact channels and this form (docs/help-centre.md#pqrs-form).
 * Here, not in domain/routes.ts, which is in every page's JavaScript.
 */
export const CUSTOMER_SERVICE_PATH = "/enos/";

/** Where the form posts its JSON body (the accounts service answers it: accounts/pqrs.ts). */
export const PQRS_API_PATH = "/atencion/public/v1/pqrs";

/** The form's heading, unless the page names another (docs/help-centre.md#pqrs-form). */
export const PQRS_FORM_TITLE = "Radica tu PQRS";

export const PQRS_KINDS = ["peticion", "queja", "reclamo", "sugerencia"] as const;
export type PqrsKind = (typeof PQRS_KINDS)[number];

export const PQRS_KIND_LABELS: Record<PqrsKind, string> = {
  peticion: "Petición",
  queja: "Queja",
  reclamo: "Reclamo",
  sugerencia: "Sugerencia",
};

/** The fields, in the order the form shows them and the server checks them. */
export const PQRS_FIELDS = ["tipo", "nombre", "correo", "telefono", "asunto", "mensaje", "autorizacion"] as const;
export type PqrsField = (typeof PQRS_FIELDS)[number];

/** Lengths in characters (UTF-16 code units, as String.length counts), after trimming. */
export const PQRS_LIMITS = {
  nombre: { min: 2, max: 100 },
  correo: { max: EMAIL_MAX_LENGTH },
  /** Digits of the phone number, a leading "+" and spaces aside (docs/accounts.md#validation-limits: 10 to 12). */
  telefono: { min: 10, max: 12 },
  asunto: { min: 5, max: 150 },
  mensaje: { min: 20, max: 3000 },
} as const;

/** A phone number as people write it: an optional "+", then digits and single spaces. */
const PHONE_PATTERN = /^\+?[0-9]+(?: [0-9]+)*$/;

export const PQRS_MESSAGES = {
  tipo: "Elige el tipo de solicitud: petición, queja, reclamo o sugerencia.",
  nombre: `Escribe tu nombre completo (entre ${PQRS_LIMITS.nombre.min} y ${PQRS_LIMITS.nombre.max} caracteres).`,
  nombreCaracteres: "El nombre solo admite letras, espacios, apóstrofos, guiones y puntos.",
  correo: "Escribe un correo electrónico válido, por ejemplo nombre@dominio.com.",
  telefono: `El teléfono debe tener entre ${PQRS_LIMITS.telefono.min} y ${PQRS_LIMITS.telefono.max} dígitos (puede empezar con +).`,
  asunto: `Escribe el asunto (entre ${PQRS_LIMITS.asunto.min} y ${PQRS_LIMITS.asunto.max} caracteres, en una línea).`,
  mensaje: `Cuéntanos tu solicitud (entre ${PQRS_LIMITS.mensaje.min} y 3.000 caracteres).`,
  autorizacion: "Debes autorizar el tratamiento de tus datos personales para radicar la solicitud.",
  ...FORM_TEXT_MESSAGES,
} as const;

interface PqrsRequest {
  tipo: PqrsKind;
  nombre: string;
  /** Lower-cased. */
  correo: string;
  /** Digits only (with a leading "+" when given), or undefined. */
  telefono?: string;
  asunto: string;
  mensaje: string;
}

export type PqrsErrors = Partial<Record<PqrsField, string>>;

export type PqrsCheck = { ok: true; value: PqrsRequest } | { ok: false; errors: PqrsErrors };

/**
 * Checks a PQRS form or request body: every field's type, characters and length. The first
 * failing rule of each field gives its message; a body that passes comes back cleaned (trimmed,
 * the e-mail lower-cased, the phone number's spaces dropped).
 */
export function checkPqrs(input: unknown): PqrsCheck {
  const body = formBody(input);
  const errors: PqrsErrors = {};

  const tipo = body.tipo;
  if (typeof tipo !== "string" || !(PQRS_KINDS as readonly string[]).includes(tipo)) errors.tipo = PQRS_MESSAGES.tipo;

  const nombre = personName(body.nombre, PQRS_LIMITS.nombre, { length: PQRS_MESSAGES.nombre, characters: PQRS_MESSAGES.nombreCaracteres });
  if (nombre.error) errors.nombre = nombre.error;

  const correo = emailAddress(body.correo, PQRS_MESSAGES.correo);
  if (correo.error) errors.correo = correo.error;

  const telefono = text(body.telefono);
  const phoneDigits = telefono.value?.replace(/ /g, "");
  if (telefono.error) errors.telefono = telefono.error;
  else if (telefono.value !== undefined) {
    const digits = phoneDigits!.replace(/^\+/, "").length;
    if (telefono.value.length > 40 || !PHONE_PATTERN.test(telefono.value) || digits < PQRS_LIMITS.telefono.min || digits > PQRS_LIMITS.telefono.max)
      errors.telefono = PQRS_MESSAGES.telefono;
  }

  const asunto = text(body.asunto);
  if (asunto.error) errors.asunto = asunto.error;
  else if (!within(asunto.value, PQRS_LIMITS.asunto)) errors.asunto = PQRS_MESSAGES.asunto;

  const mensaje = text(body.mensaje, true);
  if (mensaje.error) errors.mensaje = mensaje.error;
  else if (!within(mensaje.value, PQRS_LIMITS.mensaje)) errors.mensaje = PQRS_MESSAGES.mensaje;

  if (body.autorizacion !== true) errors.autorizacion = PQRS_MESSAGES.autorizacion;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      tipo: tipo as PqrsKind,
      nombre: nombre.value!,
      correo: correo.value!.toLowerCase(),
      ...(phoneDigits ? { telefono: phoneDigits } : {}),
      asunto: asunto.value!,
      mensaje: mensaje.value!,
    },
  };
}

/** The radicado a stored request gets: "PQRS-" and 8 letters and digits that cannot be confused (no 0/O, 1/I/L). */
export const RADICADO_PATTERN = /^PQRS-[2-9A-HJKMNP-Z]{8}$/;
export const RADICADO_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
