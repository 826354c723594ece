// Page validation on a parsed page definition, wherever it came from: the combined JSON Schema (ajv:
// allErrors, useDefaults, strict; compiled once) and the checks a schema cannot make — block ids
// unique in a page, routes and templates unique in a brand, regions known to the layout, content
// sources known and each query valid for its source. Each finding names its JSON pointer and value;
// tooling/page-files.ts turns them into file:line:column for the files editors write.
import Ajv, { type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import { joinPointer } from "./json-pointer";
import { redirectParameters } from "./redirects";
import { blockOutputTypes, type Registry } from "./registry";
import { HTML_OUTPUT, type BlockInstance, type JsonSchema, type PageContext, type PageDefinition } from "./types";

/** One thing wrong in a page definition: where (a JSON pointer), what, and the offending value. */
export interface Finding {
  pointer: string;
  message: string;
  value?: unknown;
  /** Located at the property's name rather than at its value (an unknown or misplaced property). */
  atKey?: boolean;
}

const TYPE_NAMES: Record<string, string> = {
  integer: "un número entero",
  number: "un número",
  string: "un texto entre comillas",
  boolean: "true o false",
  object: "un objeto { }",
  array: "una lista [ ]",
  null: "null",
};

export interface PageCheckerOptions {
  /** The brand a page without a valid brand is checked as (sample contexts for queries). */
  defaultBrand: string;
  /** The page schema with registered names (buildPageSchema). */
  pageSchema: JsonSchema;
  /** Block type → settings schema with common settings inlined (buildSettingsSchemas). */
  settingsSchemas: Record<string, JsonSchema>;
  registry: Registry;
  /** Where a redirect page may send readers; without it every URL is accepted. */
  isRedirectTarget?: RedirectTargetCheck;
  /**
   * The article a template page's blocks are checked against (they read the current article), and
   * its path. The runtime knows no content format: the server gives one of its own.
   */
  templateSample?: { article: unknown; path: string };
}

/**
 * Where a redirect page may send readers (docs/decisions/0022-redirect-pages.md): the server's rule
 * (a path of the site or an address of the group's sites).
 */
export type RedirectTargetCheck = (url: string) => boolean;

export interface PageChecker {
  /** One page's findings, and the page with its defaults applied when it has none. */
  check(page: unknown): { page?: PageDefinition; findings: Finding[] };
}

export function createPageChecker({ pageSchema, settingsSchemas, registry, defaultBrand, isRedirectTarget, templateSample }: PageCheckerOptions): PageChecker {
  // Compiled once: the page, then each block type's settings (which also fills in their defaults).
  const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: true, verbose: true });
  addFormats(ajv);
  const validatePage = ajv.compile(pageSchema);
  const validateSettings = new Map(Object.entries(settingsSchemas).map(([type, schema]) => [type, ajv.compile(schema)]));
  const blockTypes = [...registry.blocks.keys()].sort();
  const samples: Samples = { defaultBrand, templateSample };

  function check(page: any): { page?: PageDefinition; findings: Finding[] } {
    const findings: Finding[] = [];
    const report: Report = (pointer, message, value, atKey = false) => {
      findings.push({ pointer, message, ...(value !== undefined ? { value } : {}), ...(atKey ? { atKey } : {}) });
    };
    const reportAjv = (errors: ErrorObject[] | null | undefined, prefix = "") => {
      for (const error of relevantErrors(errors ?? [])) {
        const { pointer, message, value, atKey } = describeAjvError(error, page, blockTypes);
        report(prefix + pointer, message, value, atKey);
      }
    };
    if (!validatePage(page)) reportAjv(validatePage.errors);
    if (!page || typeof page !== "object" || Array.isArray(page)) return { findings };
    forEachBlock(page, (block, pointer) => {
      const validate = validateSettings.get(block.type);
      if (validate && block.settings && typeof block.settings === "object" && !validate(block.settings)) {
        reportAjv(validate.errors, `${pointer}/settings`);
      }
    });
    checkPageSemantics(page, registry, report, findings, samples);
    if (page.redirect !== undefined) checkRedirect(page, report, isRedirectTarget);
    if (findings.length) return { findings };
    // A redirect page has no blocks: it is given its empty regions, as every page has some.
    page.regions ??= {};
    return { page: page as PageDefinition, findings };
  }

  return { check };
}

