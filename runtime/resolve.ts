// Resolution: a validated page and a request context in, the blocks to render with their data out.
// Every published block's fetches are planned first, identical {source, query} pairs merged, and
// all started at once, each with a timeout, through the cache (./content-fetch.ts). Blocks whose
// fetch failed or timed out, and blocks with nothing to show, are skipped; diagnostics say why. A
// block whose fetches depend on its first answers names them in a second round (followUp), planned
// the same way. A block outside its publication window is skipped like an unpublished one, and the
// page says when the next window boundary comes (docs/decisions/0073-publication-schedules.md).
import { cacheKey } from "./cache";
import { messageOf, runFetch, type FetchOutcome, type ResolveOptions } from "./content-fetch";
import { frameClassName } from "./page-data";
import type { Registry } from "./registry";
import { earliest, scheduleDetail, windowAt } from "./schedule";
import type {
  BlockDiagnostic,
  BlockServer,
  BlockInstance,
  FetchDiagnostic,
  FetchSpec,
  Logger,
  PageContext,
  PageDefinition,
  ResolvedBlock,
  ResolvedPage,
  SkipReason,
} from "./types";

/** Resolves every region of the page. */
export function resolvePage(page: PageDefinition, context: PageContext, options: ResolveOptions): Promise<ResolvedPage> {
  return resolveBlocks(page, context, options, () => true);
}

/** Resolves one block of the page (load-more requests); undefined when the page has no such block. */
export async function resolveBlock(
  page: PageDefinition,
  blockId: string,
  context: PageContext,
  options: ResolveOptions,
): Promise<{ block?: ResolvedBlock; diagnostic?: BlockDiagnostic }> {
  const resolved = await resolveBlocks(page, context, options, (block) => block.id === blockId);
  const block = Object.values(resolved.regions).flat()[0];
  return { block, diagnostic: resolved.diagnostics[0] };
}

interface PlannedBlock {
  region: string;
  instance: BlockInstance;
  definition?: BlockServer;
  fetches: Array<{ name: string; spec: FetchSpec; key: string }>;
  /** The page context as this block sees it (its own query parameters only). */
  context?: PageContext;
  skipped?: SkipReason;
  detail?: string;
}

function pick(query: Record<string, string>, names: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) if (query[name] !== undefined) picked[name] = query[name];
  return picked;
}

