// The checks on one page that a schema cannot make: regions known to its layout or output type, block
// ids unique in the page, route parameters declared and checked, a redirect page's target, content
// sources known and each block's queries valid for their source, asked with a sample request context,
// and its publication windows (docs/decisions/0073-publication-schedules.md).
import { suggest, type Finding, type Report } from "./findings";
import { joinPointer } from "./json-pointer";
import { redirectParameters } from "./redirects";
import { blockOutputTypes, type Registry } from "./registry";
import { parseInstant } from "./schedule";
import { DATE_TIME_MESSAGE } from "./schema-findings";
import { HTML_OUTPUT, SCHEDULE_SETTINGS, type BlockInstance, type PageContext } from "./types";

/**
 * Where a redirect page may send readers (docs/decisions/0022-redirect-pages.md): the server's rule
 * (a path of the site or an address of the group's sites).
 */
export type RedirectTargetCheck = (url: string) => boolean;

/** What the sample contexts for a block's queries are made of. */
export interface Samples {
  defaultBrand: string;
  templateSample?: { article: unknown; path: string };
}

export function checkPageSemantics(page: any, registry: Registry, report: Report, findings: Finding[], samples: Samples) {
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
  checkSchedules(page, report, findings);
}

/**
 * A redirect page (docs/decisions/0022-redirect-pages.md) is a route that answers a redirect: no
 * template, layout, output type or blocks; its URL names only parameters of the route and goes where
 * the server allows.
 */
export function checkRedirect(page: any, report: Report, isTarget?: RedirectTargetCheck) {
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

/**
 * Every publication window of a page, its own and its blocks' (docs/decisions/0073-publication-schedules.md):
 * each value a date-time with its offset (the schema's format words what it finds first), publishUntil
 * after publishFrom, and no window on a template, which the layout rules may choose at any time.
 */
function checkSchedules(page: any, report: Report, findings: Finding[]) {
  checkWindow(page, "", report, findings);
  if (page.template !== undefined) {
    for (const name of SCHEDULE_SETTINGS) {
      if (page[name] !== undefined)
        report(`/${name}`, `una plantilla se usa siempre que las reglas de diseño la eligen: quite «${name}» (programe sus bloques)`, page[name], true);
    }
  }
  forEachBlock(page, (block, pointer) => {
    if (block.settings && typeof block.settings === "object") checkWindow(block.settings, `${pointer}/settings`, report, findings);
  });
}

function checkWindow(window: any, at: string, report: Report, findings: Finding[]) {
  const instants: Partial<Record<(typeof SCHEDULE_SETTINGS)[number], number>> = {};
  for (const name of SCHEDULE_SETTINGS) {
    const pointer = `${at}/${name}`;
    if (window[name] === undefined || findings.some((f) => f.pointer === pointer)) continue;
    instants[name] = parseInstant(window[name]);
    if (instants[name] === undefined) report(pointer, DATE_TIME_MESSAGE, window[name]);
  }
  const { publishFrom: from, publishUntil: until } = instants;
  if (from !== undefined && until !== undefined && until <= from) {
    report(`${at}/publishUntil`, `la publicación termina antes de empezar: debe ser posterior a «publishFrom» (${window.publishFrom})`, window.publishUntil);
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

export function forEachBlock(page: any, visit: (block: any, pointer: string) => void) {
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
