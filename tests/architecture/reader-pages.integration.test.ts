// The pages of issue 13's help centre, newsletter and brand items on the production server with the
// generated corpus, over real HTTP: every new address answers 200 on every brand (help-centre states
// included), /lo-mas-visto/ lists the full most-read feed, El País's home carries its '75 años' mark,
// Soho's section pages their own descriptions, sponsored stories no bottom-anchor ad, and the PQRS
// form's request is stored and acknowledged in the brand's mail.
import { describe, expect, it } from "vitest";
import { brandIds, type BrandId } from "../../domain/brands";
import { PQRS_API_PATH, RADICADO_PATTERN } from "../../domain/pqrs";
import type { AccountsRouter } from "../../accounts";
import { getPage, requestSite } from "../support/site-http";
import { generatedSiteForFile } from "../support/site-server";

const server = generatedSiteForFile();
const get = (brand: BrandId, pagePath: string) => getPage(server.site.port, brand, pagePath);

/** The canonical path of the first story of `section` on `brand` whose owner flag 'sponsored' is `sponsored`. */
function storyPath(brand: BrandId, sponsored: boolean, section?: string): string {
  const doc = (server.corpus.documents as Array<Record<string, any>>).find(
    (d) =>
      d.canonical_website === brand &&
      d.type === "story" &&
      (d.owner?.sponsored === true) === sponsored &&
      (!section || d.taxonomy?.primary_section?._id === section) &&
      !d.related_content?.redirect,
  );
  if (!doc) throw new Error(`no story for ${brand} ${section ?? ""} sponsored=${sponsored}`);
  return doc.canonical_url;
}

const slots = (html: string) => [...new Set([...html.matchAll(/data-ad-slot="([A-Za-z_]+)"/g)].map((m) => m[1]))].sort();

