// @vitest-environment jsdom
// The paywall over real HTTP, on the production build: anonymous, signed-in-not-subscribed and
// subscriber readers (the real Arc SDKs sign them up and buy offer 466), on a code-'3' article, a
// never-paywalled section's article and a /finanzas code-'1' article; checked in the HTML, in the
// route data, on the load-more endpoint, in the page cache, and in the notice's count.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installCookieJar } from "./accounts/testing/harness";
import { Identity } from "./accounts/testing/sdk";
import { makeTestCorpus, testDocument } from "./content/testing/corpus";
import { PAYWALL_REPORT_PATH, PAYWALL_VIEW_PATH } from "./paywall-views";
import { quietServerRenderWarnings, startSiteServer, type SiteServer } from "../tests/support/site-server";
import { buySubscription, freshBrowser, newEmail, signUpReader } from "../tests/support/accounts";

const SECRET = "SECRETO-DEL-SEGUNDO-PÁRRAFO";
const paragraphs = (id: string) => [
  { _id: `${id}-1`, type: "text", content: "Primer párrafo a la vista de todos." },
  { _id: `${id}-2`, type: "text", content: `${SECRET} que solo leen los suscriptores.` },
  { _id: `${id}-3`, type: "text", content: `Tercer párrafo, también ${SECRET}.` },
];
const article = (id: string, section: string, code: string, hoursAgo: number) =>
  testDocument({
    brand: "semana",
    id,
    headline: `Nota ${id}`,
    section,
    hoursAgo,
    extra: { content_restrictions: { content_code: code }, content_elements: paragraphs(id) },
  });
const LOCKED = article("BLOQUEADA1", "/politica", "3", 1);
const SPECIAL = article("ESPECIAL1", "/especiales", "3", 2);
const FINANZAS = article("FINANZAS1", "/finanzas", "1", 3);
/** Asked for by one test only: its first request finds the page cache empty. */
const LOCKED_UNSEEN = article("BLOQUEADA2", "/politica", "3", 4);
const OPERATOR_TOKEN = "token-de-operador-de-prueba";

let site: SiteServer;
let origin = "";
let jar: ReturnType<typeof installCookieJar>;

beforeAll(async () => {
  quietServerRenderWarnings();
  const corpus = makeTestCorpus();
  corpus.documents.push(LOCKED, SPECIAL, FINANZAS, LOCKED_UNSEEN);
  site = await startSiteServer({ corpus, env: { OPERATOR_TOKEN } });
  origin = site.origin;
  jar = installCookieJar();
}, 180_000);

afterAll(async () => {
  jar?.restore();
  await site?.close();
});

/** The page, its route data (as client navigation asks for it) and its caching. */
async function read(url: string) {
  const page = await fetch(origin + url);
  const html = await page.text();
  const data = await (await fetch(`${origin}${url.replace(/\/$/, "")}.data`)).text();
  return { status: page.status, html, data, cacheControl: page.headers.get("cache-control"), pageCache: page.headers.get("x-page-cache") };
}

const everything = (r: { html: string; data: string }) => r.html + r.data;

describe("the paywall on the page path", () => {
  it("gives an anonymous reader the preview and the notice, publicly cacheable; free articles whole", async () => {
    jar.clear();
    const locked = await read(LOCKED.canonical_url);
    expect(locked.status).toBe(200);
    expect(locked.html).toContain("Primer párrafo a la vista de todos.");
    expect(everything(locked)).not.toContain(SECRET);
    expect(locked.html).toContain("data-paywall");
    expect(locked.html).toContain("Inicia sesión");
    expect(locked.cacheControl).toMatch(/^public/);
    for (const free of [SPECIAL, FINANZAS]) {
      const page = await read(free.canonical_url);
      expect(page.html).toContain(SECRET);
      expect(page.html).not.toContain("data-paywall");
      expect(page.cacheControl).toMatch(/^public/);
    }
    // The load-more endpoint of the article template gives nothing of the article either.
    const more = await fetch(`${origin}/_block/article-default/cuerpo?offset=0&path=${encodeURIComponent(LOCKED.canonical_url)}`);
    expect(await more.text()).not.toContain(SECRET);
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
    // Once stored, every later anonymous request is a hit.
    expect((await fetch(origin + url)).headers.get("x-page-cache")).toBe("HIT");
  });

  it("tells a signed-in reader without a subscription so, privately, and shows no more of the article", async () => {
    jar.clear();
    freshBrowser(origin);
    await signUpReader(newEmail("muro"));
    expect(await Identity.isLoggedIn()).toBe(true);
    const locked = await read(LOCKED.canonical_url);
    expect(locked.html).toContain("No cuenta con una suscripción");
    expect(locked.html).not.toContain("¿Ya tienes una suscripción?");
    expect(everything(locked)).not.toContain(SECRET);
    expect(locked.cacheControl).toBe("private, no-store");
    expect(locked.pageCache).toBe("BYPASS");
  });

  it("gives a subscriber the whole body, never shared: the anonymous page stays locked", async () => {
    jar.clear();
    freshBrowser(origin);
    await signUpReader(newEmail("suscriptor"));
    await buySubscription();
    const locked = await read(LOCKED.canonical_url);
    expect(locked.html).toContain(SECRET);
    expect(locked.html).not.toContain("data-paywall");
    expect(locked.cacheControl).toBe("private, no-store");
    expect(locked.pageCache).toBe("BYPASS");
    jar.clear();
    const anonymous = await read(LOCKED.canonical_url);
    expect(everything(anonymous)).not.toContain(SECRET);
  });

  it("counts each shown notice per article per day, only for locked articles, for the operators", async () => {
    jar.clear();
    const beacon = (url: string) =>
      fetch(origin + PAYWALL_VIEW_PATH, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ path: url }) });
    expect((await beacon(LOCKED.canonical_url)).status).toBe(204);
    expect((await beacon(LOCKED.canonical_url)).status).toBe(204);
    expect((await beacon(SPECIAL.canonical_url)).status).toBe(404);
    expect((await beacon("no es una ruta")).status).toBe(400);
    expect((await fetch(origin + PAYWALL_REPORT_PATH)).status).toBe(404);
    const report = await fetch(origin + PAYWALL_REPORT_PATH, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, accept: "application/json" } });
    const rows = (await report.json()) as Array<{ content_id: string; count: number; brand: string }>;
    expect(rows).toEqual([expect.objectContaining({ content_id: "BLOQUEADA1", brand: "semana", count: 2 })]);
  });
});
