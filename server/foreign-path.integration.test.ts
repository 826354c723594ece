// A story from another newsroom whose canonical_url is absolute ("https://…/mundo/slug.html") is
// served at the URL's path, with no redirect, and cards link straight there; its canonical link keeps
// the original URL (docs/article-pages.md#content-from-other-newsrooms). Issue 24, point 13: the path
// took a route's trailing slash first (301 to "/mundo/slug.html/").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestCorpus, testDocument } from "./content/testing/corpus";
import { requestSite } from "../tests/support/site-http";
import { quietServerRenderWarnings, startSiteServer, type SiteServer } from "../tests/support/site-server";

const ORIGINAL = "https://www.example.com/nacion/cumbre-del-clima-termina-sin-acuerdo.html";
const PATH = "/nacion/cumbre-del-clima-termina-sin-acuerdo.html";
let site: SiteServer;

const get = (pagePath: string) => requestSite(site.port, { host: "localhost", path: pagePath });

beforeAll(async () => {
  quietServerRenderWarnings();
  const corpus = makeTestCorpus();
  // The newest story of /nacion, so that the section's listing shows its card.
  const foreign = testDocument({ brand: "semana", id: "FOREIGNNACION", headline: "Cumbre del clima termina sin acuerdo", section: "/nacion", hoursAgo: -1 });
  corpus.documents.push({ ...foreign, canonical_url: ORIGINAL });
  site = await startSiteServer({ corpus });
}, 300_000);

afterAll(async () => {
  await site?.close();
});

describe("a story whose canonical_url is absolute", () => {
  it("is served at its path, no redirect first, with its original URL as canonical", async () => {
    const page = await get(PATH);
    expect(page.location).toBeUndefined();
    expect(page.status).toBe(200);
    expect(page.body).toContain("Cumbre del clima termina sin acuerdo</h1>");
    expect(page.body).toContain(`<link rel="canonical" href="${ORIGINAL}"/>`);
  });

  it("is linked from cards at that path, which answers at once", async () => {
    const section = await get("/nacion/");
    expect(section.status).toBe(200);
    const hrefs = [...section.body.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toContain(PATH);
    expect(hrefs.some((href) => href.startsWith("https://www.example.com"))).toBe(false);
    expect((await get(PATH)).status).toBe(200);
  });

  it("leaves every other address of a route to its trailing slash", async () => {
    expect(await get("/nacion")).toMatchObject({ status: 301, location: "/nacion/" });
    expect(await get("/nacion/no-existe.html")).toMatchObject({ status: 301, location: "/nacion/no-existe.html/" });
  });
});
