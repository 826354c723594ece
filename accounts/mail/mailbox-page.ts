// The development mailbox: GET /dev/correo/ lists every message of the outbox (newest first) with
// its links, GET /dev/correo/:id shows one as the reader would get it. It exposes reset and
// magic links, so it is only mounted outside production (or with DEV_MAILBOX=1).
import express from "express";
import { handle } from "../http";
import type { Outbox } from "./outbox";
import { escapeHtml } from "./templates";
import { CACHE_CONTROL } from "../../platform/caching";

const KIND_LABELS: Record<string, string> = {
  verificacion: "Verificación de correo",
  restablecer: "Restablecer contraseña",
  "enlace-magico": "Enlace mágico",
  recibo: "Recibo de compra",
  "eliminar-cuenta": "Eliminar cuenta",
  invitacion: "Invitación a suscripción compartida",
  regalo: "Suscripción de regalo",
  "pqrs-recibida": "PQRS radicada",
  "cesion-solicitada": "Solicitud de cesión de suscripción",
  "boletin-confirmar": "Confirmar boletín o autorización de datos",
  "boletin-activo": "Boletín o autorización ya confirmados",
};

const dateFormat = new Intl.DateTimeFormat("es-CO", { dateStyle: "medium", timeStyle: "medium", timeZone: "America/Bogota" });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="es-CO"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,Arial,sans-serif;margin:0 auto;max-width:960px;padding:16px;color:#1a1a1a}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:8px;text-align:left;vertical-align:top}
a{color:#0b57d0}a:focus{outline:3px solid #0b57d0;outline-offset:2px}.meta{color:#555;font-size:14px}
.kind{display:inline-block;background:#eef3fd;border-radius:4px;padding:2px 6px;font-size:13px}
iframe{width:100%;min-height:480px;border:1px solid #ddd}
</style></head><body>${body}</body></html>`;
}

/** `beforeList` finishes what must be in the outbox first (e-mail requests still being handled). */
export function createMailboxRouter(outbox: Outbox, beforeList: () => Promise<void> = async () => {}): express.Router {
  const router = express.Router();
  router.get(
    "/dev/correo/",
    handle(async (_req, res) => {
      await beforeList();
      const messages = await outbox.list();
      const rows = messages
        .map(
          (m) => `<tr>
<td class="meta">${escapeHtml(dateFormat.format(new Date(m.created_at)))}</td>
<td><span class="kind">${escapeHtml(KIND_LABELS[m.kind] ?? m.kind)}</span><br>${escapeHtml(m.to_address)}</td>
<td><a href="/dev/correo/${m.id}">${escapeHtml(m.subject)}</a>${m.links.map((l) => `<br><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a>`).join("")}</td>
<td class="meta">${m.sent_at ? "Enviado por SMTP" : m.send_error ? `Error: ${escapeHtml(m.send_error)}` : "Solo en el buzón"}</td>
</tr>`,
        )
        .join("\n");
      res
        .type("html")
        .set("Cache-Control", CACHE_CONTROL.none)
        .send(
          page(
            "Buzón de desarrollo",
            `<h1>Buzón de desarrollo</h1><p class="meta">Correos del servicio de cuentas, del más reciente al más antiguo (${messages.length}).</p>` +
              (messages.length
                ? `<table><thead><tr><th>Fecha</th><th>Tipo y destinatario</th><th>Asunto y enlaces</th><th>Estado</th></tr></thead><tbody>${rows}</tbody></table>`
                : "<p>No hay correos todavía.</p>"),
          ),
        );
    }),
  );
  router.get(
    "/dev/correo/:id",
    handle(async (req, res) => {
      const id = Number(req.params.id);
      const message = Number.isSafeInteger(id) ? await outbox.get(id) : null;
      if (!message) {
        res.status(404).type("html").send(page("Correo no encontrado", `<h1>Correo no encontrado</h1><p><a href="/dev/correo/">Volver al buzón</a></p>`));
        return;
      }
      res
        .type("html")
        .set("Cache-Control", CACHE_CONTROL.none)
        .send(
          page(
            message.subject,
            `<p><a href="/dev/correo/">← Volver al buzón</a></p><h1>${escapeHtml(message.subject)}</h1>
<p class="meta">Para: ${escapeHtml(message.to_address)} · ${escapeHtml(dateFormat.format(new Date(message.created_at)))}</p>
<ul>${message.links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></li>`).join("")}</ul>
<iframe title="Contenido del correo" sandbox="allow-popups allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(message.html_body)}"></iframe>
<h2>Texto plano</h2><pre style="white-space:pre-wrap">${escapeHtml(message.text_body)}</pre>`,
          ),
        );
    }),
  );
  return router;
}
