// The e-mails the accounts service sends, in Spanish (es-CO), each with a plain-text and an HTML
// part. Each names the page of the site that finishes its flow; those routes are constants the
// browser side builds pages for. Every message speaks for one brand (mail/brand.ts): its sender,
// logo, colours, links (on the brand's origin) and signature.
import type { MailBrand } from "./brand";
import { DATA_POLICY_PATH, NEWSLETTER_CONFIRMATION_DAYS, NEWSLETTER_PAGES, type NewsletterList } from "../../domain/newsletter";
import { CUSTOMER_SERVICE_PATH, PQRS_KIND_LABELS, type PqrsKind } from "../../domain/pqrs";
import { clockTime } from "../../domain/errors";
import { HELP_CENTRE_PATH, SUBSCRIPTION_TERMS_PATH } from "../../domain/routes";

/** Pages of the site that e-mail links open (the nonce or code goes in the query string). */
export const MAIL_LINK_ROUTES = {
  verifyEmail: "/verificar-correo/",
  resetPassword: "/restablecer-contrasena/",
  magicLink: "/enlace-magico/",
  deleteAccount: "/autogestion/eliminar-cuenta/",
  subscriptions: "/autogestion/mis-suscripciones/",
  /** The personal-data page, where data-export reports are listed and downloaded (every brand serves it). */
  dataReports: "/autogestion/datos-/",
  /** Customer-service channels and the PQRS form (page-definitions/semana/grupo/enos.json: "Canales de atención al cliente"). */
  customerService: CUSTOMER_SERVICE_PATH,
  /** The help centre (docs/help-centre.md). */
  helpCentre: HELP_CENTRE_PATH,
  dataPolicy: DATA_POLICY_PATH,
  /** The subscription's terms: withdrawal, refunds, renewal, cancellation, transfer (docs/subscriptions-and-checkout.md#subscription-terms). */
  subscriptionTerms: SUBSCRIPTION_TERMS_PATH,
  newsletterConfirm: NEWSLETTER_PAGES.confirmar,
  newsletterCancel: NEWSLETTER_PAGES.cancelar,
} as const;

export type MailKind =
  | "verificacion"
  | "restablecer"
  | "enlace-magico"
  | "recibo"
  | "eliminar-cuenta"
  | "invitacion"
  | "regalo"
  | "correo-cambiado"
  | "renovacion"
  | "pago-rechazado"
  | "suscripcion-terminada"
  | "pqrs-recibida"
  | "cesion-solicitada"
  | "boletin-confirmar"
  | "boletin-activo"
  | "datos-listos";

export interface MailLink {
  label: string;
  url: string;
}

