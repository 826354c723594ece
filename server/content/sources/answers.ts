// How every backend shapes its answers: documents parsed leniently at the boundary (a malformed
// one drops out with a log line), fields limited by sourceInclude, lists in the Content API shape.
import { parseAnsDocument, type AnsDocument } from "../../../domain/ans";
import type { ContentSource, Logger } from "../../../runtime/types";
import {
  contentSourceDeclarations,
  parseSourceQuery,
  MOST_READ_SIZE,
  type CollectionAnswer,
  type FeedAnswer,
  type MostReadAnswer,
  type MostReadItem,
  type YoutubeVideosAnswer,
  type SourceAnswers,
  type SourceName,
  type SourceQuery,
  type YoutubeVideo,
} from "./declarations";
import type { Page } from "../document-filters";
import type { SearchAnswer, SearchHit } from "../../../domain/search";

/** Fields every projected document keeps, so that it still parses as a document. */
const ALWAYS_INCLUDED = ["_id", "type"];

type FieldTree = { [field: string]: FieldTree | true };

function fieldTree(fields: string[]): FieldTree {
  const tree: FieldTree = {};
  for (const path of [...ALWAYS_INCLUDED, ...fields]) {
    const parts = path.split(".").filter(Boolean);
    let node = tree;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = true;
      else if (node[part] !== true) node = (node[part] ??= {}) as FieldTree;
    });
  }
  return tree;
}

function project(value: unknown, tree: FieldTree): unknown {
  if (Array.isArray(value)) return value.map((item) => project(item, tree));
  if (typeof value !== "object" || value === null) return undefined;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [field, sub] of Object.entries(tree)) {
    if (!(field in source)) continue;
    const projected = sub === true ? source[field] : project(source[field], sub);
    if (projected !== undefined) out[field] = projected;
  }
  return out;
}

/** Keeps only the listed dotted paths (e.g. promo_items.basic) of a document, plus _id and type. */
export function projectDocument<T>(document: T, fields: string[] | undefined): T {
  return fields?.length ? (project(document, fieldTree(fields)) as T) : document;
}

/** The usable documents of a list, each parsed and projected; malformed ones logged and dropped. */
function parseDocuments(source: string, documents: unknown[], fields: string[] | undefined, logger: Logger): AnsDocument[] {
  const out: AnsDocument[] = [];
  for (const raw of documents) {
    const { document, error } = parseAnsDocument(raw);
    if (document) out.push(projectDocument(document, fields));
    else logger.warn(`${source}: documento descartado (${error})`, { _id: (raw as any)?._id });
  }
  return out;
}

/** One document of a single-item source: null stays null; a malformed one is an error, not a page. */
export function parseSingleDocument(source: string, raw: unknown, fields?: string[]): AnsDocument | null {
  if (raw === null || raw === undefined) return null;
  const { document, error } = parseAnsDocument(raw);
  if (!document) throw new Error(`${source}: el documento ${JSON.stringify((raw as any)?._id ?? null)} no es válido (${error})`);
  return projectDocument(document, fields);
}

/** next and previous of a page, as the load-more lists read them (omitted when there is none). */
function pageLinks(page: Pick<Page, "size" | "offset">, count: number): { next?: number; previous?: number } {
  const links: { next?: number; previous?: number } = {};
  if (page.offset + page.size < count) links.next = page.offset + page.size;
  if (page.offset > 0) links.previous = Math.max(0, page.offset - page.size);
  return links;
}

export function feedAnswer(
  source: string,
  documents: unknown[],
  count: number,
  page: Pick<Page, "size" | "offset">,
  fields: string[] | undefined,
  logger: Logger,
): FeedAnswer {
  return { type: "results", content_elements: parseDocuments(source, documents, fields, logger), count, ...pageLinks(page, count) };
}

export const emptyFeed = (): FeedAnswer => ({ type: "results", content_elements: [], count: 0 });

const str = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

function mostReadItem(document: AnsDocument): MostReadItem {
  const item: MostReadItem = {
    _id: document._id,
    url: document.canonical_url ?? "",
    title: document.headlines?.basic ?? "",
  };
  const image = str(document.promo_items?.basic?.url);
  if (image) item.image = image;
  const section = document.taxonomy?.primary_section?.name;
  if (section) item.section = section;
  return item;
}

/** ANS duration (milliseconds) as the ISO 8601 duration YouTube reports, e.g. 139000 → PT2M19S. */
function isoDuration(milliseconds: unknown): string {
  const total = typeof milliseconds === "number" && milliseconds > 0 ? Math.round(milliseconds / 1000) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (!total) return "PT0S";
  return `PT${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}${seconds ? `${seconds}S` : ""}`;
}

