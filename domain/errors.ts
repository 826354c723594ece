// The error catalogue of the identity and sales APIs (docs/error-catalogue.md): each code by name,
// and one table per domain of the Spanish message a reader sees for it. The server answers with the
// code; the browser shows the message. Codes without an entry fall back to the server's own message.

export const ErrorCodes = {
  sessionExpired: "100011",
  /** An operator blocked the account (its `locked` flag); wrong passwords never set it. */
  accountBlocked: "100014",
  accountDeactivated: "100015",
  /** This project's code (not Arc's): too many wrong passwords from this address; wait, then try again. */
  signInThrottled: "100016",
  sessionExpiredLogInAgain: "100018",
  /** This project's code: a subscriber's sign-in on a fifth device (identity/devices.ts). */
  deviceLimit: "100019",
  /** This project's code: a social provider's answer did not prove who the reader is (identity/social.ts). */
  socialSignInNotVerified: "100020",
  /** This project's code: the social provider could not be reached. */
  socialProviderUnavailable: "100021",
  emailNotFound: "300030",
  captchaInvalid: "130001",
  emailNotVerified: "130051",
  cartUnknownSku: "300001",
  cartUnknownPriceCode: "300002",
  cartInvalidQuantity: "300003",
  cartNotFound: "300012",
  cartEmpty: "300013",
  paymentProviderNotFound: "300014",
  orderNotFound: "300015",
  /** This project's code (not Arc's): finalizing an order that is already paid. */
  orderAlreadyPaid: "300016",
  subscriptionNotFound: "300018",
  emailAlreadyRegistered: "300022",
  passwordRequestExpired: "300033",
  passwordStrength: "300036",
  passwordMustBeReset: "300037",
  wrongPassword: "300040",
  subscriptionNotCancellable: "300059",
  phoneLength: "300071",
  sharedToMaximum: "300073",
  emailFormat: "300075",
  nameInvalidCharacters: "300127",
  nameLength: "300128",
  displayNameInvalidCharacters: "300129",
  displayNameLength: "300130",
  cardTokenizerFailed: "300160",
  cardDeclined: "300161",
  cardExpired: "300162",
  cardInsufficientFunds: "300163",
  cardSecurityCode: "300164",
  addressLineInvalid: "300165",
  addressLocalityInvalid: "300166",
  addressRegionInvalid: "300167",
  addressPostalInvalid: "300168",
  addressCountryInvalid: "300169",
  paymentRejected: "300170",
  parentSubscriptionInactive: "330059",
  alreadyRescued: "330060",
  cancelNotAllowed: "330061",
  rescueNotAllowed: "330062",
  alreadyInGroup: "330201",
  /** Codes with no catalogue entry are the HTTP status, as the SDK's own response reader does. */
  badRequest: "400",
  unauthorized: "401",
  forbidden: "403",
  notFound: "404",
  conflict: "409",
  tooManyRequests: "429",
  internal: "500",
  notImplemented: "501",
  unavailable: "503",
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** The message the SDKs themselves use for calls that need a signed-in user. */
export const MISSING_OR_INVALID_JWT = "Missing or invalid jwt";
export const CAPTCHA_INVALID = "Captcha token invalid";

/** 100019: a subscriber signing in on a fifth device (the login pane lists the other four). */
export const DEVICE_LIMIT_MESSAGE =
  "Tu suscripción digital funciona en hasta 4 dispositivos y ya tienes 4 con la sesión iniciada. Cierra la sesión en uno de ellos para ingresar en este.";

/** 100020: a sign-in with Google, Apple or Facebook that could not be verified. */
const SOCIAL_SIGN_IN_NOT_VERIFIED_MESSAGE = "No pudimos verificar tu ingreso. Intenta de nuevo desde el botón de ingreso.";

/** The reader's session ended: sign in again. */
const SESSION_EXPIRED = "Tu sesión expiró. Inicia sesión de nuevo.";
const EMAIL_FORMAT = "El correo electrónico no tiene un formato válido.";

/** "8 segundos", "1 minuto", "15 minutos": how long to wait, rounded up, for messages. */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return whole === 1 ? "1 segundo" : `${whole} segundos`;
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? "1 hora" : `${hours} horas`;
}

