// The editors' tools over HTTP: the live-preview events and script, the page editor's API, and the
// preview of unsaved pages (?_vista=<id> on any reader URL). Mounted only when the tools are on
// (access.ts); every route answers only requests from this machine. Bad input gets a 400 that says
// what is wrong; nothing from the browser reaches the file system but a validated page path.
import fs from "node:fs";
import path from "node:path";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { brandIds } from "../../domain/brands";
import { blockOutputTypes } from "../../runtime/registry";
import { parseInstant } from "../../runtime/schedule";
import { DATE_TIME_MESSAGE } from "../../runtime/schema-findings";
import { buildSettingsSchemas } from "../../tooling/schema-builder";
import type { Logger } from "../../runtime/types";
import { CACHE_CONTROL } from "../../platform/caching";
import { schemaInput } from "../project";
import { BadPathError, CATALOGUE_PREFIX, EDITOR_PREFIX, localOnly } from "./access";
import { CATALOGUE_STATES } from "./catalogue-sites";
import { buildProblems } from "./build-problems";
import { lookupHandler } from "./lookup";
import { SaveConflict, SaveRefused } from "./page-file";
import type { Workspace } from "./workspace";

/** What a preview request hands the Remix loaders (server/http/app.ts getLoadContext): the draft's site and brand. */
export interface EditorLocals {
  site?: import("../site").Site;
  host?: string;
  /** The path the site answers instead of the request's (a catalogue example shown on an article). */
  path?: string;
}

/** The query-string parameter that asks for an unsaved page's preview. */
const PREVIEW_PARAM = "_vista";

const LIVE_SCRIPT = fs.readFileSync(path.join(import.meta.dirname, "live-client.js"), "utf8");
/** The editor's preview frame's side of click-to-select (docs/decisions/0076-editor-canvas.md). */
const PREVIEW_SCRIPT = fs.readFileSync(path.join(import.meta.dirname, "preview-client.js"), "utf8");