describe("new pages", () => {
  const pages = [
    "/servicio-al-cliente/",
    "/servicio-al-cliente/?categoria=suscripcion",
    "/servicio-al-cliente/?categoria=pqrs&tema=peticiones-quejas-y-reclamos",
    "/servicio-al-cliente/?categoria=no-existe&tema=%3Cscript%3E",
    "/servicio-al-cliente/datos-personales/",
    "/servicio-al-cliente/datos-personales/?categoria=tratamiento-datos",
    "/boletines/",
    "/boletines/confirmar/?token=1.abc",
    "/boletines/cancelar/",
  ];

  it("answer 200 on every brand", async () => {
    const failures: string[] = [];
    for (const brand of brandIds)
      for (const page of pages) {
        const { status } = await get(brand, page);
        if (status !== 200) failures.push(`${brand} ${page}: ${status}`);
      }
    expect(failures).toEqual([]);
  }, 120_000);

  it("render the state the address names on the server (the help centre works without a script)", async () => {
    const { body } = await get("elpais", "/servicio-al-cliente/?categoria=transacciones&tema=devoluciones");
    expect(body).toContain('data-help-state="sub-card"');
    expect(body).toContain("certificación bancaria");
    expect(body).toContain("¿No encontraste lo que buscabas?");
    expect((await get("elpais", "/servicio-al-cliente/")).body.match(/data-card="/g)).toHaveLength(8);
  });

  it("serve Soho's /lo-mas-visto/ with the full most-read feed of 9", async () => {
    const { status, body } = await get("soho", "/lo-mas-visto/");
    expect(status).toBe(200);
    const list = body.match(/<ol[^>]*data-variant="tarjetas"[^>]*>([\s\S]*?)<\/ol>/)![1];
    expect(list.match(/<li\b/g)).toHaveLength(9);
  });
});

describe("brands", () => {
  it("show El País's '75 años' mark on its home page only", async () => {
    expect((await get("elpais", "/")).body).toContain('aria-label="75 años"');
    expect((await get("elpais", "/cali/")).body).not.toContain('aria-label="75 años"');
    expect((await get("semana", "/")).body).not.toContain('aria-label="75 años"');
  });

  it("describe Soho's sections as a person would", async () => {
    const { body } = await get("soho", "/videos/");
    expect(body).toContain("Videos, programas y entrevistas de SoHo.");
    expect(body).not.toContain("de Videos en SoHo");
  });

  it("name one origin in a page's canonical link and its structured data: the one the page was served at", async () => {
    const pages: Array<[BrandId, string]> = [
      ["soho", "/seccion/historias/"],
      ["semana", storyPath("semana", false, "/nacion")],
    ];
    for (const [brand, pagePath] of pages) {
      const { status, body } = await get(brand, pagePath);
      expect(status, pagePath).toBe(200);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(body)![1];
      expect(canonical).toBe(`http://${brand}.localhost${pagePath}`);
      const data = [...body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      expect(data.length, pagePath).toBeGreaterThan(0);
      const ownUrls = data.flatMap((json) => [...json.matchAll(/"(?:item|url|@id)":"(https?:\/\/[^"/]+)\//g)].map((m) => m[1]));
      expect(ownUrls.length, pagePath).toBeGreaterThan(0);
      expect(new Set(ownUrls), pagePath).toEqual(new Set([new URL(canonical).origin]));
    }
  });

  it("give Soho a search overlay form and the other brands a link to the results page", async () => {
    const soho = (await get("soho", "/")).body;
    expect(soho).toMatch(/<input[^>]*type="checkbox"/);
    expect(soho).toMatch(/<form[^>]*role="search"[^>]*action="\/buscador\/"/);
    expect((await get("fucsia", "/")).body).toMatch(/<a href="\/buscador\/"[^>]*>Buscar<\/a>/);
  });
});

describe("sponsored content", () => {
  it("hides the bottom-anchor ads of a sponsored story; an ordinary story keeps them", async () => {
    const sponsored = await get("semana", storyPath("semana", true, "/hablan-las-marcas"));
    const ordinary = await get("semana", storyPath("semana", false, "/nacion"));
    expect([sponsored.status, ordinary.status]).toEqual([200, 200]);
    expect(slots(ordinary.body)).toEqual(expect.arrayContaining(["Bottom_D", "Sticky_M"]));
    expect(slots(sponsored.body)).not.toContain("Sticky_M");
    expect(slots(sponsored.body)).not.toContain("Bottom_D");
  });

  it("gives El País's stories its own bottom bar", async () => {
    const { body } = await get("elpais", storyPath("elpais", false));
    expect(slots(body)).toEqual(expect.arrayContaining(["ElPais_Bottom", "Sticky_M"]));
    expect(slots(body)).not.toContain("Bottom_D");
  });
});

describe("PQRS through the site", () => {
  it("stores the request and acknowledges it in the brand's mail", async () => {
    const correo = `pqrs.sitio.${Date.now()}@example.com`;
    const answer = await requestSite(server.site.port, {
      host: "fucsia.localhost",
      method: "POST",
      path: PQRS_API_PATH,
      json: {
        tipo: "peticion",
        nombre: "Lucía Fernández",
        correo,
        asunto: "Copia de mi factura",
        mensaje: "Necesito una copia de la factura de mi suscripción de marzo.",
        autorizacion: true,
      },
    });
    expect(answer.status).toBe(201);
    const { radicado } = JSON.parse(answer.body);
    expect(radicado).toMatch(RADICADO_PATTERN);
    const { db } = (server.site.booted.accounts as AccountsRouter).context;
    const stored = await db.query("SELECT brand, kind FROM accounts_pqrs WHERE radicado = $1", [radicado]);
    expect(stored.rows).toEqual([{ brand: "fucsia", kind: "peticion" }]);
    const mail = await db.query<{ brand: string; subject: string }>("SELECT brand, subject FROM accounts_outbox WHERE to_address = $1", [correo]);
    expect(mail.rows).toEqual([{ brand: "fucsia", subject: `Radicamos tu solicitud ${radicado}` }]);
  });
});