/** "3:16 p. m.", "12:05 a. m." (Colombian time): a time of day as readers read it. */
export function clockTime(date: Date): string {
  const parts = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", hourCycle: "h23", timeZone: "America/Bogota" }).formatToParts(date);
  const hour = Number(parts.find((part) => part.type === "hour")?.value ?? 0) % 24;
  const minute = parts.find((part) => part.type === "minute")?.value ?? "00";
  return `${hour % 12 || 12}:${minute} ${hour < 12 ? "a. m." : "p. m."}`;
}

/**
 * Sign-in slowed down after wrong passwords (100016): when to try again, if known. A wait of a
 * minute or more, with the moment it ends, is said as a time of day ("a las 3:16 p. m.").
 */
export function signInThrottledMessage(retryAfterSeconds?: number, until?: Date): string {
  const when =
    retryAfterSeconds === undefined ? "en un momento" : retryAfterSeconds >= 60 && until ? `a las ${clockTime(until)}` : `en ${waitText(retryAfterSeconds)}`;
  return `Demasiados intentos fallidos. Intenta de nuevo ${when} o restablece tu contraseña.`;
}

/** Account passwords need 8+ characters with upper case, lower case and digits (300036). */
const PASSWORD_STRENGTH_MESSAGE = "La contraseña debe tener al menos 8 caracteres, con mayúsculas, minúsculas y números.";

/** Messages for the identity API's codes: sign-in, sign-up, restore, profile. */
export const IDENTITY_ERROR_MESSAGES: Record<string, string> = {
  "0014a": SESSION_EXPIRED,
  [ErrorCodes.sessionExpired]: SESSION_EXPIRED,
  "300019": SESSION_EXPIRED,
  [ErrorCodes.sessionExpiredLogInAgain]: SESSION_EXPIRED,
  [ErrorCodes.deviceLimit]: DEVICE_LIMIT_MESSAGE,
  [ErrorCodes.socialSignInNotVerified]: SOCIAL_SIGN_IN_NOT_VERIFIED_MESSAGE,
  [ErrorCodes.socialProviderUnavailable]: "No pudimos comunicarnos con el servicio con que quieres ingresar. Intenta de nuevo en unos minutos.",
  [ErrorCodes.accountBlocked]: "Tu cuenta está bloqueada. Escríbenos a servicio al cliente.",
  [ErrorCodes.accountDeactivated]: "Tu cuenta está desactivada.",
  [ErrorCodes.signInThrottled]: signInThrottledMessage(),
  [ErrorCodes.captchaInvalid]: "No pudimos verificar que no eres un robot. Intenta de nuevo.",
  [ErrorCodes.emailNotVerified]: "Debes verificar tu correo electrónico antes de continuar.",
  "100023": "Ese nombre ya está en uso.",
  "300023": "Ese nombre ya está en uso.",
  [ErrorCodes.emailAlreadyRegistered]: "Ese correo ya está registrado. Inicia sesión o restablece tu contraseña.",
  [ErrorCodes.passwordRequestExpired]: "La solicitud para cambiar la contraseña venció o ya se usó. Pide un enlace nuevo.",
  [ErrorCodes.passwordStrength]: PASSWORD_STRENGTH_MESSAGE,
  [ErrorCodes.passwordMustBeReset]: "Debes restablecer tu contraseña antes de ingresar. Usa «¿Olvidaste tu contraseña?».",
  [ErrorCodes.wrongPassword]: "El correo o la contraseña no son correctos.",
  [ErrorCodes.phoneLength]: "El celular debe tener entre 10 y 12 caracteres (solo números).",
  [ErrorCodes.emailFormat]: EMAIL_FORMAT,
  [ErrorCodes.nameInvalidCharacters]: "El nombre tiene caracteres no permitidos: solo letras, espacios, apóstrofos, guiones y puntos.",
  [ErrorCodes.nameLength]: "El nombre y el apellido deben tener entre 1 y 50 caracteres.",
  [ErrorCodes.displayNameInvalidCharacters]: "El nombre para mostrar tiene caracteres no permitidos.",
  [ErrorCodes.displayNameLength]: "El nombre para mostrar debe tener entre 1 y 100 caracteres.",
  [ErrorCodes.tooManyRequests]: "Demasiadas solicitudes. Intenta de nuevo en unos minutos.",
};

