// A small registry of made-up blocks and sources for the runtime's own tests and benchmark:
// the runtime is exercised without any real block, source or database.
import { z } from "zod";
import commonSettings from "../../schemas/block-settings.schema.json";
import pageSchema from "../../schemas/page.schema.json";
import { createRegistry, type ViewRegistry } from "../../runtime/registry";
import { buildPageSchema, buildSettingsSchemas } from "../../tooling/schema-builder";
import type { BlockServer, BlockView, ContentSource, ExistenceCheck } from "../../runtime/types";

const common = (name: string) => ({ $ref: `../../schemas/block-settings.schema.json#/definitions/${name}` });

const testBlockSchemas = {
  "story-list": {
    type: "object",
    additionalProperties: false,
    description: "Lista de notas de prueba",
    properties: {
      published: common("published"),
      title: common("title"),
      section: common("section"),
      feedSize: common("feedSize"),
      offset: common("offset"),
      contentConfig: common("contentConfig"),
      explode: { type: "boolean", default: false, description: "Lanza un error al renderizar (prueba)." },
    },
  },
  banner: {
    type: "object",
    additionalProperties: false,
    description: "Texto fijo de prueba",
    properties: { published: common("published"), text: common("text") },
  },
};

interface ListSettings {
  published: boolean;
  title?: string;
  section?: string;
  feedSize: number;
  offset: number;
  contentConfig?: { source: string; query: Record<string, unknown> };
  explode?: boolean;
}

type ListData = { items: Array<{ title: string }> };

export const storyList: BlockServer<ListSettings, ListData> = {
  fetch: (settings, context) => ({
    stories: settings.contentConfig
      ? { source: settings.contentConfig.source, query: settings.contentConfig.query }
      : {
          source: "stories",
          query: {
            website: context.brand,
            section: settings.section ?? context.params.section ?? "/",
            feedSize: settings.feedSize,
            feedOffset: context.cursor?.offset ?? settings.offset,
          },
        },
  }),
  transform: (data) => ({ items: (data.stories?.content_elements ?? []).map((s: any) => ({ title: s.title })) }),
  isEmpty: (data) => data.items.length === 0,
};

const StoryListView: BlockView<ListSettings, ListData> = ({ settings, data }) => {
  if (settings.explode) throw new Error("el componente falló");
  return (
    <section>
      {settings.title && <h2>{settings.title}</h2>}
      <ul>
        {data.items.map((item, i) => (
          <li key={i}>{item.title}</li>
        ))}
      </ul>
    </section>
  );
};

const BannerView: BlockView<{ published: boolean; text?: string }> = ({ settings }) => <p className="banner">{settings.text}</p>;

/** The test blocks' components, as the renderer takes them. */
export const testViews: ViewRegistry = { blocks: { "story-list": StoryListView, banner: BannerView }, layouts: {} };

/** "section": a section exists when the source answers stories for it. */
export const sectionExists: ExistenceCheck = {
  name: "section",
  fetch: (value, context) => ({ source: "stories", query: { website: context.brand, section: `/${value}`, feedSize: 1, feedOffset: 0 } }),
  exists: (answer: any) => answer?.content_elements?.length > 0,
};

export interface FakeSourceOptions {
  name?: string;
  delayMs?: number;
  fail?: boolean;
  ttlSeconds?: number;
  timeoutMs?: number;
  items?: (query: any) => Array<{ title: string }>;
}

/** A source that answers after delayMs with items named after the query, counting its calls. */
export function fakeSource(options: FakeSourceOptions = {}): ContentSource & { calls: any[]; inFlight: number; maxInFlight: number } {
  const calls: any[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  return {
    name: options.name ?? "stories",
    ttlSeconds: options.ttlSeconds ?? 60,
    timeoutMs: options.timeoutMs,
    // It answers as a Content API list: { content_elements: [...] }.
    hasNoItems: (answer: any) => answer?.content_elements?.length === 0,
    query: z.strictObject({
      website: z.string(),
      section: z.string(),
      feedSize: z.number().int().min(1).max(20),
      feedOffset: z.number().int().min(0).default(0),
    }),
    calls,
    /** Fetches started and not finished: how many ran at the same time, without reading a clock. */
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    async fetch(query) {
      calls.push(query);
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      } finally {
        inFlight--;
      }
      if (options.fail) throw new Error(`${options.name ?? "stories"} no disponible`);
      const items = options.items
        ? options.items(query)
        : Array.from({ length: query.feedSize }, (_, i) => ({ title: `${query.section} nota ${query.feedOffset + i + 1}` }));
      return { type: "results", content_elements: items, count: 100 };
    },
  };
}

export function testRegistry(sources: ContentSource[] = [fakeSource()], blocks: Record<string, BlockServer> = { "story-list": storyList, banner: {} }) {
  return createRegistry({
    blocks,
    sources,
    layouts: [{ name: "main-sidebar", regions: ["header", "main", "sidebar", "footer"] }],
    existenceChecks: [sectionExists],
  });
}

const schemaInput = { pageSchema, commonSettings, blockSchemas: testBlockSchemas, layouts: ["main-sidebar"], brands: ["semana", "soho"] };

export const testValidatorSchemas = {
  pageSchema: buildPageSchema(schemaInput),
  settingsSchemas: buildSettingsSchemas(schemaInput),
  defaultBrand: "semana",
  schemaVersion: 1,
};