/**
 * The checks across the pages of a site: page ids unique, and routes (by shape) and templates unique
 * within a brand. Each clash is reported on the later page, naming the earlier one.
 */
export function pageClashes<P extends { name: string; page: unknown }>(pages: P[]): Array<{ of: P; finding: Finding }> {
  const clashes: Array<{ of: P; finding: Finding }> = [];
  const seen = new Map<string, string>();
  for (const entry of pages) {
    const page = entry.page as any;
    if (!page || typeof page !== "object") continue;
    const clash = (key: string, pointer: string, message: (other: string) => string, value: unknown) => {
      const other = seen.get(key);
      if (other) clashes.push({ of: entry, finding: { pointer, message: message(other), value } });
      else seen.set(key, entry.name);
    };
    if (typeof page.id === "string") clash(`id:${page.id}`, "/id", (o) => `id de página repetido: ya lo usa ${o}`, page.id);
    if (typeof page.route === "string") {
      clash(`route:${page.brand}:${routeShape(page.route)}`, "/route", (o) => `la ruta choca con la de ${o} (misma marca «${page.brand}»)`, page.route);
    }
    if (typeof page.template === "string") {
      clash(`template:${page.brand}:${page.template}`, "/template", (o) => `plantilla repetida en la marca «${page.brand}»: ya la define ${o}`, page.template);
    }
  }
  return clashes;
}

type Report = (pointer: string, message: string, value?: unknown, atKey?: boolean) => void;

/** What the sample contexts for a block's queries are made of. */
interface Samples {
  defaultBrand: string;
  templateSample?: { article: unknown; path: string };
}

export function routeShape(route: string): string {
  return route.replace(/:[a-zA-Z]+/g, ":");
}

function checkPageSemantics(page: any, registry: Registry, report: Report, findings: Finding[], samples: Samples) {
  const outputType: string = typeof page.outputType === "string" ? page.outputType : HTML_OUTPUT;
  const output = outputType === HTML_OUTPUT ? undefined : registry.outputTypes.get(outputType);
  // An HTML page has a layout; a page of another output type (a feed, a sitemap) is written by its
  // renderer and has none (docs/decisions/0016-output-types.md).
  if (outputType === HTML_OUTPUT && page.layout === undefined && page.redirect === undefined) {
    report("", "falta la propiedad obligatoria «layout» (diseño de la página)");
  }
  if (outputType !== HTML_OUTPUT) {
    if (page.layout !== undefined) report("/layout", `una página de salida «${outputType}» no tiene diseño: quite «layout»`, page.layout, true);
    if (page.template !== undefined) report("/template", `una página de salida «${outputType}» se sirve en una ruta, no como plantilla`, page.template);
  }
  const layout = typeof page.layout === "string" ? registry.layouts.get(page.layout) : undefined;
  const frame = output ?? layout;
  const frameName = output ? `la salida «${outputType}»` : `el diseño «${layout?.name}»`;
  const regions = page.regions && typeof page.regions === "object" ? page.regions : {};
  const ids = new Map<string, string>();
  for (const region of Object.keys(regions)) {
    if (frame && !frame.regions.includes(region)) {
      report(joinPointer("regions", region), `la región «${region}» no existe en ${frameName}; regiones: ${frame.regions.join(", ")}`, region, true);
    }
  }
  checkParamChecks(page, registry, report);
  let published = 0;
  let fetching = 0;
  let firstPublished: string | undefined;
  forEachBlock(page, (block, pointer) => {
    const server = registry.blocks.get(block.type);
    const allowed = blockOutputTypes(server);
    if (server && !allowed.includes(outputType)) {
      report(
        `${pointer}/type`,
        `el bloque «${block.type}» no se puede usar en una página de salida «${outputType}» (solo en: ${allowed.join(", ")})`,
        block.type,
      );
    }
    if (output?.needsContent && block.settings?.published === true && server?.fetch) {
      published++;
      firstPublished ??= pointer;
      try {
        if (Object.keys(server.fetch(block.settings, sampleContext(page, samples, registry)) ?? {}).length > 0) fetching++;
      } catch {
        // Reported with the block's queries below.
      }
    }
    if (typeof block.id === "string") {
      const first = ids.get(block.id);
      if (first) report(`${pointer}/id`, `id de bloque repetido en la página: ya lo usa ${first}`, block.id);
      else ids.set(block.id, pointer);
    }
    // Queries and the block's own checks run only for blocks whose settings passed the schema.
    if (findings.some((p) => p.pointer === pointer || p.pointer.startsWith(pointer + "/"))) return;
    for (const { setting, message } of server?.settingsProblems?.(block.settings ?? {}) ?? []) {
      report(`${pointer}/settings/${setting}`, message, block.settings?.[setting]);
    }
    checkBlockQueries(page, block, pointer, registry, report, samples);
  });
  // A feed or sitemap lists content: without a published block that fetches some, it would be empty.
  if (output?.needsContent && fetching === 0) {
    report(
      firstPublished ? `${firstPublished}/settings` : "/regions",
      published
        ? `una página de salida «${outputType}» necesita una fuente de contenido: este bloque no pide ninguna (agregue "contentConfig": { "source": …, "query": … })`
        : `una página de salida «${outputType}» necesita al menos un bloque publicado que pida contenido`,
    );
  }
}