/** Messages for the sales API's codes: cart, checkout, payment, subscriptions. */
export const SALES_ERROR_MESSAGES: Record<string, string> = {
  [ErrorCodes.sessionExpired]: SESSION_EXPIRED,
  [ErrorCodes.captchaInvalid]: IDENTITY_ERROR_MESSAGES[ErrorCodes.captchaInvalid],
  [ErrorCodes.cartNotFound]: "No encontramos tu carrito. Intenta de nuevo.",
  [ErrorCodes.cartEmpty]: "Tu carrito está vacío. Intenta de nuevo.",
  [ErrorCodes.paymentProviderNotFound]: "El medio de pago no está disponible en este momento.",
  [ErrorCodes.orderNotFound]: "No encontramos la orden. Intenta de nuevo.",
  [ErrorCodes.orderAlreadyPaid]: "Este pedido ya está pagado.",
  [ErrorCodes.subscriptionNotFound]: "No encontramos esa suscripción.",
  [ErrorCodes.subscriptionNotCancellable]: "Esta suscripción no se puede cancelar.",
  [ErrorCodes.phoneLength]: "El número de celular debe tener entre 10 y 12 caracteres.",
  [ErrorCodes.sharedToMaximum]: "La suscripción ya se compartió con el máximo de personas.",
  [ErrorCodes.emailFormat]: EMAIL_FORMAT,
  [ErrorCodes.cardTokenizerFailed]: "No pudimos procesar la tarjeta. Revisa el número e intenta de nuevo.",
  [ErrorCodes.cardDeclined]: "Tu banco rechazó la tarjeta. Intenta con otra tarjeta.",
  [ErrorCodes.cardExpired]: "La tarjeta está vencida. Usa otra tarjeta.",
  [ErrorCodes.cardInsufficientFunds]: "La tarjeta no tiene fondos suficientes.",
  [ErrorCodes.cardSecurityCode]: "El código de seguridad de la tarjeta no es correcto.",
  [ErrorCodes.addressLineInvalid]: "La dirección no es válida.",
  [ErrorCodes.addressLocalityInvalid]: "La ciudad no es válida.",
  [ErrorCodes.addressRegionInvalid]: "El departamento no es válido.",
  [ErrorCodes.addressPostalInvalid]: "El código postal no es válido.",
  [ErrorCodes.addressCountryInvalid]: "El país no es válido.",
  [ErrorCodes.paymentRejected]: "El pago fue rechazado. Verifica los datos e intenta de nuevo.",
  [ErrorCodes.parentSubscriptionInactive]: "La suscripción principal ya no está activa.",
  [ErrorCodes.alreadyRescued]: "Esta suscripción ya fue reactivada.",
  [ErrorCodes.cancelNotAllowed]: "No tienes permiso para cancelar esta suscripción.",
  [ErrorCodes.rescueNotAllowed]: "No tienes permiso para reactivar esta suscripción.",
  [ErrorCodes.alreadyInGroup]: "Ya perteneces a ese grupo.",
  [ErrorCodes.notFound]: "El enlace no es válido o ya se usó.",
  /** Invitations and gifts go only to the account that verified the invited e-mail. */
  [ErrorCodes.emailNotVerified]:
    "Verifica tu correo electrónico para aceptar la invitación o redimir el regalo. Revisa tu correo o pide un enlace nuevo desde tu perfil.",
  [ErrorCodes.tooManyRequests]: IDENTITY_ERROR_MESSAGES[ErrorCodes.tooManyRequests],
};

/** When nothing more precise can be said. */
export const GENERIC_ERROR_MESSAGE = "No pudimos completar la solicitud. Intenta de nuevo.";
export { SESSION_EXPIRED as SESSION_EXPIRED_MESSAGE };
