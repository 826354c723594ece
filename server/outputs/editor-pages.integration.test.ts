// An editor adds a feed the way they add a page (docs/decisions/0016-output-types.md): a JSON file
// in page-definitions/ is served at its route with no code change, and a broken one is refused by
// `npm run validate:pages` at its line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalSources } from "../content/backends/local";
import { makeTestCorpus } from "../content/testing/corpus";
import { contentTestTargets, openTestStore, type TestStore } from "../content/testing/stores";
import { projectRegistry } from "../project";
import { loadLayoutRules, loadPages } from "../load-pages";
import { createSite } from "../site";
import { silentLogger } from "../../platform/log";
import { parseXml, rssProblems } from "../../tests/support/xml";

const root = path.resolve(import.meta.dirname, "../..");
const fixtures = path.join(root, "tests/fixtures/pages");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "paginas-"));
let content: TestStore;

beforeAll(async () => {
  content = await openTestStore(contentTestTargets[0][1](), makeTestCorpus());
});

afterAll(async () => {
  await content?.cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("an editor's new feed page", () => {
  it("is served at its route from its JSON file alone", async () => {
    // The project's pages plus the editor's file, as a pull request would add it.
    fs.cpSync(path.join(root, "page-definitions"), tmp, { recursive: true });
    fs.copyFileSync(path.join(fixtures, "feed-new.json"), path.join(tmp, "semana", "lo-ultimo-de-nacion.json"));
    const registry = projectRegistry(createLocalSources(content.store, { logger: silentLogger }));
    const pages = loadPages(registry, tmp);
    const site = createSite({ registry, pages, layoutRules: loadLayoutRules(pages, tmp), logger: silentLogger });
    const origin = "https://www.semana.com";
    const answer = await site.output(new URL("/arc/outboundfeeds/rss/lo-ultimo-de-nacion/", origin), "semana", origin);
    expect(answer?.kind).toBe("output");
    if (answer?.kind !== "output") return;
    expect(answer.output.contentType).toBe("application/rss+xml; charset=utf-8");
    const document = parseXml(answer.output.body);
    expect(rssProblems(document)).toEqual([]);
    const links = [...document.getElementsByTagName("item")].map((item) => item.getElementsByTagName("link")[0].textContent!);
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(10);
    expect(links.every((link) => link.startsWith("https://www.semana.com/nacion/"))).toBe(true);
    // Without the file, the route is no output page.
    const without = loadPages(registry);
    const plain = createSite({ registry, pages: without, layoutRules: loadLayoutRules(without), logger: silentLogger });
    expect(await plain.output(new URL("/arc/outboundfeeds/rss/lo-ultimo-de-nacion/", origin), "semana", origin)).toBeUndefined();
  });

  it("without a content source is refused by npm run validate:pages at the block's line", () => {
    const file = path.join(fixtures, "feed-broken.json");
    const text = fs.readFileSync(file, "utf8");
    const line = text.split("\n").findIndex((l) => l.includes('"settings"')) + 1;
    const result = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "server/cli/validate-pages.ts"), file], {
      cwd: root,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(
      new RegExp(
        `^tests/fixtures/pages/feed-broken\\.json:${line}:\\d+  /regions/items/0/settings  una página de salida «rss» necesita una fuente de contenido`,
        "m",
      ),
    );
    expect(result.stdout.trim().split("\n")).toHaveLength(1);
  });
});