export function createEditorRouter(workspace: Workspace, logger?: Logger): Router {
  const router = express.Router();
  router.use([EDITOR_PREFIX, CATALOGUE_PREFIX], localOnly);
  router.use(`${EDITOR_PREFIX}/api`, (_req, res, next) => {
    res.set("Cache-Control", CACHE_CONTROL.none);
    next();
  });

  // The preview of an unsaved page: the reader URL answered by a site holding the draft, as its brand.
  router.use((req, res, next) => {
    if (!(PREVIEW_PARAM in req.query)) return next();
    localOnly(req, res, () => {
      const draft = workspace.draft(String(req.query[PREVIEW_PARAM]));
      if (!draft) {
        res.status(404).set("Cache-Control", CACHE_CONTROL.none).type("text/plain").send("La vista previa caducó: vuelva a abrirla desde el editor.");
        return;
      }
      const port = req.socket.localPort;
      res.locals.editor = { site: draft.site, host: `${draft.brand}.localhost${port ? `:${port}` : ""}` } satisfies EditorLocals;
      res.set("Cache-Control", CACHE_CONTROL.none);
      next();
    });
  });

  // The catalogue's one-block pages, answered by the reader route with a site that holds them; an
  // example that reads the article is answered at an article of its brand, with the example's page
  // as that article's template; ?estado= shows its empty and error states.
  router.use(`${CATALOGUE_PREFIX}/:type/:example/`, (req, res, next) => {
    const port = req.socket.localPort;
    const at = (brand: string) => `${brand}.localhost${port ? `:${port}` : ""}`;
    const url = `${CATALOGUE_PREFIX}/${req.params.type}/${req.params.example}/`;
    res.set("Cache-Control", CACHE_CONTROL.none);
    const state = CATALOGUE_STATES.find((name) => name === req.query.estado);
    if (state) {
      // ?estado=vacio|error: the example with its sources answering nothing, or failing.
      const brand = workspace.catalogueSite().brandOf(url);
      res.locals.editor = { site: workspace.catalogueState(state), ...(brand ? { host: at(brand) } : {}) } satisfies EditorLocals;
      return next();
    }
    workspace.catalogueArticle(url).then((article) => {
      if (article) {
        res.locals.editor = { site: article.site, host: at(article.brand), path: article.path } satisfies EditorLocals;
      } else {
        const { site, brandOf } = workspace.catalogueSite();
        const brand = brandOf(url);
        res.locals.editor = { site, ...(brand ? { host: at(brand) } : {}) } satisfies EditorLocals;
      }
      next();
    }, next);
  });

  router.get(`${CATALOGUE_PREFIX}/api/bloques`, (_req, res) => {
    res.set("Cache-Control", CACHE_CONTROL.none).json({ blocks: workspace.catalogue() });
  });

  router.get(`${EDITOR_PREFIX}/en-vivo.js`, (_req, res) => {
    res.set("Cache-Control", CACHE_CONTROL.none).type("text/javascript").send(LIVE_SCRIPT);
  });

  router.get(`${EDITOR_PREFIX}/lienzo.js`, (_req, res) => {
    res.set("Cache-Control", CACHE_CONTROL.none).type("text/javascript").send(PREVIEW_SCRIPT);
  });

  // Server-sent events: the state now, then one message per change on disk. The first message goes out
  // once the folder is really watched, so a tab that has it misses no later save.
  router.get(`${EDITOR_PREFIX}/api/eventos`, (req, res, next) => {
    workspace.watch().then(() => {
      if (req.destroyed) return;
      res.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": CACHE_CONTROL.none,
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      });
      // code: the code serving (npm run dev replaces the process, or its build, on every code change:
      // a tab made by another code reloads); build: the problems of a change that did not build
      // (build-problems.ts).
      const send = (state: ReturnType<Workspace["state"]>, initial = false) => {
        res.write(`event: estado\ndata: ${JSON.stringify({ ...state, initial, code: buildProblems.code(), build: buildProblems.current() })}\n\n`);
        (res as any).flush?.();
      };
      // While the server restarts, the browser asks again every 200 ms (its default is seconds).
      res.write("retry: 200\n\n");
      send(workspace.state(), true);
      const unsubscribe = workspace.subscribe((state) => send(state));
      const unsubscribeBuild = buildProblems.subscribe(() => send(workspace.state()));
      const keepAlive = setInterval(() => res.write(": sigo aquí\n\n"), 25_000);
      req.on("close", () => {
        clearInterval(keepAlive);
        unsubscribe();
        unsubscribeBuild();
      });
    }, next);
  });

  const json = express.json({ limit: "2mb", strict: true });

  router.get(`${EDITOR_PREFIX}/api/paginas`, (_req, res) => {
    res.json({ pages: workspace.list(), state: workspace.state() });
  });

  // The file's text and where its preview shows it by default (an existing section, tag, article…).
  router.get(`${EDITOR_PREFIX}/api/pagina`, (req, res, next) => {
    const file = queryText(req, "file");
    const read = workspace.read(file);
    workspace.samplePath(file).then((previewPath) => res.json({ ...read, previewPath }), next);
  });

  // The blocks the page (or a brand's layout file) inherits, each with the layout file it comes from
  // (docs/decisions/0074-layouts-own-the-shared-blocks.md): the editor lists them in place.
  router.get(`${EDITOR_PREFIX}/api/heredados`, (req, res) => {
    res.json(workspace.inherited(queryText(req, "file")));
  });

  // A new page: a copy of another page ({ file, copyOf, route? }) or an empty page of a layout ({ file, layout, route, title? }).
  router.post(`${EDITOR_PREFIX}/api/nueva`, json, (req, res) => {
    const value = objectBody(req, "{ file, copyOf } o { file, layout, route }");
    const file = fileOf(value);
    const [copyOf, layout, route, title] = ["copyOf", "layout", "route", "title"].map((key) => field(value, key));
    if (!(brandIds as string[]).includes(file.split("/")[0]))
      throw new BadPathError(`la carpeta de «${file.slice(0, 80)}» no es una marca (${brandIds.join(", ")})`);
    let from: Parameters<Workspace["create"]>[1];
    if (typeof copyOf === "string") from = { copy: copyOf, ...(typeof route === "string" ? { route } : {}) };
    else if (typeof layout === "string" && typeof route === "string") from = { layout, route, ...(typeof title === "string" ? { title } : {}) };
    else throw new SaveRefused("indique «copyOf» (marca/nombre.json) o «layout» y «route»");
    const { text } = workspace.create(file, from);
    // archivo: the 0.1 key, answered too for one version.
    res.status(201).json({ file, archivo: file, text });
  });

  /** What the editor needs to build its forms: layouts and their regions, brands, blocks and their settings schemas, sources. */
  router.get(`${EDITOR_PREFIX}/api/esquemas`, (_req, res) => {
    const input = schemaInput();
    const settings = buildSettingsSchemas(input);
    res.json({
      brands: brandIds,
      layouts: Object.fromEntries([...workspace.registry.layouts.values()].map((layout) => [layout.name, layout.regions])),
      outputTypes: [...workspace.registry.outputTypes.keys()],
      sources: [...workspace.registry.sources.keys()].sort(),
      blocks: Object.keys(settings)
        .filter((type) => workspace.registry.blocks.has(type))
        .sort()
        .map((type) => ({
          type,
          title: settings[type].title ?? type,
          description: settings[type].description ?? "",
          // The page kinds the block may go on ("html", "rss" …): the palette offers only those of the page.
          outputTypes: blockOutputTypes(workspace.registry.blocks.get(type)),
          schema: settings[type],
        })),
    });
  });

  // What a setting that names a section, a tag, an author… can take: the settings form's pickers.
  router.get(`${EDITOR_PREFIX}/api/buscar`, lookupHandler(workspace.store));

  router.post(`${EDITOR_PREFIX}/api/comprobar`, json, (req, res) => {
    const { file, page } = body(req);
    const { problems } = workspace.check(file, page);
    res.json({ problems });
  });

  // { file, page, instant? }: the preview at an instant ("2026-12-01T06:00:00-05:00"), for the publication windows.
  router.post(`${EDITOR_PREFIX}/api/vista-previa`, json, (req, res) => {
    const { file, page } = body(req);
    res.json(workspace.preview(file, page, previewInstant(req.body.instant)));
  });

  // { file, page, version?, base? }: a save against the version the editor loaded (merged with what
  // changed on disk since, or a 409); without a version, written over the file as it is.
  router.put(`${EDITOR_PREFIX}/api/pagina`, json, (req, res) => {
    const { file, page } = body(req);
    const [version, base] = ["version", "base"].map((key) => {
      const value = (req.body as Record<string, unknown>)[key];
      if (value !== undefined && typeof value !== "string") throw new SaveRefused(`«${key}» debe ser un texto`);
      return value;
    });
    const saved = workspace.save(file, page, { create: req.query.new === "1" || req.query.nueva === "1", version, base });
    res.json({ saved: saved.changed, text: saved.text, version: saved.version, ...(saved.merged ? { merged: saved.merged } : {}) });
  });

  // A bad body, a hostile path, a refused save: 400 (or 422 with the problems), never a crash.
  router.use([EDITOR_PREFIX, CATALOGUE_PREFIX], (error: any, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    if (error instanceof SaveConflict)
      return res.status(409).json({ error: error.message, disk: error.disk, conflicts: error.conflicts, problems: error.problems });
    if (error instanceof SaveRefused) return res.status(error.problems.length ? 422 : 400).json({ error: error.message, problems: error.problems });
    if (error instanceof BadPathError) return res.status(400).json({ error: error.message });
    if (error?.type === "entity.parse.failed") return res.status(400).json({ error: "el cuerpo no es JSON válido" });
    if (error?.type === "entity.too.large") return res.status(413).json({ error: "el cuerpo es demasiado grande" });
    if (typeof error?.status === "number" && error.status >= 400 && error.status < 500) return res.status(400).json({ error: String(error.message ?? error) });
    logger?.error("editor: error", { error: String(error?.stack ?? error) });
    res.status(500).json({ error: "error interno del editor" });
  });
  return router;
}

