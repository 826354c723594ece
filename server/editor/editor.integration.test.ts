// The editors' tools over real HTTP: absent in production; with EDITOR=1, hostile paths and broken
// bodies get a 400, a save with problems a 422 naming them, and a good save changes only its values,
// inside a temporary copy of page-definitions/ (docs/decisions/0018-editor-tools.md).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { requestSite } from "../../tests/support/site-http";
import { startSiteServer, type SiteServer } from "../../tests/support/site-server";

const TOOL_URLS = [
  "/_editor/",
  "/_bloques/",
  "/_editor/api/paginas",
  "/_editor/en-vivo.js",
  "/_editor/api/eventos",
  "/_bloques/site-header/0/",
  "/_bloques/api/bloques",
];

describe("editors' tools in production", () => {
  let site: SiteServer;
  beforeAll(async () => {
    site = await startSiteServer();
  });
  afterAll(() => site?.close());

  it("are absent: 404 everywhere, no live-preview script, ?_vista= ignored", async () => {
    for (const url of TOOL_URLS) expect((await fetch(site.origin + url)).status, url).toBe(404);
    const put = await fetch(`${site.origin}/_editor/api/pagina`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(put.status).toBe(404);
    const home = await (await fetch(`${site.origin}/?_vista=abc`)).text();
    expect(home).not.toContain("en-vivo.js");
    expect(site.booted.editor).toBeUndefined();
  });
});

describe("editors' tools with EDITOR=1", () => {
  let site: SiteServer;
  let pagesDir: string;
  beforeAll(async () => {
    pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), "paginas-"));
    fs.cpSync("page-definitions", pagesDir, { recursive: true });
    site = await startSiteServer({ env: { EDITOR: "1", PAGES_DIR: pagesDir } });
  });
  afterAll(async () => {
    await site?.close();
    fs.rmSync(pagesDir, { recursive: true, force: true });
  });
  const put = (body: string) => fetch(`${site.origin}/_editor/api/pagina`, { method: "PUT", headers: { "Content-Type": "application/json" }, body });

  it("answer, and the pages load the live-preview script", async () => {
    const list = await (await fetch(`${site.origin}/_editor/api/paginas`)).json();
    expect(list.pages.some((page: any) => page.file === "semana/home.json")).toBe(true);
    expect(await (await fetch(`${site.origin}/`)).text()).toContain("/_editor/en-vivo.js");
  });

  it("refuse hostile paths and broken bodies with a 400", async () => {
    for (const file of ["../../package.json", "/etc/passwd", "semana/../../x.json", "layout-rules.json", "semana%2F..%2Fx.json"]) {
      const read = await fetch(`${site.origin}/_editor/api/pagina?file=${encodeURIComponent(file)}`);
      expect(read.status, file).toBe(400);
      expect((await put(JSON.stringify({ file: file, page: {} }))).status, file).toBe(400);
    }
    expect((await put("{roto")).status).toBe(400);
    expect((await put("[]")).status).toBe(400);
    expect((await put(JSON.stringify({ file: "semana/home.json" }))).status).toBe(400);
    expect(fs.existsSync(path.join(os.tmpdir(), "x.json"))).toBe(false);
  });

  it("refuse a save with problems (422, located) and write a good one changing only its values", async () => {
    const file = path.join(pagesDir, "semana", "section.json");
    const original = fs.readFileSync(file, "utf8");
    const page = JSON.parse(original);
    page.regions.sidebar[0].settings.feedSize = "cinco";
    const refused = await put(JSON.stringify({ file: "semana/section.json", page: page }));
    expect(refused.status).toBe(422);
    expect((await refused.json()).problems[0]).toMatchObject({ pointer: "/regions/sidebar/0/settings/feedSize", message: "debe ser un número entero" });
    expect(fs.readFileSync(file, "utf8")).toBe(original);
    page.regions.sidebar[0].settings.feedSize = 3;
    expect((await put(JSON.stringify({ file: "semana/section.json", page: page }))).status).toBe(200);
    expect(fs.readFileSync(file, "utf8")).toBe(original.replace('"feedSize": 5,', '"feedSize": 3,'));
  });

  it("save against the version they read: changes on disk to other blocks are merged, to the same block refused with a 409, and nothing is lost", async () => {
    const name = "semana/economia.json";
    const full = path.join(pagesDir, name);
    const saveAgainst = (page: unknown, version?: string, base?: string) => put(JSON.stringify({ file: name, page, version, base }));
    const readPage = async () => (await fetch(`${site.origin}/_editor/api/pagina?file=${name}`)).json();
    const read = await readPage();
    expect(read.version).toMatch(/^[0-9a-f]{16}$/);

    // The editor changes a list's size; meanwhile the disk gets another block and the title changed.
    const mine = JSON.parse(read.text);
    mine.regions.sidebar[0].settings.feedSize = 3;
    const disk = JSON.parse(read.text);
    disk.regions.bottom[0].settings.title = "Columnas";
    disk.metadata.title = "Economía editada en el disco | Semana";
    fs.writeFileSync(full, `${JSON.stringify(disk, null, 2)}\n`);
    const merged = await saveAgainst(mine, read.version, read.text);
    expect(merged.status).toBe(200);
    const answer = await merged.json();
    expect(answer.merged).toEqual({ blocks: ["carrusel-opinion"], keys: ["metadata"], regions: [] });
    const both = structuredClone(disk);
    both.regions.sidebar[0].settings.feedSize = 3;
    expect(fs.readFileSync(full, "utf8")).toBe(`${JSON.stringify(both, null, 2)}\n`);
    expect(answer).toMatchObject({ saved: true, text: fs.readFileSync(full, "utf8"), version: (await readPage()).version });

    // The same block changed on both sides: refused, the file as the disk has it, the disk's text in the answer.
    const mineAgain = JSON.parse(answer.text);
    mineAgain.regions.sidebar[0].settings.feedSize = 4;
    const diskAgain = JSON.parse(answer.text);
    diskAgain.regions.sidebar[0].settings.feedSize = 6;
    const diskText = `${JSON.stringify(diskAgain, null, 2)}\n`;
    fs.writeFileSync(full, diskText);
    const refused = await saveAgainst(mineAgain, answer.version, answer.text);
    expect(refused.status).toBe(409);
    const conflict = await refused.json();
    expect(conflict).toMatchObject({
      error:
        "semana/economia.json cambió en el disco desde que la abrió, en lo mismo que usted: el bloque «lo-ultimo». No se guardó: elija qué versión conservar.",
      disk: { text: diskText, version: (await readPage()).version },
      conflicts: { blocks: ["lo-ultimo"], keys: [], regions: [] },
    });
    expect(fs.readFileSync(full, "utf8")).toBe(diskText);
    // Without the text it started from, a stale save cannot be merged: refused too. A base that is not that version's text: 400.
    expect((await saveAgainst(mineAgain, answer.version)).status).toBe(409);
    expect((await saveAgainst(mineAgain, answer.version, diskText)).status).toBe(400);
    expect(fs.readFileSync(full, "utf8")).toBe(diskText);

    // Keeping the editor's version is a save against the disk's.
    expect((await saveAgainst(mineAgain, conflict.disk.version, conflict.disk.text)).status).toBe(200);
    expect(JSON.parse(fs.readFileSync(full, "utf8")).regions.sidebar[0].settings.feedSize).toBe(4);

    // Removed on disk meanwhile: refused, naming it; a save against "no file" writes it again.
    const last = await readPage();
    fs.rmSync(full);
    const gone = await saveAgainst(mineAgain, last.version, last.text);
    expect(gone.status).toBe(409);
    expect(await gone.json()).toMatchObject({ error: expect.stringContaining("se borró en el disco"), disk: { text: null, version: "none" } });
    expect(fs.existsSync(full)).toBe(false);
    expect((await saveAgainst(mineAgain, "none")).status).toBe(200);
    expect(JSON.parse(fs.readFileSync(full, "utf8"))).toEqual(mineAgain);
    // …and refuses to when a file appeared there since.
    expect((await saveAgainst(mineAgain, "none")).status).toBe(409);

    // A save without a version (scripts) is written over the file, as before.
    mineAgain.regions.sidebar[0].settings.feedSize = 5;
    expect((await saveAgainst(mineAgain)).status).toBe(200);
    expect(JSON.parse(fs.readFileSync(full, "utf8"))).toEqual(mineAgain);
    expect((await put(JSON.stringify({ file: name, page: mineAgain, version: 7 }))).status).toBe(400);
  });

  const pageIdAt = async (url: string) => (await (await fetch(site.origin + url)).text()).match(/data-page-id="([^"]+)"/)?.[1];

  it("preview each page at an address that leads to it: an existing value for its parameters, an article of its template", async () => {
    for (const [file, id] of [
      ["semana/grupo/subseccion.json", "subseccion"],
      ["semana/grupo/tag.json", "tag"],
      ["semana/article-default.json", "article-default"],
    ]) {
      const { previewPath } = await (await fetch(`${site.origin}/_editor/api/pagina?file=${file}`)).json();
      expect(previewPath, file).toMatch(/^\/[^:*]*\/$/);
      expect(await pageIdAt(previewPath), `${file} at ${previewPath}`).toBe(id);
    }
  });

  it("preview a page at the instant asked for (its publication windows), refusing an instant without its offset", async () => {
    const page = JSON.parse(fs.readFileSync(path.join(pagesDir, "semana", "home.json"), "utf8"));
    page.regions.main.unshift({
      type: "message",
      id: "aviso-programado",
      settings: { published: true, title: "Aviso programado", publishFrom: "2026-12-01T06:00:00-05:00" },
    });
    const preview = (instant: string) =>
      fetch(`${site.origin}/_editor/api/vista-previa`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ file: "semana/home.json", page, instant }),
      });
    const shown = async (instant: string) => {
      const { id } = await (await preview(instant)).json();
      return (await (await fetch(`${site.origin}/?_vista=${id}`)).text()).includes("Aviso programado");
    };
    expect(await shown("2026-12-01T05:59:59-05:00")).toBe(false);
    expect(await shown("2026-12-01T11:00:00Z")).toBe(true);
    const refused = await preview("2026-12-01T06:00:00");
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe("«instant» debe ser una fecha y hora ISO 8601 con su zona horaria, p. ej. «2026-12-01T06:00:00-05:00»");
  });

  it("create a page from a layout or by copying another brand's page, refusing bad ones with a 400 or 422", async () => {
    const nueva = (body: unknown) =>
      fetch(`${site.origin}/_editor/api/nueva`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const empty = await nueva({ file: "fucsia/especiales.json", layout: "main-sidebar", route: "/especiales-nuevos/", title: "Especiales | Fucsia" });
    expect(empty.status, await empty.clone().text()).toBe(201);
    const written = JSON.parse(fs.readFileSync(path.join(pagesDir, "fucsia", "especiales.json"), "utf8"));
    expect(written).toMatchObject({
      $schema: "../../schemas/pages.schema.json",
      id: "especiales",
      brand: "fucsia",
      route: "/especiales-nuevos/",
      layout: "main-sidebar",
    });

    const copy = await nueva({ file: "soho/seccion-copiada.json", copyOf: "semana/capsulas.json", route: "/capsulas-soho/" });
    expect(copy.status, await copy.clone().text()).toBe(201);
    const copied = JSON.parse(fs.readFileSync(path.join(pagesDir, "soho", "seccion-copiada.json"), "utf8"));
    expect(copied).toMatchObject({ id: "seccion-copiada", brand: "soho", route: "/capsulas-soho/" });

    expect((await nueva({ file: "fucsia/especiales.json", layout: "main-sidebar", route: "/otra/" })).status).toBe(400); // exists
    expect((await nueva({ file: "../x.json", copyOf: "semana/home.json" })).status).toBe(400);
    expect((await nueva({ file: "semana/copia.json", copyOf: "../../package.json" })).status).toBe(400);
    expect((await nueva({ file: "semana/vacia.json", layout: "no-existe", route: "/x/" })).status).toBe(400);
    expect((await nueva({ file: "semana/vacia.json" })).status).toBe(400);
    // A copy into the same brand with the same route: the validator's problem, nothing written.
    const clash = await nueva({ file: "semana/portada-2.json", copyOf: "semana/home.json" });
    expect(clash.status).toBe(422);
    expect((await clash.json()).problems.length).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(pagesDir, "semana", "portada-2.json"))).toBe(false);

    // The 0.1 keys (archivo, copiarDe, ruta…) are still read for one version, and the answer names the file both ways.
    const old = await nueva({ archivo: "soho/copia-antigua.json", copiarDe: "semana/capsulas.json", ruta: "/capsulas-antiguas/" });
    expect(old.status, await old.clone().text()).toBe(201);
    expect(await old.json()).toMatchObject({ file: "soho/copia-antigua.json", archivo: "soho/copia-antigua.json" });
    expect((await fetch(`${site.origin}/_editor/api/pagina?archivo=soho/copia-antigua.json`)).status).toBe(200);
  });

  it("show a block that reads the article on a real article of its template, alone on the page", async () => {
    const html = await (await fetch(`${site.origin}/_bloques/article-header/0/`)).text();
    expect(html).toMatch(/data-block="article-header"/);
    // A real headline, not the empty state: the header has an <h1> with text.
    expect(html).toMatch(/<h1[^>]*>[^<]{10,}/);
    // Only the example's block: not the template's body or sidebar.
    expect(html).not.toMatch(/data-block="article-body"/);
  });

  it("follow a git checkout of many page files with the live preview: every page told, the site serving the checked-out pages", async () => {
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=Prueba", "-c", "user.email=prueba@example.com", "-c", "commit.gpgsign=false", ...args], {
        cwd: pagesDir,
        stdio: "pipe",
      });
    // The live preview's events, as a tab gets them.
    const events = new AbortController();
    const stream = (await fetch(`${site.origin}/_editor/api/eventos`, { signal: events.signal })).body!.getReader();
    let buffer = "";
    const nextState = async (): Promise<{ version: number; problems: string[]; changed: string[] }> => {
      for (;;) {
        const message = buffer.match(/^event: estado\ndata: (.*)\n\n/m);
        if (message) {
          buffer = buffer.slice(message.index! + message[0].length);
          return JSON.parse(message[1]);
        }
        const chunk = await stream.read();
        if (chunk.done) throw new Error("el servidor cerró los eventos");
        buffer += new TextDecoder().decode(chunk.value);
      }
    };
    /** Reads states until every id in `ids` was told as changed and the files have no problems. */
    const told = async (ids: string[]) => {
      const waiting = new Set(ids);
      for (;;) {
        const state = await nextState();
        for (const id of state.changed) waiting.delete(id);
        if (!waiting.size && !state.problems.length) return;
      }
    };
    const titleOf = async (url: string) => (await (await fetch(site.origin + url)).text()).match(/<title>([^<]*)<\/title>/)?.[1];

    try {
      await nextState(); // the state when the tab connects: the folder is watched from then on
      const folder = path.join(pagesDir, "semana");
      const files = fs
        .readdirSync(folder)
        .filter((name) => name.endsWith(".json") && JSON.parse(fs.readFileSync(path.join(folder, name), "utf8")).metadata?.title);
      expect(files.length).toBeGreaterThan(20);
      const ids = files.map((name) => JSON.parse(fs.readFileSync(path.join(folder, name), "utf8")).id as string);
      const nacion = `${ids[files.indexOf("nacion.json")]} desde git | Semana`;
      const newPage = { ...JSON.parse(fs.readFileSync(path.join(folder, "capsulas.json"), "utf8")), id: "capsulas-git", route: "/capsulas-git/" };
      git("init", "-q", "-b", "principal");
      git("add", "-A");
      git("commit", "-q", "-m", "páginas");
      git("checkout", "-q", "-b", "titulos");
      for (const name of files) {
        const page = JSON.parse(fs.readFileSync(path.join(folder, name), "utf8"));
        page.metadata.title = `${page.id} desde git | Semana`;
        fs.writeFileSync(path.join(folder, name), `${JSON.stringify(page, null, 2)}\n`);
      }
      fs.writeFileSync(path.join(folder, "capsulas-git.json"), `${JSON.stringify(newPage, null, 2)}\n`);
      fs.rmSync(path.join(folder, "informe-de-gestion.json"));
      git("add", "-A");
      git("commit", "-q", "-m", "títulos");
      await told([...ids, "capsulas-git"]);
      expect(await titleOf("/nacion/")).toBe(nacion);

      git("checkout", "-q", "principal");
      await told([...ids, "capsulas-git"]);
      expect(await titleOf("/nacion/")).not.toContain("desde git");
      expect((await fetch(`${site.origin}/capsulas-git/`)).status).toBe(404);
      expect(await titleOf("/informe-de-gestion/")).toBe("Informe de gestión 2025 | Semana");

      git("checkout", "-q", "titulos");
      await told([...ids, "capsulas-git"]);
      expect(await titleOf("/nacion/")).toBe(nacion);
      expect(await pageIdAt("/capsulas-git/")).toBe("capsulas-git");
      expect((await fetch(`${site.origin}/informe-de-gestion/`)).status).toBe(404);
    } finally {
      git("checkout", "-q", "principal");
      fs.rmSync(path.join(pagesDir, ".git"), { recursive: true, force: true });
      events.abort();
    }
  });

  it("say what a page inherits and from which layout file, and open, check and save layout files (docs/decisions/0074-layouts-own-the-shared-blocks.md)", async () => {
    const inheritedBy = async (file: string) => (await fetch(`${site.origin}/_editor/api/heredados?file=${encodeURIComponent(file)}`)).json();
    const home = await inheritedBy("semana/home.json");
    expect(home.layout).toBe("main-sidebar");
    expect(home.regions.header.map((b: any) => [b.id, b.type, b.inherited])).toEqual([
      ["encabezado", "site-header", "_layouts/main-sidebar.json"],
      ["tendencias", "trending-bar", "_layouts/main-sidebar.json"],
    ]);
    // A brand's layout file is written over the every-brand one, which has nothing under it.
    expect((await inheritedBy("forosemana/_layouts/main-sidebar.json")).regions.header.map((b: any) => b.id)).toEqual(["encabezado", "tendencias"]);
    expect((await inheritedBy("_layouts/main-sidebar.json")).regions).toEqual({});

    const list = await (await fetch(`${site.origin}/_editor/api/paginas`)).json();
    expect(list.pages.find((p: any) => p.file === "_layouts/header-main-footer.json")).toMatchObject({
      brand: "todas",
      layoutFile: true,
      layout: "header-main-footer",
    });
    const layoutFile = "_layouts/header-main-footer.json";
    const read = await (await fetch(`${site.origin}/_editor/api/pagina?file=${layoutFile}`)).json();
    // Its preview shows a page that inherits it.
    expect(await pageIdAt(read.previewPath)).toMatch(/./);
    const written = path.join(pagesDir, "_layouts", "header-main-footer.json");
    const original = fs.readFileSync(written, "utf8");
    const layout = JSON.parse(read.text);

    // Without the header, Semana TV's pages, which change it, would break: refused with their problem.
    const broken = structuredClone(layout);
    broken.regions.header = [];
    const refused = await put(JSON.stringify({ file: layoutFile, page: broken }));
    expect(refused.status).toBe(422);
    expect((await refused.json()).problems.map((p: any) => p.message)).toContainEqual(
      expect.stringMatching(/^rompe una página que lo hereda: .*semana-tv\.json:\d+:\d+ {2}\/regions\/header\/1 {2}falta «type»/),
    );
    expect(fs.readFileSync(written, "utf8")).toBe(original);

    layout.regions.header[0].settings.sticky = false;
    expect((await put(JSON.stringify({ file: layoutFile, page: layout }))).status).toBe(200);
    expect(fs.readFileSync(written, "utf8")).toBe(original.replace('"published": true\n        }', '"published": true,\n          "sticky": false\n        }'));
    // The open tabs of every page of that layout reload; those of other layouts do not.
    const { changed } = site.booted.editor!.state();
    expect(changed).toEqual(expect.arrayContaining(["edicion-impresa", "semana-tv", "grupo-acceso"]));
    expect(changed).not.toContain("home");
    fs.writeFileSync(written, original);
    site.booted.editor!.reload();
  });

  it("refuse writes from another site's page and requests for a name that is not this machine's", async () => {
    const hostile = await fetch(`${site.origin}/_editor/api/pagina`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify({ file: "semana/home.json", page: {} }),
    });
    expect(hostile.status).toBe(403);
    // A rebound name (DNS rebinding) reaches this machine with another Host.
    const { status } = await requestSite(site.port, { host: `evil.example:${site.port}`, path: "/_editor/api/paginas" });
    expect(status).toBe(403);
  });

  it("render each example's empty and error states as a reader sees them, without a server error", async () => {
    const { blocks } = await (await fetch(`${site.origin}/_bloques/api/bloques`)).json();
    const urls: string[] = blocks.flatMap((block: any) => (block.output ? [] : block.examples.flatMap((example: any) => example.urls.map((u: any) => u.url))));
    expect(urls.length).toBeGreaterThan(40);
    for (const url of urls) {
      for (const state of ["vacio", "error"]) {
        const answer = await fetch(`${site.origin}${url}?estado=${state}`);
        expect(answer.status, `${url}?estado=${state}`).toBe(200);
      }
    }
    // A listing shows nothing when its source answers nothing or fails; with content, it shows stories.
    const example = blocks.find((block: any) => block.type === "latest-stories").examples[0].urls[0].url;
    const shows = (query = "") => fetch(`${site.origin}${example}${query}`).then(async (r) => (await r.text()).includes('data-block="latest-stories"'));
    expect(await shows()).toBe(true);
    expect(await shows("?estado=vacio")).toBe(false);
    expect(await shows("?estado=error")).toBe(false);
    // Some 170 renders, one after the other: minutes on a loaded machine; the bound only catches a hang.
  }, 300_000);
});
