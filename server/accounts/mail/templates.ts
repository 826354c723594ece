// The e-mails the accounts service sends, in Spanish (es-CO). Each names the page of the site
// that finishes its flow; those routes are constants the browser side builds pages for.

/** Pages of the site that e-mail links open (the nonce or code goes in the query string). */
export const MAIL_LINK_ROUTES = {
  verifyEmail: "/verificar-correo/",
  resetPassword: "/restablecer-contrasena/",
  magicLink: "/enlace-magico/",
  deleteAccount: "/autogestion/eliminar-cuenta/",
  subscriptions: "/autogestion/mis-suscripciones/",
  /** Customer-service channels (page-definitions/semana/grupo: "Canales de atención al cliente"). */
  customerService: "/enos/",
} as const;

export type MailKind = "verificacion" | "restablecer" | "enlace-magico" | "recibo" | "eliminar-cuenta" | "invitacion" | "regalo" | "correo-cambiado";

export interface MailLink {
  label: string;
  url: string;
}

export interface MailMessage {
  kind: MailKind;
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

function link(origin: string, route: string, query: Record<string, string>): string {
  const url = new URL(route, origin);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

function compose(kind: MailKind, to: string, subject: string, paragraphs: string[], links: MailLink[], siteName: string): MailMessage {
  const text = [...paragraphs, ...links.map((l) => `${l.label}: ${l.url}`), "", `— ${siteName}`].join("\n\n");
  const html = [
    `<!doctype html><html lang="es-CO"><body style="font-family:Arial,sans-serif;color:#1a1a1a;max-width:560px">`,
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...links.map((l) => `<p><a href="${escapeHtml(l.url)}" style="color:#0b57d0">${escapeHtml(l.label)}</a></p>`),
    `<p style="color:#555">— ${escapeHtml(siteName)}</p></body></html>`,
  ].join("\n");
  return { kind, to, subject, text, html, links };
}

export interface MailContext {
  origin: string;
  siteName: string;
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
      ctx.siteName,
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
      ctx.siteName,
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
      ctx.siteName,
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
      ctx.siteName,
    );
  },
  receipt(
    ctx: MailContext,
    to: string,
    order: { orderNumber: string; items: Array<{ name: string; total: number }>; total: number; currency: string; lastFour: string | null; paidAt: Date },
  ): MailMessage {
    const date = new Intl.DateTimeFormat("es-CO", { dateStyle: "long", timeZone: "America/Bogota" }).format(order.paidAt);
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
      ],
      [{ label: "Ver mis suscripciones", url: link(ctx.origin, MAIL_LINK_ROUTES.subscriptions, {}) }],
      ctx.siteName,
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
        `El ${when} (hora de Colombia) se cambió el correo electrónico de tu cuenta en ${ctx.siteName}. Desde ahora se ingresa con la nueva dirección y ${to} ya no recibirá los mensajes de la cuenta; los enlaces que te enviamos antes a esta dirección dejaron de funcionar.`,
        "Si fuiste tú, no tienes que hacer nada más que confirmar la nueva dirección con el enlace que te enviamos allí.",
        "Si no fuiste tú, alguien conoce tu contraseña: escríbenos de inmediato por los canales de atención al cliente para recuperar tu cuenta, y cambia la contraseña de tu correo electrónico si es la misma.",
      ],
      [{ label: "Canales de atención al cliente", url: link(ctx.origin, MAIL_LINK_ROUTES.customerService, {}) }],
      ctx.siteName,
    );
  },
  shareInvitation(ctx: MailContext, to: string, redeemCode: string, ownerName: string | null): MailMessage {
    return compose(
      "invitacion",
      to,
      "Te compartieron una suscripción digital",
      [`${ownerName ?? "Un suscriptor"} te invitó a usar su suscripción digital.`, "Ingresa o crea tu cuenta y acepta la invitación con el enlace."],
      [{ label: "Aceptar la invitación", url: link(ctx.origin, MAIL_LINK_ROUTES.subscriptions, { invitacion: redeemCode }) }],
      ctx.siteName,
    );
  },
  gift(ctx: MailContext, to: string, redeemCode: string, recipientName: string, note: string | null): MailMessage {
    return compose(
      "regalo",
      to,
      "Te regalaron una suscripción digital",
      [
        `Hola ${recipientName}:`,
        "Alguien te regaló una suscripción digital.",
        ...(note ? [`Mensaje: «${note}»`] : []),
        "Ingresa o crea tu cuenta y redime tu regalo con el enlace.",
      ],
      [{ label: "Redimir mi regalo", url: link(ctx.origin, MAIL_LINK_ROUTES.subscriptions, { regalo: redeemCode }) }],
      ctx.siteName,
    );
  },
};
