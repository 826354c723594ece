// @vitest-environment jsdom
// The paywall over real HTTP, on the production build: anonymous, signed-in-not-subscribed and
// subscriber readers (the real Arc SDKs sign them up and buy offer 466), each on a code-'3' article,
// a never-paywalled section's article, a /finanzas code-'1' article and a code-'1' article outside
// /finanzas (where the /finanzas rule differs from the default: docs/paywall-and-visitors.md#content-codes);
// checked in the HTML, in the route data (.data and ?_data=), on the load-more endpoint, in search,
// in the feeds of every brand, in a locked gallery, in the page cache, and in the notice's count.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandIds, type BrandId } from "../domain/brands";
import { ACCESS_TOKEN_COOKIE } from "../accounts/entitlement";
import { installCookieJar } from "../accounts/testing/harness";
import { Identity } from "../accounts/testing/sdk";
import { makeTestCorpus, testDocument } from "./content/testing/corpus";
import { PAYWALL_REPORT_PATH, PAYWALL_VIEW_PATH, PAYWALL_VIEWS_PER_IP } from "./paywall-views";
import { brandHost, requestSite } from "../tests/support/site-http";
import { quietServerRenderWarnings, startSiteServer, type SiteServer } from "../tests/support/site-server";
import { buySubscription, freshBrowser, newEmail, signUpReader } from "../tests/support/accounts";
import { parsePrometheusText, sampleValue } from "../tests/support/prometheus-text";

const SECRET = "SECRETO-DEL-SEGUNDO-PÁRRAFO";
const PREVIEW = "Primer párrafo a la vista de todos.";
const paragraphs = (id: string) => [
  { _id: `${id}-1`, type: "text", content: PREVIEW },
  { _id: `${id}-2`, type: "text", content: `${SECRET} que solo leen los suscriptores.` },
  { _id: `${id}-3`, type: "text", content: `Tercer párrafo, también ${SECRET}.` },
];
const article = (id: string, section: string, code: string, hoursAgo: number, brand: BrandId = "semana") =>
  testDocument({
    brand,
    id,
    headline: `Nota ${id}`,
    section,
    hoursAgo,
    extra: { content_restrictions: { content_code: code }, content_elements: paragraphs(id) },
  });
const LOCKED = article("BLOQUEADA1", "/politica", "3", 1);
const SPECIAL = article("ESPECIAL1", "/especiales", "3", 2);
const FINANZAS = article("FINANZAS1", "/finanzas", "1", 3);
/** Code '1' outside /finanzas: for any active subscription (statuses 1, 3, 4, 5). */
const CODE_ONE = article("CODIGOUNO1", "/economia", "1", 3.5);
/** Asked for by one test only: its first request finds the page cache empty. */
const LOCKED_UNSEEN = article("BLOQUEADA2", "/politica", "3", 4);
/** A locked gallery: its photos (and their captions) are its body. */
const photo = (n: number) => ({
  _id: `FOTO${n}`,
  type: "image",
  url: `/images/semana/galeria-${n}.jpg`,
  caption: n === 1 ? "Foto de portada" : `FOTO-SECRETA-${n}`,
  width: 1200,
  height: 800,
});
const LOCKED_GALLERY = testDocument({
  brand: "semana",
  id: "GALERIABLOQUEADA",
  headline: "Galería GALERIABLOQUEADA",
  section: "/galerias",
  hoursAgo: 5,
  image: false,
  extra: {
    content_restrictions: { content_code: "3" },
    promo_items: { basic: photo(1), gallery: { type: "gallery", content_elements: [photo(1), photo(2), photo(3)] } },
  },
});
/** One locked article per other brand, for that brand's feeds. */
const LOCKED_ELSEWHERE = brandIds
  .filter((brand) => brand !== "semana")
  .map((brand, i) => article(`BLOQUEADA${brand.toUpperCase()}`, "/politica", "3", 1 + i / 10, brand));
const OPERATOR_TOKEN = "token-de-operador-de-prueba";