/**
 * A redirect page (docs/decisions/0022-redirect-pages.md) is a route that answers a redirect: no
 * template, layout, output type or blocks; its URL names only parameters of the route and goes where
 * the server allows.
 */
function checkRedirect(page: any, report: Report, isTarget?: RedirectTargetCheck) {
  const redirect = page.redirect;
  if (!redirect || typeof redirect !== "object" || typeof redirect.url !== "string") return;
  if (page.template !== undefined) report("/template", "una página de redirección se sirve en una ruta, no como plantilla", page.template);
  if (page.layout !== undefined) report("/layout", "una página de redirección no tiene diseño: quite «layout»", page.layout, true);
  if (page.outputType !== undefined && page.outputType !== HTML_OUTPUT)
    report("/outputType", "una página de redirección no tiene tipo de salida: quite «outputType»", page.outputType, true);
  const regions = page.regions && typeof page.regions === "object" ? page.regions : {};
  for (const [region, blocks] of Object.entries<any>(regions)) {
    if (Array.isArray(blocks) && blocks.length > 0) {
      report(joinPointer("regions", region), "una página de redirección no muestra bloques: quite sus bloques (o «regions»)", region, true);
    }
  }
  const routeParams = typeof page.route === "string" ? [...page.route.matchAll(/:([a-zA-Z]+)/g)].map((m) => m[1]) : [];
  const named = redirectParameters(redirect.url);
  for (const name of named) {
    if (!routeParams.includes(name)) {
      const where = routeParams.length ? `parámetros de la ruta: ${routeParams.join(", ")}` : "la ruta no tiene parámetros";
      report("/redirect/url", `«{${name}}» no es un parámetro de la ruta${suggest(name, routeParams)} (${where})`, redirect.url);
    }
  }
  // Checked with a sample value in each {param}: the server fills them in percent-encoded.
  const sample = redirect.url.replace(/\{[a-zA-Z]+\}/g, "ejemplo");
  if (isTarget && !isTarget(sample)) {
    report(
      "/redirect/url",
      "destino no permitido: una ruta del sitio («/suscripciones/») o una dirección http(s) de uno de los sitios del grupo",
      redirect.url,
    );
  }
}

