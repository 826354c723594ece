// The card form's rules, shared by the checkout and the payment-method update of the subscriptions
// page (docs/subscriptions-and-checkout.md#money-moves-once): expiry and security code checked
// before any call, and the 3-D Secure challenge page's message.

/** What the 3-D Secure challenge page posts to its opener (accounts/README.md). */
export const THREE_DS_MESSAGE_TYPE = "ARC_3DS_RESULT";

/** The digits of a card number as the reader typed it (spaces, dashes). */
export const digits = (value: string) => value.replace(/\D/g, "");

/** American Express numbers start with 34 or 37; their security code has 4 digits. */
function isAmericanExpress(number: string): boolean {
  return /^3[47]/.test(digits(number));
}

/** The card's expiry as the form asks for it (MM/AA): a real month, this month or later. Null when valid. */
export function expiryError(expiry: string, today: Date = new Date()): string | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(expiry);
  if (!match) return "Escribe el vencimiento como MM/AA, por ejemplo 08/29.";
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return "El mes del vencimiento debe estar entre 01 y 12.";
  if (year * 12 + month - 1 < today.getFullYear() * 12 + today.getMonth()) return "La tarjeta está vencida: revisa la fecha o usa otra tarjeta.";
  return null;
}

/** The security code: 4 digits for American Express, 3 for other cards. Null when valid. */
export function securityCodeError(cvc: string, number: string): string | null {
  const code = cvc.trim();
  if (isAmericanExpress(number))
    return /^\d{4}$/.test(code) ? null : "El código de seguridad de American Express tiene 4 dígitos (está en el frente de la tarjeta).";
  return /^\d{3}$/.test(code) ? null : "El código de seguridad tiene 3 dígitos (está al respaldo de la tarjeta).";
}

/** The challenge URL only when it is a path on this site (the simulated issuer page). */
export function sameOriginUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.origin === window.location.origin ? parsed.pathname + parsed.search : null;
  } catch {
    return null;
  }
}
