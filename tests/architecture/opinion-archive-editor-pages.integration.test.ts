// Every address of the opinion, print-archive and editor pages answers on the brands that have it
// (docs/opinion-and-authors.md, docs/archives.md, docs/carousels-and-blocks.md#page-features), over
// real HTTP on the production build with the generated corpus: the author pages of every brand and
// the same page at the bylines' /autor/, the print archive, today's daily archive from every footer, the redirect,
// raw-HTML, iframe and WhatsApp pages, the feeds and sitemaps that name author pages, and the
// dark-theme script with the response's CSP nonce.
import { describe, expect, it } from "vitest";
import { brandIds, type BrandId } from "../../domain/brands";
import { getPage } from "../support/site-http";
import { generatedSiteForFile } from "../support/site-server";

const server = generatedSiteForFile();
const get = (brand: BrandId, path: string) => getPage(server.site.port, brand, path);

const columnists = (brand: BrandId) => server.corpus.authors.filter((author) => author.brand === brand && author.role === "Columnista");
const anyAuthorWithStories = (brand: BrandId) =>
  server.corpus.authors.find(
    (author) =>
      author.brand === brand &&
      server.corpus.documents.some((doc: any) => doc.canonical_website === brand && doc.credits?.by?.some((by: any) => by._id === author._id)),
  )!;

describe("author pages", () => {
  it("answer 200 at /opinion/{autor}/ and at the bylines' /autor/{slug}/ on every brand, 404 for an unknown author", async () => {
    for (const brand of brandIds) {
      const author = columnists(brand)[0] ?? anyAuthorWithStories(brand);
      for (const path of [`/opinion/${author._id}/`, `/autor/${author._id}/`]) {
        const page = await get(brand, path);
        expect(page.status, `${brand} ${path}`).toBe(200);
        expect(page.body).toContain(`>${author.byline}</h1>`);
      }
      expect((await get(brand, "/opinion/nadie-escribe-con-este-nombre/")).status, brand).toBe(404);
      expect((await get(brand, "/autor/nadie-escribe-con-este-nombre/")).status, brand).toBe(404);
    }
  });

  it("are what the authors' sitemap and the RSS author feed name", async () => {
    const sitemap = await get("semana", "/arc/outboundfeeds/sitemap-authors/");
    expect(sitemap.status).toBe(200);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(locs.length).toBeGreaterThan(10);
    expect(locs.every((path) => /^\/opinion\/[a-z0-9-]+\/$/.test(path))).toBe(true);
    expect((await get("semana", locs[0])).status).toBe(200);
    const author = columnists("semana")[0];
    const feed = await get("semana", `/arc/outboundfeeds/rss/author/${author._id}/`);
    expect(feed.status).toBe(200);
    expect(feed.body).toMatch(new RegExp(`<channel><title>[^<]*</title><link>http://semana\\.localhost/opinion/${author._id}/</link>`));
  });

  it("link their bylines from the seeded credits to /autor/ (docs/article-pages.md#byline)", () => {
    const credited = server.corpus.documents.flatMap((doc: any) => doc.credits?.by ?? []);
    expect(credited.length).toBeGreaterThan(100);
    expect(credited.every((by: any) => by.url === `/autor/${by.slug}/`)).toBe(true);
  });
});

describe("opinion and print pages", () => {
  it("Semana's /opinion/ and /edicion/, Semana Rural's home with 'VER MÁS OPINIONES'; /edicion/ is Semana's only", async () => {
    const opinion = await get("semana", "/opinion/");
    expect(opinion.status).toBe(200);
    expect(opinion.body).toContain(">Columnistas</h2>");
    const edicion = await get("semana", "/edicion/");
    expect(edicion.status).toBe(200);
    expect(edicion.body).toContain(">ÚLTIMAS EDICIONES</h2>");
    expect(edicion.body).toContain(">Ver impresa</a>");
    for (const brand of brandIds.filter((id) => id !== "semana")) expect((await get(brand, "/edicion/")).status, brand).toBe(404);
    const rural = await get("semanarural", "/");
    expect(rural.body).toContain(">VER MÁS OPINIONES</h2>");
    expect(rural.body).toContain('href="/semanarural/opinion/">Ver todos</a>');
    expect((await get("semanarural", "/semanarural/opinion/")).status).toBe(200);
  });

  it("every footer links today's daily archive, which answers 200", async () => {
    for (const brand of brandIds) {
      const home = await get(brand, brand === "semana" ? "/" : "/opinion/" + (columnists(brand)[0] ?? anyAuthorWithStories(brand))._id + "/");
      const archive = /href="(\/archivo\/\d{4}\/\d{2}\/\d{2}\/)">Archivo del día<\/a>/.exec(home.body)?.[1];
      expect(archive, brand).toBeDefined();
      expect((await get(brand, archive!)).status, `${brand} ${archive}`).toBe(200);
    }
  });
});

describe("editor pages", () => {
  it("the redirect page answers 302 on every brand, with the query string", async () => {
    for (const brand of brandIds) {
      const answer = await get(brand, "/suscribete/?utm_campaign=navidad");
      expect([answer.status, answer.headers.location], brand).toEqual([302, "/suscripciones/?utm_campaign=navidad"]);
    }
  });

  it("the raw-HTML, iframe and WhatsApp pages answer 200 on Semana, with their content", async () => {
    const html = await get("semana", "/calendario-electoral-2026/");
    expect(html.status).toBe(200);
    expect(html.body).toContain('<th scope="col">Fecha</th>');
    const frame = await get("semana", "/informe-de-gestion/");
    expect(frame.status).toBe(200);
    expect(frame.body).toMatch(/<iframe[^>]+src="\/documentos\/informe-de-gestion-2025\.pdf"[^>]+title="Informe de gestión 2025"/);
    expect(frame.body).toContain("--alto-escritorio:900px");
    const whatsapp = await get("semana", "/comunidad-whatsapp/");
    expect(whatsapp.status).toBe(200);
    expect(whatsapp.body).toContain('href="https://whatsapp.com/channel/0029VaJm0ZC3bbV5TsQ3Tq1M"');
  });

  it("every page's head decides the theme with a script that carries the response's CSP nonce", async () => {
    const page = await get("elpais", "/suscripciones/");
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeDefined();
    const head = page.body.slice(0, page.body.indexOf("</head>"));
    expect(head).toContain(`<script nonce="${nonce}">(function(k,a,D,L,W,F){`);
    expect(head).toContain(`("bloques:tema","data-tema","oscuro","claro","[data-theme-switch]","style[data-theme=\\"oscuro\\"]");</script>`);
    expect(head).toContain(':root[data-tema="oscuro"]{color-scheme:dark;');
    // The brand's tokens are in the head too: the dark colours are known before the body is.
    expect(head).toContain("--color-dark-background:#0a1f33");
  });
});