/** Each declared parameter check names a parameter of the route and a check the server knows. */
function checkParamChecks(page: any, registry: Registry, report: Report) {
  const routeParams = typeof page.route === "string" ? [...page.route.matchAll(/:([a-zA-Z]+)/g)].map((m) => m[1]) : [];
  const known = [...registry.existenceChecks.keys()].sort();
  const declared = page.params && typeof page.params === "object" ? page.params : {};
  // Without a check a parameterised route would answer 200 for anything (/noticias/lo-que-sea/).
  for (const param of routeParams) {
    if (!(param in declared))
      report(
        "/route",
        `el parámetro «${param}» no declara qué debe existir: agregue "params": { "${param}": { "mustExist": "…" } } (${known.join(", ")})`,
        page.route,
      );
  }
  for (const [param, check] of Object.entries<any>(declared)) {
    if (!routeParams.includes(param)) {
      const where = routeParams.length ? `parámetros de la ruta: ${routeParams.join(", ")}` : "la página no tiene parámetros de ruta";
      report(joinPointer("params", param), `«${param}» no es un parámetro de la ruta${suggest(param, routeParams)} (${where})`, param, true);
    }
    const name = check?.mustExist;
    if (typeof name === "string" && !registry.existenceChecks.has(name)) {
      report(joinPointer("params", param, "mustExist"), `comprobación de existencia desconocida${suggest(name, known)} (conocidas: ${known.join(", ")})`, name);
    }
  }
}

function forEachBlock(page: any, visit: (block: any, pointer: string) => void) {
  const regions = page.regions && typeof page.regions === "object" ? page.regions : {};
  for (const [region, blocks] of Object.entries<any>(regions)) {
    if (!Array.isArray(blocks)) continue;
    blocks.forEach((block: any, index: number) => {
      if (block && typeof block === "object") visit(block, joinPointer("regions", region, index));
    });
  }
}

function checkBlockQueries(page: any, block: BlockInstance, pointer: string, registry: Registry, report: Report, samples: Samples) {
  const definition = registry.blocks.get(block.type);
  if (!definition?.fetch) return;
  const settings = block.settings ?? {};
  const configPointer = `${pointer}/settings/contentConfig`;
  const config = settings.contentConfig;
  if (config && !registry.sources.has(config.source)) {
    report(
      `${configPointer}/source`,
      `fuente de contenido desconocida «${config.source}»${suggest(config.source, [...registry.sources.keys()])}`,
      config.source,
    );
    return;
  }
  let specs;
  try {
    specs = definition.fetch(settings, sampleContext(page, samples, registry));
  } catch (error) {
    report(`${pointer}/settings`, `el bloque no pudo armar su consulta con estos ajustes: ${(error as Error).message}`);
    return;
  }
  for (const spec of Object.values(specs)) {
    const source = registry.sources.get(spec.source);
    if (!source) {
      report(`${pointer}/type`, `el bloque «${block.type}» pide la fuente desconocida «${spec.source}»`, spec.source);
      continue;
    }
    const parsed = source.query.safeParse(spec.query);
    if (parsed.success) continue;
    for (const issue of parsed.error.issues) {
      const param = String(issue.path[0] ?? (issue as any).keys?.[0] ?? "");
      const value = param ? (spec.query as any)[param] : undefined;
      const where =
        config && param && param in (config.query ?? {})
          ? `${configPointer}/query/${param}`
          : param && param in settings
            ? `${pointer}/settings/${param}`
            : config
              ? `${configPointer}/query`
              : `${pointer}/settings`;
      report(where, `consulta inválida para la fuente «${spec.source}»: ${param ? `parámetro «${param}»: ` : ""}${issue.message}`, value);
    }
  }
}

