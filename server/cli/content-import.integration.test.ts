import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalSources } from "../content/backends/local";
import { openTestStore, type TestStore } from "../content/testing/stores";
import { importContent, summaryLine } from "./content-import";

const repoRoot = path.resolve(import.meta.dirname, "../..");
// shared/ sits beside the repository, here and in CI.
const fixtures = process.env.ANS_FIXTURES_DIR ?? path.resolve(repoRoot, "tests/fixtures/ans");
const elementFixtures = ["code", "header", "interstitial_link", "link_list", "oembed_response", "raw_html", "restricted", "table", "list"];

describe("content import", () => {
  let testStore: TestStore;
  let tmp: string;
  beforeAll(async () => {
    if (!fs.existsSync(fixtures)) throw new Error(`no están los fixtures ANS en ${fixtures} (ANS_FIXTURES_DIR)`);
    testStore = await openTestStore({});
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "content-import-"));
  });
  afterAll(async () => {
    await testStore?.cleanup();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("imports every whole document of the ANS fixtures and skips content elements with a reason", async () => {
    const { store } = testStore;
    const report = await importContent(store, [fixtures], { log: () => {} });
    // story ×4, gallery ×2, video, image, collection; and one author.
    expect(report).toMatchObject({ documents: 9, authors: 1, collections: 1, imported: 10, skipped: elementFixtures.length });
    for (const type of elementFixtures) {
      expect(report.problems.some((line) => line.includes(`es un elemento de contenido «${type}», no un documento`))).toBe(true);
    }
    expect(report.problems.find((line) => line.includes("table-fixture-good.json"))).toMatch(/^.*table-fixture-good\.json: es un elemento/);
    // Several fixtures share the _id "unique ANS id": the later replaces the earlier, and it is said.
    expect(report.notes.some((line) => line.includes("_id «unique ANS id» repetido"))).toBe(true);
    expect(report.notes.some((line) => line.includes("marca «latimes» desconocida"))).toBe(true);
    expect(summaryLine(report)).toBe("Importados: 10 (9 documentos, 1 autores, 1 colecciones); omitidos: 9");

    const { rows } = await store.db.query("SELECT _id, type, brand FROM documents ORDER BY _id");
    expect(rows).toHaveLength(4);
    // Documents without a brand go to semana; the multi-site story keeps its own and gets a stable _id.
    expect(rows.find((row) => row._id === "XYZABC1")).toMatchObject({ type: "gallery", brand: "semana" });
    const multiSite = rows.find((row) => row.brand === "latimes");
    expect(multiSite._id).toMatch(/^[A-Z2-7]{26}$/);

    const sources = new Map(createLocalSources(store).map((source) => [source.name, source]));
    const signal = new AbortController().signal;
    const lakers: any = await sources.get("content-by-url")!.fetch({ website: "latimes", url: "/sports/lakers/yay-lakers-win" }, { signal });
    expect(lakers.headlines.basic).toBe("Lakers Defeat Bulls");
    const authors: any = await sources.get("authors-api")!.fetch({ website: "semana", idAutor: "engelg" }, { signal });
    expect(authors.authors[0]).toMatchObject({ byline: "Greg Engel", slug: "gregory-r-engel" });
    const gallery: any = await sources.get("gallery-by-id")!.fetch({ website: "semana", queryString: "XYZABC1" }, { signal });
    expect(gallery.type).toBe("gallery");

    // Importing again changes nothing: same ids, same rows.
    const again = await importContent(store, [fixtures], { log: () => {} });
    expect(again.documents).toBe(9);
    const { rows: after } = await store.db.query("SELECT count(*)::int AS n FROM documents");
    expect(after[0].n).toBe(4);
  });

  it("reports a broken file or document as file: reason and imports the rest, with progress", async () => {
    const { store } = testStore;
    const folder = path.join(tmp, "mixed");
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, "roto.json"), "{ no es json");
    const stories = Array.from({ length: 450 }, (_, i) => ({
      _id: `IMP${i}`,
      type: "story",
      canonical_url: `/nacion/articulo/importada-${i}/`,
      headlines: { basic: `Importada ${i}` },
    }));
    stories.push({ _id: "IMP-DUP-URL", type: "story", canonical_url: "/nacion/articulo/importada-3/", headlines: { basic: "Otra con la misma URL" } });
    fs.writeFileSync(path.join(folder, "lote.json"), JSON.stringify({ type: "results", content_elements: [...stories, 42, { _id: "sin-tipo" }] }));
    const progress: string[] = [];
    const report = await importContent(store, [folder, path.join(tmp, "no-existe.json")], { log: (line) => progress.push(line), progressEvery: 200 });
    expect(report.documents).toBe(450);
    expect(report.problems).toEqual([
      `${path.join(tmp, "no-existe.json")}: no existe`,
      `${path.join(folder, "lote.json")}[451]: no es un objeto JSON`,
      `${path.join(folder, "lote.json")}[452]: falta type: no es un documento ANS`,
      expect.stringMatching(/roto\.json: JSON no válido/),
      `${path.join(folder, "lote.json")}[450]: canonical_url «/nacion/articulo/importada-3/» ya pertenece a otro documento de la marca semana`,
    ]);
    expect(progress).toEqual(["… 200 de 451 documentos procesados", "… 400 de 451 documentos procesados"]);
  });

  it("takes out the body elements and images whose URLs no rule allows, says where, and imports the rest of the document", async () => {
    const { store } = testStore;
    const file = path.join(tmp, "urls.json");
    const hostile = {
      _id: "IMP-URLS",
      type: "story",
      canonical_url: "/nacion/articulo/urls-hostiles/",
      headlines: { basic: "Una nota con enlaces hostiles" },
      promo_items: {
        basic: { type: "image", url: "javascript:alert(1)" },
        lead_art: { type: "image", url: "/images/bien.jpg", promo_image: { url: "//evil.example/x.jpg" } },
      },
      content_elements: [
        { _id: "p1", type: "text", content: "Primer párrafo que se queda." },
        { _id: "i1", type: "image", url: "data:image/svg+xml,<svg onload=alert(1)>" },
        { _id: "i2", type: "image", url: "/images/se-queda.jpg" },
        {
          _id: "l1",
          type: "link_list",
          items: [
            { type: "interstitial_link", url: "java\tscript:alert(1)", content: "Mala" },
            { type: "interstitial_link", url: "/nacion/buena/", content: "Buena", thumbImage: "vbscript:x" },
          ],
        },
        { _id: "s1", type: "interstitial_link", url: "//evil.example/robo", content: "Suelta" },
        { _id: "r1", type: "raw_html", content: '<iframe src="https://evil.example/phish" width="100%"></iframe>' },
        { _id: "r2", type: "raw_html", content: '<iframe src="https://www.youtube.com/embed/abc"></iframe>' },
        { _id: "o1", type: "oembed_response", raw_oembed: { url: "javascript:x()", html: "<blockquote>x</blockquote>" } },
        {
          _id: "q1",
          type: "quote",
          content_elements: [
            { _id: "qi", type: "image", url: "javascript:x()" },
            { _id: "qt", type: "text", content: "Cita." },
          ],
        },
        { _id: "p2", type: "text", content: "Último párrafo que se queda." },
      ],
    };
    const offGroup = {
      _id: "IMP-REDIR",
      type: "redirect",
      canonical_url: "/nacion/redir/",
      related_content: { redirect: [{ redirect_url: "https://evil.example/" }] },
    };
    fs.writeFileSync(file, JSON.stringify([hostile, offGroup]));
    const report = await importContent(store, [file], { log: () => {} });
    expect(report.documents).toBe(2);
    expect(report.problems).toEqual([]);
    // A redirect off the group's sites is kept (pages refuse it) and said.
    expect(report.notes).toContainEqual(
      expect.stringMatching(/urls\.json\[1\]: related_content\.redirect\[0\]\.redirect_url: «https:\/\/evil\.example\/» no es de los sitios del grupo/),
    );
    const notes = report.notes.filter((line) => line.includes("urls.json[0]"));
    for (const where of [
      "promo_items.basic.url",
      "promo_items.lead_art.promo_image.url",
      "content_elements[1].url",
      "content_elements[3].items[0].url",
      "content_elements[3].items[1].thumbImage",
      "content_elements[4].url",
      "content_elements[5].content",
      "content_elements[7].raw_oembed.url",
      "content_elements[8].content_elements[0].url",
    ]) {
      expect(
        notes.some((line) => line.includes(`urls.json[0]: ${where}: `)),
        where,
      ).toBe(true);
    }
    expect(notes).toHaveLength(9);
    const { rows } = await store.db.query<{ document: any }>("SELECT document FROM documents WHERE _id = 'IMP-URLS'");
    const stored = rows[0].document;
    expect(stored.content_elements.map((e: any) => e._id)).toEqual(["p1", "i2", "l1", "r2", "q1", "p2"]);
    expect(stored.content_elements[2].items).toEqual([{ type: "interstitial_link", url: "/nacion/buena/", content: "Buena" }]);
    expect(stored.content_elements[4].content_elements.map((e: any) => e._id)).toEqual(["qt"]);
    expect(stored.promo_items.basic).toBeUndefined();
    expect(stored.promo_items.lead_art).toEqual({ type: "image", url: "/images/bien.jpg" });
    expect(JSON.stringify(stored)).not.toMatch(/javascript|vbscript|evil\.example|data:image/);
  });

  it("as a command: prints the summary and exits 1 when nothing could be imported", async () => {
    const run = promisify(execFile);
    const env = { ...process.env, DATA_DIR: path.join(tmp, "data"), DATABASE_URL: "" };
    const tsx = path.join(repoRoot, "node_modules/.bin/tsx");
    const script = path.join(repoRoot, "server/cli/content-import.ts");
    const ok = await run(tsx, [script, path.join(fixtures, "story-fixture-good.json")], { env, cwd: repoRoot });
    expect(ok.stdout).toMatch(/^Importados: 1 \(1 documentos, 0 autores, 0 colecciones\); omitidos: 0 en \d+ ms$/m);
    const failed = await run(tsx, [script, path.join(fixtures, "table-fixture-good.json")], { env, cwd: repoRoot }).catch((error) => error);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/omitido: .*table-fixture-good\.json: es un elemento de contenido «table», no un documento/);
    expect(failed.stdout).toMatch(/Importados: 0 .*omitidos: 1/);
  }, 120_000);
});