let site: SiteServer;
let origin = "";
let jar: ReturnType<typeof installCookieJar>;
/** Each reader's Cookie header: anonymous sends an unrelated cookie (the jar then adds nothing). */
const readers = { anonymous: "preferencia=1", registered: "", subscriber: "" };
type Reader = keyof typeof readers;

/** Signs a new reader up (the server sets the identity cookie), buys the subscription if asked; its Cookie header. */
async function newReader(tag: string, subscribe: boolean): Promise<string> {
  jar.clear();
  freshBrowser(origin);
  await signUpReader(newEmail(tag));
  expect(await Identity.isLoggedIn()).toBe(true);
  if (subscribe) await buySubscription();
  const token = jar.cookies.get(ACCESS_TOKEN_COOKIE);
  expect(token, "el inicio de sesión pone la cookie de identidad").toBeTruthy();
  return `${ACCESS_TOKEN_COOKIE}=${token}`;
}

beforeAll(async () => {
  quietServerRenderWarnings();
  const corpus = makeTestCorpus();
  corpus.documents.push(LOCKED, SPECIAL, FINANZAS, CODE_ONE, LOCKED_UNSEEN, LOCKED_GALLERY, ...LOCKED_ELSEWHERE);
  site = await startSiteServer({ corpus, env: { OPERATOR_TOKEN } });
  origin = site.origin;
  jar = installCookieJar();
  readers.registered = await newReader("muro", false);
  readers.subscriber = await newReader("suscriptor", true);
  jar.clear();
}, 180_000);

afterAll(async () => {
  jar?.restore();
  await site?.close();
});

const get = (url: string, reader: Reader) => fetch(origin + url, { headers: { cookie: readers[reader] } });

/** The page, its route data in both forms a browser asks for it, and its caching. */
async function read(url: string, reader: Reader) {
  const page = await get(url, reader);
  const html = await page.text();
  const single = await get(`${url.replace(/\/$/, "")}.data`, reader);
  const legacy = await get(`${url}?_data=${encodeURIComponent("routes/$")}`, reader);
  const data = [await single.text(), await legacy.text()];
  return {
    status: page.status,
    dataStatuses: [single.status, legacy.status],
    html,
    data,
    cacheControl: page.headers.get("cache-control"),
    pageCache: page.headers.get("x-page-cache"),
  };
}

/** What each reader must get of each article: the whole body or the preview and notice. */
const MATRIX: Array<[string, Record<string, unknown>, Record<Reader, "whole" | "preview">]> = [
  ["code '3'", LOCKED, { anonymous: "preview", registered: "preview", subscriber: "whole" }],
  ["a never-paywalled section (code '3' in /especiales)", SPECIAL, { anonymous: "whole", registered: "whole", subscriber: "whole" }],
  ["/finanzas with code '1'", FINANZAS, { anonymous: "whole", registered: "whole", subscriber: "whole" }],
  ["code '1' outside /finanzas", CODE_ONE, { anonymous: "preview", registered: "preview", subscriber: "whole" }],
];