function queryText(req: Request, name: string): string {
  const value = req.query[name] ?? req.query[OLD_KEYS[name]];
  if (typeof value !== "string") throw new BadPathError(`falta el parámetro «${name}»`);
  return value;
}

/**
 * The API's keys are English; the Spanish keys of 0.1 (archivo, pagina, copiarDe, diseno, ruta,
 * titulo) are still read in this version for scripts written against it (docs/editor-tools.md#from-a-script).
 */
const OLD_KEYS: Record<string, string> = { file: "archivo", page: "pagina", copyOf: "copiarDe", layout: "diseno", route: "ruta", title: "titulo" };
const field = (value: Record<string, unknown>, key: string): unknown => value[key] ?? value[OLD_KEYS[key]];

function objectBody(req: Request, expected: string): Record<string, unknown> {
  const value = req.body;
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new SaveRefused(`se espera un objeto JSON ${expected}`);
  return value;
}

function fileOf(value: Record<string, unknown>): string {
  const file = field(value, "file");
  if (typeof file !== "string") throw new BadPathError("falta «file» (marca/nombre.json)");
  return file;
}

/** The preview's instant, when one is asked for: a date-time with its offset, as publication windows are written. */
function previewInstant(value: unknown): Date | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const ms = parseInstant(value);
  if (ms === undefined) throw new SaveRefused(`«instant» ${DATE_TIME_MESSAGE}`);
  return new Date(ms);
}

function body(req: Request): { file: string; page: unknown } {
  const value = objectBody(req, "{ file, page }");
  const file = fileOf(value);
  const page = field(value, "page");
  if (!page || typeof page !== "object" || Array.isArray(page)) throw new SaveRefused("falta «page» (un objeto)");
  return { file, page };
}