function sampleContext(page: any, samples: Samples, registry: Registry): PageContext {
  const route: string = typeof page.route === "string" ? page.route : "/";
  const params: Record<string, string> = {};
  // Each parameter takes a value its existence check names (a month for "month"), else "ejemplo".
  const sample = (name: string) => {
    const check = page.params?.[name]?.mustExist;
    return (typeof check === "string" && registry.existenceChecks.get(check)?.example) || "ejemplo";
  };
  const path = route.replace(/:([a-zA-Z]+)\*?/g, (_, name) => ((params[name] = sample(name)), params[name])).replace("*", "ejemplo");
  return {
    brand: typeof page.brand === "string" ? page.brand : samples.defaultBrand,
    path,
    params,
    query: {},
    ...(page.template && samples.templateSample ? { article: samples.templateSample.article, path: samples.templateSample.path } : {}),
  };
}

/** Drops errors that only restate another one (the "if" of each block branch, the oneOf branches). */
function relevantErrors(errors: ErrorObject[]): ErrorObject[] {
  return errors.filter((e) => {
    if (e.keyword === "if") return false;
    return !e.schemaPath.startsWith("#/oneOf/");
  });
}

function describeAjvError(error: ErrorObject, page: any, blockTypes: string[]): { pointer: string; message: string; value?: unknown; atKey?: boolean } {
  const pointer = error.instancePath;
  const value = error.data;
  const p = error.params as any;
  switch (error.keyword) {
    case "type":
      return { pointer, message: `debe ser ${TYPE_NAMES[p.type] ?? p.type}`, value };
    case "minimum":
    case "exclusiveMinimum":
      return { pointer, message: p.limit === 0 ? "no puede ser negativo" : `debe ser mayor o igual a ${p.limit}`, value };
    case "maximum":
    case "exclusiveMaximum":
      return { pointer, message: `debe ser menor o igual a ${p.limit}`, value };
    case "minLength":
      return { pointer, message: p.limit === 1 ? "no puede estar vacío" : `debe tener al menos ${p.limit} caracteres`, value };
    case "maxLength":
      return { pointer, message: `debe tener como máximo ${p.limit} caracteres`, value };
    case "pattern":
      return { pointer, message: `no tiene el formato esperado (${(error.parentSchema as any)?.description ?? p.pattern})`, value };
    case "required":
      return { pointer, message: `falta la propiedad obligatoria «${p.missingProperty}»` };
    case "additionalProperties": {
      const allowed = Object.keys((error.parentSchema as any)?.properties ?? {});
      return {
        pointer: `${pointer}/${p.additionalProperty}`,
        message: `propiedad desconocida «${p.additionalProperty}»${suggest(p.additionalProperty, allowed)}${allowed.length ? ` (permitidas: ${allowed.join(", ")})` : ""}`,
        value: p.additionalProperty,
        atKey: true,
      };
    }
    case "enum": {
      if (/^\/regions\/[^/]+\/\d+\/type$/.test(pointer)) {
        return { pointer, message: `tipo de bloque desconocido${suggest(String(value), blockTypes)} (registrados: ${blockTypes.join(", ")})`, value };
      }
      const allowed: unknown[] = p.allowedValues ?? [];
      return { pointer, message: `valor no permitido${suggest(String(value), allowed.map(String))}; valores posibles: ${allowed.join(", ")}`, value };
    }
    case "const":
      return { pointer, message: `debe ser ${JSON.stringify(p.allowedValue)}`, value };
    case "oneOf":
      if (pointer === "" && page && typeof page === "object") {
        return page.route !== undefined && page.template !== undefined
          ? { pointer: "/template", message: "una página tiene «route» o «template», no ambos", value: page.template }
          : { pointer: "", message: "falta «route» (ruta de la página) o «template» (plantilla de artículo)" };
      }
      return { pointer, message: "no coincide con ninguna de las formas permitidas", value };
    default:
      return { pointer, message: error.message ?? error.keyword, value };
  }
}

/** "; ¿quiso decir «x»?" when a known name is close to the given one. */
export function suggest(given: string, known: string[]): string {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(given.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(given.length / 3)) ? `; ¿quiso decir «${best}»?` : "";
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}