async function resolveBlocks(
  page: PageDefinition,
  context: PageContext,
  options: ResolveOptions,
  include: (block: BlockInstance) => boolean,
): Promise<ResolvedPage> {
  const started = performance.now();
  // A block sees only the query parameters it declares: what the page cache keys on is all it can read.
  const withoutQuery: PageContext = { ...context, query: {} };
  const ownContext = (definition: BlockServer) =>
    definition.queryParams?.length ? { ...context, query: pick(context.query, definition.queryParams) } : withoutQuery;
  // The block a page is paged at (PageContext.paged) reads its feed from that cursor.
  const contextOf = (definition: BlockServer, instance: BlockInstance): PageContext =>
    context.paged?.blockId === instance.id ? { ...ownContext(definition), cursor: { offset: context.paged.offset } } : ownContext(definition);
  const planned: PlannedBlock[] = [];
  const outcomes = new Map<string, Promise<FetchOutcome>>();
  const now = (context.now ?? new Date()).getTime();
  // The next instant a window changes what the page shows: its own, then its blocks'.
  let changesAt = windowAt(page, now).next;

  for (const [region, blocks] of Object.entries(page.regions)) {
    for (const instance of blocks) {
      if (!include(instance)) continue;
      const plan: PlannedBlock = { region, instance, definition: options.registry.blocks.get(instance.type), fetches: [] };
      planned.push(plan);
      if (!instance.settings?.published) {
        plan.skipped = "unpublished";
        continue;
      }
      if (instance.brands && !instance.brands.includes(context.brand)) {
        plan.skipped = "other-brand";
        continue;
      }
      const window = windowAt(instance.settings, now);
      changesAt = earliest(changesAt, window.next);
      if (window.state !== "live") {
        plan.skipped = "scheduled";
        plan.detail = scheduleDetail(instance.settings, window.state);
        continue;
      }
      if (!plan.definition) {
        plan.skipped = "render-error";
        plan.detail = `tipo de bloque no registrado: ${instance.type}`;
        continue;
      }
      try {
        plan.context = contextOf(plan.definition, instance);
        const specs = plan.definition.fetch?.(instance.settings, plan.context) ?? {};
        for (const [name, spec] of Object.entries(specs)) {
          const key = cacheKey(spec.source, spec.query);
          plan.fetches.push({ name, spec, key });
          // Identical fetches of different blocks share one request.
          if (!outcomes.has(key)) outcomes.set(key, runFetch(spec, key, options));
        }
      } catch (error) {
        plan.skipped = "fetch-failed";
        plan.detail = `fetch() del bloque falló: ${messageOf(error)}`;
      }
    }
  }

  const settled = new Map<string, FetchOutcome>();
  await settle(outcomes, settled);
  // The second round: fetches named from the first answers (BlockServer.followUp), also all at once.
  if (planFollowUps(planned, settled, outcomes, options)) await settle(outcomes, settled);

  const regions: Record<string, ResolvedBlock[]> = Object.fromEntries(Object.keys(page.regions).map((r) => [r, []]));
  const diagnostics: BlockDiagnostic[] = [];
  // Plain loops, no closures per block: this runs on every request.
  for (const plan of planned) {
    const fetchDiagnostics: FetchDiagnostic[] = [];
    const raw: Record<string, unknown> = {};
    let failure: FetchOutcome | undefined;
    let slowest = 0;
    for (const { name, spec, key } of plan.fetches) {
      const outcome = settled.get(key)!;
      const ms = round(outcome.ms);
      slowest = Math.max(slowest, ms);
      fetchDiagnostics.push({ name, source: spec.source, query: spec.query, cache: outcome.cache, ms, ...(outcome.error ? { error: outcome.error } : {}) });
      if (outcome.ok) raw[name] = outcome.value;
      else if (!spec.optional && !failure) failure = outcome;
    }
    const diagnostic: BlockDiagnostic = {
      pageId: page.id,
      blockId: plan.instance.id,
      type: plan.instance.type,
      region: plan.region,
      ...(plan.instance.inherited ? { inherited: plan.instance.inherited } : {}),
      fetches: fetchDiagnostics,
      ms: slowest,
    };
    diagnostics.push(diagnostic);
    if (plan.skipped) {
      skip(diagnostic, plan.skipped, plan.detail, options.logger);
      continue;
    }
    if (failure) {
      skip(diagnostic, failure.timedOut ? "timeout" : "fetch-failed", failure.error, options.logger);
      continue;
    }
    const definition = plan.definition!;
    let data: unknown = null;
    try {
      if (definition.transform) data = definition.transform(raw, plan.instance.settings, plan.context!);
      const empty = definition.isEmpty ? definition.isEmpty(data, plan.instance.settings) : answersHaveNoItems(plan.fetches, raw, options.registry);
      if (empty) {
        skip(diagnostic, "empty");
        continue;
      }
    } catch (error) {
      skip(diagnostic, "render-error", `transform/isEmpty falló: ${messageOf(error)}`, options.logger);
      continue;
    }
    const frameClass = frameClassName(plan.instance.settings);
    regions[plan.region].push({
      id: plan.instance.id,
      type: plan.instance.type,
      settings: plan.instance.settings,
      data,
      ...(frameClass ? { frameClass } : {}),
    });
  }

  options.logger?.debug?.("página resuelta", { pageId: page.id, fetches: outcomes.size, ms: round(performance.now() - started) });
  const keys = contentKeys(settled.values());
  return {
    id: page.id,
    brand: page.brand,
    ...(page.route ? { route: page.route } : {}),
    ...(page.template ? { template: page.template } : {}),
    ...(page.layout ? { layout: page.layout } : {}),
    ...(page.outputType ? { outputType: page.outputType } : {}),
    metadata: page.metadata ?? {},
    context,
    regions,
    diagnostics,
    ...(changesAt !== undefined ? { changesAt: new Date(changesAt) } : {}),
    ...(keys.length ? { keys } : {}),
  };
}