/** A video document as a YouTube Data API item: the metadata the video blocks read. */
function youtubeVideo(document: AnsDocument): YoutubeVideo {
  const doc = document as AnsDocument & Record<string, any>;
  // YouTube's own answer, when the document stored one (additional_properties.youtube), comes first:
  // the stored document stands in for the YouTube Data API (docs/video-channel.md#video-data).
  const stored = doc.additional_properties?.youtube;
  return {
    kind: "youtube#video",
    id: str(doc.youtube_content_id) ?? doc._id,
    snippet: {
      publishedAt: str(stored?.snippet?.publishedAt) ?? doc.first_publish_date ?? doc.publish_date ?? doc.display_date ?? doc.created_date ?? "",
      title: str(stored?.snippet?.title) ?? doc.headlines?.basic ?? "",
      description: str(stored?.snippet?.description) ?? doc.description?.basic ?? doc.subheadlines?.basic ?? "",
      thumbnails: { default: { url: str(stored?.snippet?.thumbnails?.default?.url) ?? str(doc.promo_items?.basic?.url) ?? str(doc.promo_image?.url) ?? "" } },
    },
    contentDetails: { duration: str(stored?.contentDetails?.duration) ?? isoDuration(doc.duration) },
  };
}

/** The most-read list: the current article dropped, `size` kept (MOST_READ_SIZE unless asked). */
export function mostReadAnswer(documents: unknown[], exclude: string | undefined, logger: Logger, size = MOST_READ_SIZE): MostReadAnswer {
  const items = parseDocuments("taboola-newsroom-api", documents, undefined, logger)
    .filter((document) => document._id !== exclude)
    .slice(0, size)
    .map(mostReadItem);
  return { type: "results", content_elements: items };
}

/** Video documents as a YouTube videos.list answer, in the order of the ids asked. */
export function youtubeAnswer(ids: string[], documents: unknown[], logger: Logger): YoutubeVideosAnswer {
  const videos = parseDocuments("youtube-api-videos", documents, undefined, logger).map(youtubeVideo);
  const items = ids.flatMap((id) => videos.filter((video) => video.id === id).slice(0, 1));
  return { kind: "youtube#videoListResponse", items };
}

export function collectionAnswer(
  collection: { _id: string; headlines: Record<string, unknown>; documents: unknown[]; count: number },
  page: Pick<Page, "size" | "offset">,
  fields: string[] | undefined,
  logger: Logger,
): CollectionAnswer {
  return {
    ...feedAnswer("content-api-collections", collection.documents, collection.count, page, fields, logger),
    _id: collection._id,
    headlines: collection.headlines,
  };
}

/**
 * A page of search hits as "site-search" answers it: each document parsed leniently (a malformed
 * one drops out with its snippet), next and previous as lists have them.
 */
export function searchAnswer(
  hits: Array<{ document: unknown; snippet: string }>,
  count: number,
  page: Pick<Page, "size" | "offset">,
  facets: SearchAnswer["facets"],
  logger: Logger,
): SearchAnswer {
  const parsed: SearchHit[] = [];
  for (const hit of hits) {
    const [document] = parseDocuments("site-search", [hit.document], undefined, logger);
    if (document) parsed.push({ document, snippet: hit.snippet });
  }
  return { type: "results", hits: parsed, count, ...pageLinks(page, count), facets };
}

/** The handlers of a backend: one function per named source, receiving the validated query. */
export type SourceHandlers = {
  [N in SourceName]: (query: SourceQuery<N>, signal: AbortSignal) => Promise<SourceAnswers[N]>;
};

/**
 * Binds handlers to the declarations: every fetch validates its query first (a bad one rejects
 * with a QueryError naming the parameter and value) and never resolves with undefined.
 */
export function bindSources(handlers: SourceHandlers): ContentSource[] {
  return contentSourceDeclarations.map((declaration) => {
    const name = declaration.name as SourceName;
    const handler = handlers[name] as (query: unknown, signal: AbortSignal) => Promise<unknown>;
    return {
      ...declaration,
      async fetch(query: unknown, options?: { signal: AbortSignal; parsed?: boolean }) {
        const signal = options?.signal ?? new AbortController().signal;
        // Parsed once per cache miss: by the resolver, or here for a direct caller.
        const parsed = options?.parsed ? (query as SourceQuery<typeof name>) : parseSourceQuery(name, query);
        signal.throwIfAborted();
        const answer = await handler(parsed, signal);
        if (answer === undefined) throw new Error(`${name}: el backend no devolvió respuesta`);
        return answer;
      },
    };
  });
}
