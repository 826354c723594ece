// Customer service on every brand (issue 24, point 8; docs/help-centre.md), on the production server
// over real HTTP: the footer links the help centre ('Servicio al cliente') and 'Canales de atención
// al cliente' (/enos/); the help centre's 'Formulario de contacto' leads to /enos/ as well; /enos/
// holds the PQRS form, and a request sent from it is stored for the brand, acknowledged in the
// brand's mail and listed for the operators at /_operador/pqrs/ (with OPERATOR_TOKEN only).
import http from "node:http";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandIds, type BrandId } from "../../domain/brands";
import { PQRS_API_PATH, RADICADO_PATTERN } from "../../domain/pqrs";
import type { AccountsRouter } from "../../accounts";
import { getPage } from "../support/site-http";
import { quietServerRenderWarnings, startSiteServer, type SiteServer } from "../support/site-server";

const OPERATOR_TOKEN = "token-de-operador-pqrs";
/** The operators' list of PQRS requests (docs/help-centre.md#pqrs-form). */
const PQRS_REPORT_PATH = "/_operador/pqrs/";
let site: SiteServer;

beforeAll(async () => {
  quietServerRenderWarnings();
  site = await startSiteServer({ env: { OPERATOR_TOKEN } });
}, 300_000);

afterAll(async () => {
  await site?.close();
});

const documentOf = (html: string) => new JSDOM(html).window.document;

/** The page's links inside `selector`, as [text, href] pairs. */
async function linksIn(brand: BrandId, pagePath: string, selector: string): Promise<Array<[string, string | null]>> {
  const { status, body } = await getPage(site.port, brand, pagePath);
  expect(status, `${brand} ${pagePath}`).toBe(200);
  return [...documentOf(body).querySelectorAll(`${selector} a`)].map((a) => [a.textContent!.trim(), a.getAttribute("href")]);
}

function send(brand: BrandId, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string | number> = { host: `${brand}.localhost`, ...options.headers };
    if (payload) Object.assign(headers, { "content-type": "application/json", "content-length": Buffer.byteLength(payload) });
    const req = http.request({ host: "127.0.0.1", port: site.port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(payload);
  });
}