/** The content keys of the answers, each once, in the order first met. */
export function contentKeys(outcomes: Iterable<{ keys?: string[] }>): string[] {
  const keys = new Set<string>();
  for (const outcome of outcomes) for (const key of outcome.keys ?? []) keys.add(key);
  return [...keys];
}

/** Waits for the fetches not settled yet and records their outcomes. */
async function settle(outcomes: Map<string, Promise<FetchOutcome>>, settled: Map<string, FetchOutcome>): Promise<void> {
  const pending = [...outcomes].filter(([key]) => !settled.has(key));
  const results = await Promise.all(pending.map(([, outcome]) => outcome));
  for (let i = 0; i < pending.length; i++) settled.set(pending[i][0], results[i]);
}

/**
 * Adds each block's follow-up fetches (computed from its first answers) to its plan and starts the
 * new ones; true when any was started. A block whose required first fetch failed asks nothing more
 * (it is skipped for that failure); one whose followUp() throws is skipped as "fetch-failed".
 */
function planFollowUps(
  planned: PlannedBlock[],
  settled: Map<string, FetchOutcome>,
  outcomes: Map<string, Promise<FetchOutcome>>,
  options: ResolveOptions,
): boolean {
  let started = false;
  for (const plan of planned) {
    const followUp = plan.definition?.followUp;
    if (plan.skipped || !followUp) continue;
    const answers: Record<string, unknown> = {};
    let failed = false;
    for (const { name, spec, key } of plan.fetches) {
      const outcome = settled.get(key)!;
      if (outcome.ok) answers[name] = outcome.value;
      else if (!spec.optional) failed = true;
    }
    if (failed) continue;
    try {
      const specs = followUp(answers, plan.instance.settings, plan.context!) ?? {};
      for (const [name, spec] of Object.entries(specs)) {
        if (plan.fetches.some((fetch) => fetch.name === name)) throw new Error(`la consulta «${name}» ya está en la primera ronda`);
        const key = cacheKey(spec.source, spec.query);
        plan.fetches.push({ name, spec, key });
        if (!outcomes.has(key)) {
          outcomes.set(key, runFetch(spec, key, options));
          started = true;
        }
      }
    } catch (error) {
      plan.skipped = "fetch-failed";
      plan.detail = `followUp() del bloque falló: ${messageOf(error)}`;
    }
  }
  return started;
}

/** Marks a block skipped; failures (not an editor's choice or an empty feed) are logged. */
function skip(diagnostic: BlockDiagnostic, reason: SkipReason, detail?: string, logger?: Logger) {
  diagnostic.skipped = reason;
  if (detail) diagnostic.detail = detail;
  if (reason !== "unpublished" && reason !== "scheduled" && reason !== "other-brand" && reason !== "empty") {
    logger?.warn("bloque omitido", { pageId: diagnostic.pageId, blockId: diagnostic.blockId, reason, detail });
  }
}

/** A block without an isEmpty of its own is empty when it fetched, and every answer it got has no items by its source's rule. */
function answersHaveNoItems(fetches: PlannedBlock["fetches"], raw: Record<string, unknown>, registry: Registry): boolean {
  if (fetches.length === 0) return false;
  for (const { name, spec } of fetches) {
    if (!(name in raw)) continue;
    const hasNoItems = registry.sources.get(spec.source)?.hasNoItems ?? isNothing;
    if (!hasNoItems(raw[name])) return false;
  }
  return true;
}

/** The default "no items": nothing, or an empty list. */
function isNothing(answer: unknown): boolean {
  return answer === null || answer === undefined || (Array.isArray(answer) && answer.length === 0);
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