describe("the paywall on the page path", () => {
  describe.each(MATRIX)("an article of %s", (_name, doc, expected) => {
    it.each(["anonymous", "registered", "subscriber"] as const)("gives the %s reader what the rules say, in the HTML and the route data", async (reader) => {
      const headline = (doc as any).headlines.basic as string;
      const page = await read((doc as any).canonical_url, reader);
      expect(page.status).toBe(200);
      expect(page.dataStatuses).toEqual([200, 200]);
      for (const data of page.data) expect(data).toContain(headline);
      expect(page.html).toContain(headline);
      expect(page.html).toContain(PREVIEW);
      if (expected[reader] === "whole") {
        expect(page.html).toContain(SECRET);
        expect(page.html).not.toContain("data-paywall");
      } else {
        for (const text of [page.html, ...page.data]) expect(text).not.toContain(SECRET);
        expect(page.html).toContain("data-paywall");
        // The notice's login prompt for signed-out readers; 'No cuenta con una suscripción' for the others.
        if (reader === "anonymous") {
          expect(page.html).toContain("Inicia sesión");
          expect(page.html).not.toContain("No cuenta con una suscripción");
        } else {
          expect(page.html).toContain("No cuenta con una suscripción");
          expect(page.html).not.toContain("¿Ya tienes una suscripción?");
        }
      }
      // An identified reader's page is never shared, whatever it shows; an anonymous reader's always is.
      if (reader === "anonymous") {
        expect(page.cacheControl).toMatch(/^public/);
        expect(page.pageCache).not.toBe("BYPASS");
      } else {
        expect(page.cacheControl).toBe("private, no-store");
        expect(page.pageCache).toBe("BYPASS");
      }
    });
  });

  it("answers load more for the article template's body without any article's text", async () => {
    for (const doc of [LOCKED, SPECIAL]) {
      for (const reader of ["anonymous", "subscriber"] as const) {
        const more = await get(`/_block/article-default/cuerpo-articulo?offset=0&path=${encodeURIComponent((doc as any).canonical_url)}`, reader);
        expect(more.status).toBe(200);
        const { html } = (await more.json()) as { html: string };
        expect(html).not.toContain(SECRET);
        expect(html).not.toContain(PREVIEW);
      }
    }
    // A block that is not on the page is a 404, as before: the id above is the real one.
    expect((await get("/_block/article-default/cuerpo?offset=0", "anonymous")).status).toBe(404);
  });

  it("finds a locked article in search by its preview only, for every reader, and shows no fragment of the rest", async () => {
    for (const reader of ["anonymous", "subscriber"] as const) {
      const secret = await get(`/buscador/?query=${encodeURIComponent("SECRETO SEGUNDO PÁRRAFO suscriptores")}`, reader);
      expect(secret.status).toBe(200);
      const html = await secret.text();
      // The free articles with those words are found; the locked ones are not.
      expect(html).toContain("Nota ESPECIAL1");
      expect(html).toContain("Nota FINANZAS1");
      for (const locked of ["Nota BLOQUEADA1", "Nota BLOQUEADA2", "Nota CODIGOUNO1"]) expect(html).not.toContain(locked);
      const preview = await (await get(`/buscador/?query=${encodeURIComponent("primer párrafo vista")}`, reader)).text();
      expect(preview).toContain("Nota BLOQUEADA1");
      // Each result is one element with a data-key; the locked one's snippet holds the preview only.
      const hit = preview.split("data-key=").find((result) => result.includes("Nota BLOQUEADA1"))!;
      expect(hit).toContain("vista");
      expect(hit).not.toMatch(/SECRETO|suscriptores|Tercer/);
    }
  });

  it("keeps every locked body out of each brand's JSON and RSS feeds, and puts free bodies in", async () => {
    /** Each feed entry's text: the JSON items, or the RSS <item> elements. */
    const entries = (feed: string, body: string) =>
      feed.includes("/json/") ? (JSON.parse(body).items as unknown[]).map((item) => JSON.stringify(item)) : body.split("<item>").slice(1);
    for (const brand of brandIds) {
      const host = brandHost(brand);
      const lockedHere = brand === "semana" ? LOCKED : LOCKED_ELSEWHERE.find((doc) => doc.canonical_website === brand)!;
      for (const feed of ["/arc/outboundfeeds/json/", "/arc/outboundfeeds/rss/"]) {
        // fetch cannot set the Host header that names another brand.
        const answer = await requestSite(site.port, { host, path: feed });
        expect(answer.status, `${host}${feed}`).toBe(200);
        const items = entries(feed, answer.body);
        const locked = items.filter((item) => item.includes(lockedHere.headlines.basic));
        expect(locked, `${host}${feed}`).toHaveLength(1);
        // Its description (the subheadline) is public.
        expect(locked[0]).toContain(`Resumen: ${lockedHere.headlines.basic}`);
        expect(locked[0], `${host}${feed}`).not.toContain(SECRET);
        // A free article carries its whole body: a feed without any body would pass the line above vacuously.
        if (brand === "semana")
          expect(
            items.find((item) => item.includes("Nota ESPECIAL1")),
            feed,
          ).toContain(SECRET);
      }
    }
  });

  it("shows a locked gallery's lead photo only to readers who may not read it, and every photo to a subscriber", async () => {
    for (const reader of ["anonymous", "registered"] as const) {
      const page = await read(LOCKED_GALLERY.canonical_url, reader);
      expect(page.status).toBe(200);
      expect(page.html).toContain("galeria-1.jpg");
      for (const text of [page.html, ...page.data]) expect(text).not.toMatch(/FOTO-SECRETA|galeria-2\.jpg|galeria-3\.jpg/);
      expect(page.html).toContain("data-paywall-cut");
    }
    const subscriber = await read(LOCKED_GALLERY.canonical_url, "subscriber");
    expect(subscriber.html).toContain("FOTO-SECRETA-2");
    expect(subscriber.html).toContain("galeria-3.jpg");
    expect(subscriber.html).not.toContain("data-paywall-cut");
  });

  it("renders the anonymous locked page once per cache period, the same bytes for every reader", async () => {
    jar.clear();
    const url = LOCKED_UNSEEN.canonical_url;
    const answers = await Promise.all(Array.from({ length: 100 }, () => fetch(origin + url)));
    const statuses = answers.map((a) => a.headers.get("x-page-cache"));
    expect(statuses.filter((s) => s === "MISS")).toHaveLength(1);
    const hashes = new Set(
      await Promise.all(
        answers.map(async (a) =>
          createHash("sha1")
            .update(await a.text())
            .digest("hex"),
        ),
      ),
    );
    expect(hashes.size).toBe(1);
    // Once stored, every later anonymous request is a hit; a subscriber's request neither reads nor fills it.
    expect((await fetch(origin + url)).headers.get("x-page-cache")).toBe("HIT");
    const subscriber = await get(url, "subscriber");
    expect(subscriber.headers.get("x-page-cache")).toBe("BYPASS");
    expect(await subscriber.text()).toContain(SECRET);
    const after = await fetch(origin + url);
    expect(after.headers.get("x-page-cache")).toBe("HIT");
    expect(await after.text()).not.toContain(SECRET);
  });

  it("counts each shown notice per article per day, only for locked articles, for the operators", async () => {
    jar.clear();
    // The operators' metric counts what the report counts (docs/observability.md).
    const viewsMetric = async () => {
      const text = await (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })).text();
      return sampleValue(parsePrometheusText(text), "bloques_paywall_views_total", { brand: "semana" });
    };
    const viewsBefore = await viewsMetric();
    const beacon = (url: string) =>
      fetch(origin + PAYWALL_VIEW_PATH, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ path: url }) });
    expect((await beacon(LOCKED.canonical_url)).status).toBe(204);
    expect((await beacon(LOCKED.canonical_url)).status).toBe(204);
    expect((await beacon(SPECIAL.canonical_url)).status).toBe(404);
    expect((await beacon(FINANZAS.canonical_url)).status).toBe(404);
    expect((await beacon("no es una ruta")).status).toBe(400);
    expect((await fetch(origin + PAYWALL_REPORT_PATH)).status).toBe(404);
    const report = await fetch(origin + PAYWALL_REPORT_PATH, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, accept: "application/json" } });
    const rows = (await report.json()) as Array<{ content_id: string; count: number; brand: string }>;
    expect(rows).toEqual([expect.objectContaining({ content_id: "BLOQUEADA1", brand: "semana", count: 2 })]);
    // One address cannot inflate the count: past PAYWALL_VIEWS_PER_IP in its window, 429 and nothing counted.
    const statuses = [];
    for (let i = 0; i < PAYWALL_VIEWS_PER_IP.limit; i++) statuses.push((await beacon(LOCKED.canonical_url)).status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const after = await fetch(origin + PAYWALL_REPORT_PATH, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, accept: "application/json" } });
    const counted = ((await after.json()) as Array<{ count: number }>)[0].count;
    expect(counted).toBeLessThanOrEqual(PAYWALL_VIEWS_PER_IP.limit);
    expect((await viewsMetric()) - viewsBefore).toBe(counted);
  });
});