describe("customer service on every brand", () => {
  it("links the help centre and the customer-service channels from the footer", async () => {
    for (const brand of brandIds) {
      const footer = await linksIn(brand, "/", "footer");
      expect(footer, brand).toContainEqual(["Servicio al cliente", "/servicio-al-cliente/"]);
      expect(footer, brand).toContainEqual(["Canales de atención al cliente", "/enos/"]);
    }
  });

  it("leads the help centre's 'Formulario de contacto' to /enos/, which holds the PQRS form", async () => {
    for (const brand of brandIds) {
      expect(await linksIn(brand, "/servicio-al-cliente/", "main"), brand).toContainEqual(["Formulario de contacto", "/enos/"]);
      const { status, body } = await getPage(site.port, brand, "/enos/");
      expect(status, brand).toBe(200);
      const page = documentOf(body);
      expect(page.querySelector("h1")?.textContent, brand).toBe("Canales de atención al cliente");
      const form = [...page.querySelectorAll("main form")].find(
        (f) => page.getElementById(f.getAttribute("aria-labelledby") ?? "")?.textContent === "Radica tu PQRS",
      );
      expect(form, `${brand}: el formulario de PQRS en /enos/`).toBeTruthy();
      const field = (name: string) => form!.querySelector(`[name="${name}"]`);
      expect([...form!.querySelectorAll('select[name="tipo"] option')].map((o) => o.textContent)).toEqual([
        "Elige una opción",
        "Petición",
        "Queja",
        "Reclamo",
        "Sugerencia",
      ]);
      for (const name of ["nombre", "correo", "telefono", "asunto", "mensaje"]) {
        const input = field(name)!;
        expect(input, `${brand} ${name}`).toBeTruthy();
        expect(form!.querySelector(`label[for="${input.id}"]`), `${brand}: etiqueta de ${name}`).toBeTruthy();
      }
      expect(field("autorizacion")?.getAttribute("type")).toBe("checkbox");
      expect(form!.querySelector('button[type="submit"]')?.textContent).toContain("Enviar solicitud");
    }
  });

  it("stores a request sent from any brand, acknowledges it in the brand's mail and lists it for the operators", async () => {
    const { db } = (site.booted.accounts as AccountsRouter).context;
    const sent = new Map<string, { brand: BrandId; correo: string }>();
    for (const brand of brandIds) {
      const correo = `pqrs.${brand}.${Date.now()}@example.com`;
      const answer = await send(brand, "POST", PQRS_API_PATH, {
        body: {
          tipo: "queja",
          nombre: "María José O'Neill",
          correo,
          asunto: `No llegó la revista (${brand})`,
          mensaje: "La edición de <b>este mes</b> no llegó a mi casa; la dirección es la de siempre.",
          autorizacion: true,
        },
      });
      expect(answer.status, brand).toBe(201);
      const { radicado } = JSON.parse(answer.body);
      expect(radicado).toMatch(RADICADO_PATTERN);
      sent.set(radicado, { brand, correo });
      const stored = await db.query("SELECT brand, kind, email FROM accounts_pqrs WHERE radicado = $1", [radicado]);
      expect(stored.rows).toEqual([{ brand, kind: "queja", email: correo }]);
      const mail = await db.query("SELECT brand, subject FROM accounts_outbox WHERE to_address = $1", [correo]);
      expect(mail.rows).toEqual([{ brand, subject: `Radicamos tu solicitud ${radicado}` }]);
    }

    // Without the operators' token the list does not exist; a wrong token is no better.
    expect((await send("semana", "GET", PQRS_REPORT_PATH)).status).toBe(404);
    expect((await send("semana", "GET", PQRS_REPORT_PATH, { headers: { authorization: "Bearer otro-token" } })).status).toBe(404);

    const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };
    const json = await send("semana", "GET", PQRS_REPORT_PATH, { headers: { ...operator, accept: "application/json" } });
    expect(json.status).toBe(200);
    const listed = JSON.parse(json.body) as Array<Record<string, unknown>>;
    for (const [radicado, { brand, correo }] of sent)
      expect(listed).toContainEqual(
        expect.objectContaining({
          radicado,
          brand,
          kind: "queja",
          name: "María José O'Neill",
          email: correo,
          subject: `No llegó la revista (${brand})`,
          message: "La edición de <b>este mes</b> no llegó a mi casa; la dirección es la de siempre.",
        }),
      );

    // The page operators read: every request, with what the sender wrote shown as text, never as markup.
    const html = await send("semana", "GET", PQRS_REPORT_PATH, { headers: operator });
    expect(html.status).toBe(200);
    const report = documentOf(html.body);
    expect(report.querySelector("h1")?.textContent).toContain("Solicitudes PQRS");
    const rows = [...report.querySelectorAll("tbody tr")];
    for (const radicado of sent.keys()) {
      const row = rows.find((tr) => tr.textContent!.includes(radicado));
      expect(row, radicado).toBeTruthy();
      expect(row!.textContent).toContain("La edición de <b>este mes</b> no llegó");
      expect(row!.querySelector("b")).toBeNull();
    }

    // One request by the radicado its sender quotes; a malformed radicado is refused, an unknown one lists nothing.
    const [first, { brand }] = [...sent.entries()][0];
    const one = await send("semana", "GET", `${PQRS_REPORT_PATH}?radicado=${first}`, { headers: { ...operator, accept: "application/json" } });
    expect(JSON.parse(one.body)).toEqual([expect.objectContaining({ radicado: first, brand })]);
    const malformed = await send("semana", "GET", `${PQRS_REPORT_PATH}?radicado=%3Cscript%3E`, { headers: operator });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toContain("radicado");
    const unknown = await send("semana", "GET", `${PQRS_REPORT_PATH}?radicado=PQRS-22222222`, { headers: { ...operator, accept: "application/json" } });
    expect(JSON.parse(unknown.body)).toEqual([]);
  });
});