export interface MailMessage {
  kind: MailKind;
  /** The brand the message speaks for, and its From header. */
  brand: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: MailLink[];
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** "$199.000": pesos with Colombian thousands separators and no decimals, as the paywall shows them. */
export function formatPrice(amount: number, currency = "COP"): string {
  const digits = new Intl.NumberFormat("es-CO", { maximumFractionDigits: 0 }).format(amount);
  return currency === "COP" ? `$${digits}` : `${digits} ${currency}`;
}

function link(origin: string, route: string, query: Record<string, string> = {}): string {
  const url = new URL(route, origin);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** Paragraphs, links and the brand's signature as the two parts of one message. */
export function compose(kind: MailKind, to: string, subject: string, paragraphs: string[], links: MailLink[], brand: MailContext): MailMessage {
  const signature = `— El equipo de ${brand.name}`;
  const footer = `${brand.legalName} · ${new URL(brand.origin).host}`;
  const text = [brand.name, ...paragraphs, ...links.map((l) => `${l.label}: ${l.url}`), signature, `${footer}\n${brand.origin}/`].join("\n\n");
  const { primary, primaryContrast, text: ink, muted, surface } = brand.colors;
  const html = [
    `<!doctype html><html lang="es-CO"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${surface};font-family:Arial,sans-serif;color:${ink}">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff">`,
    `<div style="padding:16px 24px;border-bottom:4px solid ${primary}"><a href="${escapeHtml(brand.origin)}/"><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" width="${brand.logoWidth}" height="${brand.logoHeight}" style="display:block;border:0"></a></div>`,
    `<div style="padding:8px 24px 24px">`,
    `<h1 style="font-size:20px;font-family:${escapeHtml(brand.fontHeading)};color:${primary}">${escapeHtml(subject)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`),
    ...links.map(
      (l) =>
        `<p><a href="${escapeHtml(l.url)}" style="display:inline-block;padding:10px 16px;background:${primary};color:${primaryContrast};text-decoration:none;border-radius:4px">${escapeHtml(l.label)}</a></p>`,
    ),
    `<p style="color:${muted}">${escapeHtml(signature)}</p>`,
    `</div><div style="padding:12px 24px;font-size:12px;color:${muted};background:${surface}">${escapeHtml(footer)} · <a href="${escapeHtml(brand.origin)}/" style="color:${muted}">${escapeHtml(new URL(brand.origin).host)}</a></div>`,
    `</div></body></html>`,
  ].join("\n");
  return { kind, brand: brand.id, from: brand.from, to, subject, text, html, links };
}

/** The brand a message speaks for (mail/brand.ts). */
export type MailContext = MailBrand;

/** What a buyer agreed to, on the brand's own site: every receipt carries it. */
export function subscriptionTermsLink(ctx: MailContext): MailLink {
  return { label: "Términos de la suscripción", url: link(ctx.origin, MAIL_LINK_ROUTES.subscriptionTerms) };
}

/** "Suscripción digital anual" → "suscripción digital anual", for the middle of a sentence. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function longDate(date: Date): string {
  return new Intl.DateTimeFormat("es-CO", { dateStyle: "long", timeZone: "America/Bogota" }).format(date);
}

export const mailTemplates = {
  verifyEmail(ctx: MailContext, to: string, nonce: string, name?: string | null): MailMessage {
    const url = link(ctx.origin, MAIL_LINK_ROUTES.verifyEmail, { nonce });
    return compose(
      "verificacion",
      to,
      "Verifica tu correo electrónico",
      [`Hola${name ? ` ${name}` : ""}:`, "Para confirmar que este correo es tuyo, abre el siguiente enlace. Vence en 7 días."],
      [{ label: "Verificar mi correo", url }],
      ctx,
    );
  },
  resetPassword(ctx: MailContext, to: string, nonce: string, validMinutes: number): MailMessage {
    const url = link(ctx.origin, MAIL_LINK_ROUTES.resetPassword, { nonce });
    return compose(
      "restablecer",
      to,
      "Restablecer contraseña",
      [
        "Recibimos una solicitud para restablecer la contraseña de tu cuenta.",
        `Abre el enlace para elegir una nueva. Vence en ${validMinutes} minutos. Si no la pediste, ignora este mensaje.`,
      ],
      [{ label: "Restablecer mi contraseña", url }],
      ctx,
    );
  },
  magicLink(ctx: MailContext, to: string, nonce: string, validMinutes: number): MailMessage {
    const url = link(ctx.origin, MAIL_LINK_ROUTES.magicLink, { nonce });
    return compose(
      "enlace-magico",
      to,
      "Tu enlace mágico para ingresar",
      [
        "Usa este enlace para ingresar a tu cuenta sin contraseña.",
        `Sirve una sola vez y vence en ${validMinutes} minutos. Si no lo pediste, ignora este mensaje.`,
      ],
      [{ label: "Ingresar a mi cuenta", url }],
      ctx,
    );
  },
  deleteAccount(ctx: MailContext, to: string, nonce: string): MailMessage {
    return compose(
      "eliminar-cuenta",
      to,
      "Confirma la eliminación de tu cuenta",
      [
        "Recibimos una solicitud para eliminar tu cuenta. Si la confirmas, tus datos personales se anonimizarán y se cerrará tu sesión.",
        "Si no la pediste, rechaza la solicitud.",
      ],
      [
        { label: "Confirmar la eliminación", url: link(ctx.origin, MAIL_LINK_ROUTES.deleteAccount, { nonce, accion: "aprobar" }) },
        { label: "Rechazar la solicitud", url: link(ctx.origin, MAIL_LINK_ROUTES.deleteAccount, { nonce, accion: "rechazar" }) },
      ],
      ctx,
    );
  },
  dataReportReady(ctx: MailContext, to: string, report: { requestedAt: Date; availableUntil: Date }): MailMessage {
    return compose(
      "datos-listos",
      to,
      "La copia de tus datos está lista",
      [
        `Preparamos la copia de tus datos personales que pediste el ${longDate(report.requestedAt)}.`,
        `Descárgala (en formato JSON) desde la sección «Mis datos» de tu cuenta, con tu sesión iniciada, hasta el ${longDate(report.availableUntil)}. Si no la pediste, escríbenos a servicio al cliente.`,
      ],
      [{ label: "Ver y descargar mis datos", url: link(ctx.origin, MAIL_LINK_ROUTES.dataReports, {}) }],
      ctx,
    );
  },
  receipt(
    ctx: MailContext,
    to: string,
    order: { orderNumber: string; items: Array<{ name: string; total: number }>; total: number; currency: string; lastFour: string | null; paidAt: Date },
  ): MailMessage {
    const date = longDate(order.paidAt);
    return compose(
      "recibo",
      to,
      `Recibo de compra — pedido ${order.orderNumber}`,
      [
        "¡Gracias por tu compra! Este es el recibo de tu pedido.",
        `Pedido: ${order.orderNumber}. Fecha: ${date}.`,
        ...order.items.map((item) => `${item.name}: ${formatPrice(item.total, order.currency)}`),
        `Total pagado: ${formatPrice(order.total, order.currency)}${order.lastFour ? ` con la tarjeta terminada en ${order.lastFour}` : ""}.`,
        "La suscripción se renueva automáticamente a la tarifa vigente; puedes cancelarla hasta 2 días antes del fin del periodo.",
        "Las condiciones de retracto, devoluciones, renovación, cancelación y cesión a otra persona están en los términos de la suscripción.",
      ],
      [{ label: "Ver mis suscripciones", url: link(ctx.origin, MAIL_LINK_ROUTES.subscriptions, {}) }, subscriptionTermsLink(ctx)],
      ctx,
    );
  },
  /** To the OLD address after the account's e-mail changed: what happened and what to do if it was not them. */
  emailChanged(ctx: MailContext, to: string, change: { name?: string | null; changedAt: Date }): MailMessage {
    const when = new Intl.DateTimeFormat("es-CO", { dateStyle: "long", timeStyle: "short", timeZone: "America/Bogota" }).format(change.changedAt);
    return compose(
      "correo-cambiado",
      to,
      "El correo de tu cuenta cambió",
      [
        `Hola${change.name ? ` ${change.name}` : ""}:`,
        `El ${when} (hora de Colombia) se cambió el correo electrónico de tu cuenta en ${ctx.name}. Desde ahora se ingresa con la nueva dirección y ${to} ya no recibirá los mensajes de la cuenta; los enlaces que te enviamos antes a esta dirección dejaron de funcionar.`,
        "Si fuiste tú, no tienes que hacer nada más que confirmar la nueva dirección con el enlace que te enviamos allí.",
        "Si no fuiste tú, alguien conoce tu contraseña: escríbenos de inmediato por los canales de atención al cliente para recuperar tu cuenta, y cambia la contraseña de tu correo electrónico si es la misma.",
      ],
      [{ label: "Canales de atención al cliente", url: link(ctx.origin, MAIL_LINK_ROUTES.customerService, {}) }],
      ctx,
    );
  },
  shareInvitation(ctx: MailContext, to: string, redeemCode: string, ownerName: string | null): MailMessage {
    return compose(
      "invitacion",
      to,
      "Te compartieron una suscripción digital",
      [`${ownerName ?? "Un suscriptor"} te invitó a usar su suscripción digital.`, "Ingresa o crea tu cuenta y acepta la invitación con el enlace."],
      [{ label: "Aceptar la invitación", url: link(ctx.origin, MAIL_LINK_ROUTES.subscriptions, { invitacion: redeemCode }) }],
      ctx,
    );
  },
  gift(ctx: MailContext, to: string, redeemCode: string, recipientName: string, note: string | null, from: string | null = null): MailMessage {
    return compose(
      "regalo",
      to,
      "Te regalaron una suscripción digital",
      [
        `Hola ${recipientName}:`,
        from ? `${from} te regaló una suscripción digital.` : "Alguien te regaló una suscripción digital.",
        ...(note ? [`Mensaje: «${note}»`] : []),
        "Ingresa o crea tu cuenta y redime tu regalo con el enlace.",
      ],
      [{ label: "Redimir mi regalo", url: link(ctx.origin, MAIL_LINK_ROUTES.subscriptions, { regalo: redeemCode }) }],
      ctx,
    );
  },
  /** A renewal was charged: the receipt and the new period. */
  renewalReceipt(
    ctx: MailContext,
    to: string,
    renewal: { orderNumber: string; productName: string; amount: number; currency: string; lastFour: string | null; periodEnd: Date; paidAt: Date },
  ): MailMessage {
    return compose(
      "renovacion",
      to,
      `Renovamos tu suscripción — pedido ${renewal.orderNumber}`,
      [
        `Renovamos tu ${lowerFirst(renewal.productName)} por un año más. Este es el recibo del cobro.`,
        `Pedido: ${renewal.orderNumber}. Fecha: ${longDate(renewal.paidAt)}.`,
        `Total pagado: ${formatPrice(renewal.amount, renewal.currency)}${renewal.lastFour ? ` con la tarjeta terminada en ${renewal.lastFour}` : ""}.`,
        `Tu suscripción sigue activa hasta el ${longDate(renewal.periodEnd)}. Puedes cancelarla hasta 2 días antes de esa fecha.`,
      ],
      [{ label: "Ver mis suscripciones", url: link(ctx.origin, MAIL_LINK_ROUTES.subscriptions, {}) }, subscriptionTermsLink(ctx)],
      ctx,
    );
  },
  /** A renewal charge was declined: access continues during the grace period; the next try and the last day. */
  renewalFailed(
    ctx: MailContext,
    to: string,
    failure: { productName: string; amount: number; currency: string; lastFour: string | null; reason: string; nextAttempt: Date; graceEnd: Date },
  ): MailMessage {
    return compose(
      "pago-rechazado",
      to,
      "No pudimos renovar tu suscripción",
      [
        `Intentamos cobrar ${formatPrice(failure.amount, failure.currency)} por la renovación de tu ${lowerFirst(failure.productName)}${failure.lastFour ? ` a la tarjeta terminada en ${failure.lastFour}` : ""}, pero el pago fue rechazado: ${failure.reason}`,
        `Conservas el acceso mientras tanto. Volveremos a intentarlo el ${longDate(failure.nextAttempt)}; si el pago no pasa a más tardar el ${longDate(failure.graceEnd)}, la suscripción terminará.`,
        "Para evitarlo, actualiza tu medio de pago en Mis suscripciones.",
      ],
      [{ label: "Actualizar mi medio de pago", url: link(ctx.origin, MAIL_LINK_ROUTES.subscriptions, {}) }],
      ctx,
    );
  },
  /**
   * A PQRS request was stored: its radicado, kind and when. It repeats nothing the sender wrote
   * (name, subject, message): anyone can type any address in the form, and the acknowledgement must
   * not carry their text to it (docs/decisions/0023-reader-forms.md).
   */
  pqrsReceived(ctx: MailContext, to: string, request: { radicado: string; kind: PqrsKind; receivedAt: Date }): MailMessage {
    return compose(
      "pqrs-recibida",
      to,
      `Radicamos tu solicitud ${request.radicado}`,
      [
        "Hola:",
        `Recibimos tu solicitud (${PQRS_KIND_LABELS[request.kind]}) en ${ctx.name} el ${longDate(request.receivedAt)} a las ${clockTime(request.receivedAt)} (hora de Colombia). Quedó radicada con el número ${request.radicado}.`,
        "Guarda este número: con él puedes preguntar por tu solicitud en los canales de atención al cliente. Te responderemos a este correo.",
        "Si no enviaste esta solicitud, ignora este mensaje.",
      ],
      [
        { label: "Centro de ayuda", url: link(ctx.origin, MAIL_LINK_ROUTES.helpCentre, {}) },
        { label: "Canales de atención al cliente", url: link(ctx.origin, MAIL_LINK_ROUTES.customerService, {}) },
      ],
      ctx,
    );
  },
  /**
   * The owner asked to transfer a subscription (sales/transfers.ts): its number, to whom, and what
   * happens next. It goes to the owner's own address only; the new holder hears from the operators.
   */
  transferRequested(
    ctx: MailContext,
    to: string,
    request: { requestNumber: string; productName: string; recipientName: string; recipientEmail: string; requestedAt: Date },
  ): MailMessage {
    return compose(
      "cesion-solicitada",
      to,
      `Recibimos tu solicitud de cesión ${request.requestNumber}`,
      [
        "Hola:",
        `Recibimos tu solicitud para ceder tu ${lowerFirst(request.productName)} de ${ctx.name} a ${request.recipientName} (${request.recipientEmail}) el ${longDate(request.requestedAt)} a las ${clockTime(request.requestedAt)} (hora de Colombia). Quedó con el número ${request.requestNumber}.`,
        "La revisaremos en un máximo de 3 días hábiles y te responderemos a este correo. Mientras tanto la suscripción sigue a tu nombre y conservas el acceso; cuando la aprobemos, la otra persona recibirá el periodo restante.",
        "Si no pediste esta cesión, escríbenos de inmediato por los canales de atención al cliente con este número.",
      ],
      [
        { label: "Ver mis suscripciones", url: link(ctx.origin, MAIL_LINK_ROUTES.subscriptions) },
        subscriptionTermsLink(ctx),
        { label: "Canales de atención al cliente", url: link(ctx.origin, MAIL_LINK_ROUTES.customerService) },
      ],
      ctx,
    );
  },
  /** A request to join the newsletter or to give the data consent: confirm it, or leave at once. */
  newsletterConfirm(ctx: MailContext, to: string, request: { list: NewsletterList; confirmToken: string; cancelToken: string }): MailMessage {
    const confirm = link(ctx.origin, MAIL_LINK_ROUTES.newsletterConfirm, { token: request.confirmToken });
    const cancel = link(ctx.origin, MAIL_LINK_ROUTES.newsletterCancel, { token: request.cancelToken });
    if (request.list === "consentimiento")
      return compose(
        "boletin-confirmar",
        to,
        "Confirma tu autorización de tratamiento de datos",
        [
          `Recibimos una autorización para que ${ctx.legalName} trate los datos personales de este correo en ${ctx.name}, según su política de tratamiento de datos, para enviarte información y comunicaciones.`,
          `Confírmala con el enlace; vence en ${NEWSLETTER_CONFIRMATION_DAYS} días. Si no la diste, ignora este mensaje: sin tu confirmación no usaremos tus datos.`,
          "Puedes retirarla cuando quieras con el enlace «Retirar mi autorización».",
        ],
        [
          { label: "Confirmar mi autorización", url: confirm },
          { label: "Retirar mi autorización", url: cancel },
          { label: "Política de tratamiento de datos", url: link(ctx.origin, MAIL_LINK_ROUTES.dataPolicy, {}) },
        ],
        ctx,
      );
    return compose(
      "boletin-confirmar",
      to,
      `Confirma tu suscripción al boletín de ${ctx.name}`,
      [
        `Recibimos una solicitud para enviar el boletín de noticias de ${ctx.name} a este correo.`,
        `Para empezar a recibirlo, confirma tu suscripción con el enlace; vence en ${NEWSLETTER_CONFIRMATION_DAYS} días. Si no la pediste, ignora este mensaje: no te enviaremos nada más.`,
        "Cada boletín trae un enlace para cancelar la suscripción; también puedes usar el de este correo.",
      ],
      [
        { label: "Confirmar mi suscripción", url: confirm },
        { label: "Cancelar la suscripción", url: cancel },
      ],
      ctx,
    );
  },
  /** Someone asked again for a list this address already confirmed: nothing changed, and how to leave it. */
  newsletterActive(ctx: MailContext, to: string, request: { list: NewsletterList; cancelToken: string }): MailMessage {
    const cancel = link(ctx.origin, MAIL_LINK_ROUTES.newsletterCancel, { token: request.cancelToken });
    const consent = request.list === "consentimiento";
    return compose(
      "boletin-activo",
      to,
      consent ? "Tu autorización de tratamiento de datos sigue vigente" : `Ya recibes el boletín de ${ctx.name}`,
      [
        consent
          ? `Recibimos de nuevo una autorización de tratamiento de datos para este correo en ${ctx.name}. Ya la habías confirmado: no cambió nada.`
          : `Recibimos de nuevo una solicitud para enviar el boletín de ${ctx.name} a este correo. Tu suscripción ya estaba confirmada: no cambió nada.`,
        consent ? "Si quieres retirarla, usa el enlace." : "Si ya no quieres recibirlo, usa el enlace para cancelar la suscripción.",
      ],
      [{ label: consent ? "Retirar mi autorización" : "Cancelar la suscripción", url: cancel }],
      ctx,
    );
  },
  /** A subscription ended: cancelled and its period over, or unpaid after the last retry. */
  subscriptionEnded(ctx: MailContext, to: string, end: { productName: string; reason: "cancelada" | "sin-pago" | "vencida"; endedAt: Date }): MailMessage {
    const why =
      end.reason === "cancelada"
        ? "La cancelaste y su periodo pagado terminó."
        : end.reason === "sin-pago"
          ? "No pudimos cobrar la renovación después de varios intentos."
          : "Su periodo terminó.";
    return compose(
      "suscripcion-terminada",
      to,
      "Tu suscripción terminó",
      [`Tu ${lowerFirst(end.productName)} terminó el ${longDate(end.endedAt)}. ${why}`, "Puedes volver a suscribirte cuando quieras."],
      [{ label: "Suscribirme de nuevo", url: link(ctx.origin, "/store/", {}) }],
      ctx,
    );
  },
};
