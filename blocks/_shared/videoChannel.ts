// The video channel's shared rules (docs/video-channel.md): its navigation bar, its counts and
// labels, its navigation trees read as rows, and the feeds, headings and lead videos its blocks
// show. No React: the server halves import it.
import { text } from "../../domain/ans";
import { normalizeSectionId, sectionFromUrl } from "../../domain/sections";
import { contentPath, isSitePath, safeSrc } from "../../domain/urls";
import type { BlockFetches, FetchSpec, PageContext } from "../../runtime/types";
import { CARD_SOURCE_INCLUDE, SHORT_SUBHEADLINE, toCardStories, type CardStory } from "./cards";
import { youtubeEmbedId, youtubeId } from "./youtube";

// ---- Navigation bar (docs/video-channel.md#navigation-bar) ----

export interface VideoNavItem {
  href: string;
  label: string;
}

/** The bar's five items, in the spec's order; the labels are this project's (docs/decisions/0021-video-channel.md). */
export const VIDEO_NAV_ITEMS: readonly VideoNavItem[] = [
  { href: "/tv/", label: "Inicio" },
  { href: "/semana-tv/programas/", label: "Programas de opinión" },
  { href: "/semana-tv/programas/semana-noticias/", label: "Semana Noticias" },
  { href: "/semana-tv/categorias/", label: "Categorías" },
  { href: "/semana-tv/virales/", label: "Lo más viral" },
];

/** The item the current path names, its query string left out ("/tv?x=1" and "/tv/" name /tv/); none elsewhere. */
export function activeVideoNavItem(path: string): string | undefined {
  const pathname = (path.split(/[?#]/)[0] || "/").replace(/\/*$/, "/");
  return VIDEO_NAV_ITEMS.find((item) => item.href === pathname)?.href;
}

// ---- Counts and labels (docs/video-channel.md#counts) ----

export const VIDEO_COUNTS = {
  /** 'Últimos videos': the first page, then each 'Más videos'. */
  listFirst: 12,
  listMore: 8,
  /** The lead video and 'Lo último' together: the lead, then 8 ("Videos (generic list)"). */
  lead: 9,
  /** 'Otros videos': from offset 9 (after the lead's 9), 4, then 4 per 'Más videos'. */
  othersOffset: 9,
  othersFirst: 4,
  othersMore: 4,
  /** Items of each category row, and how many categories a page shows. */
  categoryItems: 10,
  categories: 9,
  /** A programme's feed (content-apir-semanaTV-v2). */
  programme: 10,
  /** A row (carousel) of the video home. */
  row: 10,
} as const;

export const VIDEO_LABELS = {
  more: "Más videos",
  latest: "Lo último",
  others: "Otros videos",
  list: "Últimos videos",
  programmes: "Programas de opinión",
  journalists: "Periodistas",
  otherJournalists: "Otros periodistas",
  categories: "Categorías",
} as const;

/** The navigation trees the channel is built from (navigation-api). */
export const NAV_SEMANA_TV = "navSemanaTv";
export const NAV_SEMANA_TV_CATEGORIES = "navSemanaTVCategorias";
/** The channel's own section: a journalist's videos are those under it. */
export const SEMANA_TV_SECTION = "/semana-tv";
/** Where a video journalist's page lives: /semana-tv/periodistas/{slug}/. */
export const JOURNALISTS_PATH = "/semana-tv/periodistas/";

/** Card fields, plus what the lead's player needs (the YouTube id, the embedded player). */
export const VIDEO_SOURCE_INCLUDE = `${CARD_SOURCE_INCLUDE},youtube_content_id,promo_items.html`;

// ---- Feeds ----

/** Which documents a video block lists: a section's videos, a programme's documents, a journalist's videos. */
export type VideoFeed = "section" | "programme" | "journalist";

export interface VideoFeedSettings {
  feed?: VideoFeed;
  /** The section (or programme) when the page's URL does not name it. */
  section?: string;
}

/** The section a video block lists: its setting, else the one the page's URL names ("/semana-tv/virales/"). */
export function videoSection(settings: VideoFeedSettings, context: PageContext): string | undefined {
  return normalizeSectionId(settings.section) ?? sectionFromUrl(context.brand, context.path);
}

/** The journalist of a journalist page: the route's slug, trimmed; undefined when there is none. */
export function journalistSlug(context: PageContext): string | undefined {
  return text(context.params?.slug)?.trim();
}

/** A section's videos (video-section-source). */
export function sectionVideosFetch(context: PageContext, section: string, size: number, offset = 0): FetchSpec {
  return {
    source: "video-section-source",
    query: { website: context.brand, includeSections: section, feedSize: size, feedOffset: offset, sourceInclude: VIDEO_SOURCE_INCLUDE },
  };
}

/** A programme's documents (content-apir-semanaTV-v2, includeSections /semana-tv/programas/{program}). */
export function programmeFetch(context: PageContext, section: string, size: number, offset = 0): FetchSpec {
  return {
    source: "content-apir-semanaTV-v2",
    query: { website: context.brand, includeSections: section, feedSize: size, feedOffset: offset, sourceInclude: VIDEO_SOURCE_INCLUDE },
  };
}

/** A journalist's videos in the channel (content-api-search-author within /semana-tv). */
export function journalistFetch(context: PageContext, slug: string, size: number, offset = 0): FetchSpec {
  return {
    source: "content-api-search-author",
    query: {
      website: context.brand,
      includeId: slug,
      includeSections: SEMANA_TV_SECTION,
      feedSize: size,
      feedOffset: offset,
      sourceInclude: VIDEO_SOURCE_INCLUDE,
    },
  };
}

/** The feed a video block lists, at a size and offset; undefined when the page names nothing to list. */
export function videoFeedFetch(settings: VideoFeedSettings, context: PageContext, size: number, offset: number): FetchSpec | undefined {
  if (settings.feed === "journalist") {
    const slug = journalistSlug(context);
    return slug ? journalistFetch(context, slug, size, offset) : undefined;
  }
  const section = videoSection(settings, context);
  if (!section) return undefined;
  return settings.feed === "programme" ? programmeFetch(context, section, size, offset) : sectionVideosFetch(context, section, size, offset);
}

/** The documents of a feed answer as video cards: only those with a promo image, subheadlines cut at 80 (docs/listings.md#text-limits). */
export function videoCards(feed: unknown): CardStory[] {
  const elements = (feed as { content_elements?: unknown } | null | undefined)?.content_elements;
  return toCardStories(elements, { subheadline: SHORT_SUBHEADLINE });
}

/** The lead of a video list: its first card and, when it has one, the YouTube video to play. */
export interface LeadVideo {
  story: CardStory;
  videoId?: string;
}

/** The YouTube id of a document: youtube_content_id, else the player embedded in promo_items.html. */
export function documentVideoId(doc: unknown): string | undefined {
  const document = doc as { youtube_content_id?: unknown; promo_items?: { html?: { content?: unknown } } } | null;
  const own = text(document?.youtube_content_id);
  if (own && /^[A-Za-z0-9_-]{11}$/.test(own.trim())) return own.trim();
  const html = text(document?.promo_items?.html?.content);
  return html ? (youtubeEmbedId(html) ?? youtubeId(html)) : undefined;
}

/** A feed as its lead video and the cards after it. */
export function leadAndLatest(feed: unknown): { lead?: LeadVideo; latest: CardStory[] } {
  const [lead, ...latest] = videoCards(feed);
  if (!lead) return { latest: [] };
  const elements = (feed as { content_elements?: unknown[] }).content_elements ?? [];
  const doc = elements.find((element) => (element as { _id?: unknown })?._id === lead.id);
  const videoId = documentVideoId(doc);
  return { lead: { story: lead, ...(videoId ? { videoId } : {}) }, latest };
}

// ---- Headings: the page's name, from the section, the programme or the journalist ----

export interface ChannelHeading {
  title: string;
  description?: string;
  /** A programme's icon or a journalist's photo. */
  image?: string;
  /** The image is a person's photo (shown round). */
  portrait?: boolean;
}

/** What a block fetches to title the page it leads: the section record, the programme's icon, the journalist. */
export function headingFetches(settings: VideoFeedSettings, context: PageContext): BlockFetches {
  if (settings.feed === "journalist") {
    const slug = journalistSlug(context);
    return slug ? { periodista: { source: "authors-api", query: { website: context.brand, idAutor: slug }, optional: true } } : {};
  }
  const section = videoSection(settings, context);
  if (!section) return {};
  const fetches: BlockFetches = { seccion: { source: "section-api", query: { website: context.brand, queryString: section }, optional: true } };
  if (settings.feed === "programme") fetches.navegacion = navigationFetch(context, NAV_SEMANA_TV);
  return fetches;
}

/** The page's heading from the answers of headingFetches(); undefined when nothing names it. */
export function channelHeading(settings: VideoFeedSettings, answers: Record<string, any>, context: PageContext): ChannelHeading | undefined {
  if (settings.feed === "journalist") {
    const author = Array.isArray(answers.periodista?.authors) ? answers.periodista.authors[0] : undefined;
    const title = text(author?.byline) ?? text(author?.name);
    if (!title) return undefined;
    const image = safeSrc(author.image) ?? safeSrc(author.image?.url);
    const description = text(author.description);
    return { title, ...(description ? { description } : {}), ...(image ? { image, portrait: true } : {}) };
  }
  const section = videoSection(settings, context);
  const record = answers.seccion;
  const title = text(record?.name);
  if (!section || !title) return undefined;
  const description = text(record?.site?.site_description);
  const programme = settings.feed === "programme" ? findProgramme(answers.navegacion, section) : undefined;
  return { title, ...(description ? { description } : {}), ...(programme?.icon ? { image: programme.icon } : {}) };
}

// ---- Navigation trees (navigation-api): journalists, programmes, categories, the home's rows ----

/** A navigation tree of the channel (navSemanaTv, navSemanaTVCategorias). */
export function navigationFetch(context: PageContext, id: string): FetchSpec {
  return { source: "navigation-api", query: { website: context.brand, queryString: id } };
}

type NavNode = Record<string, any>;

export interface Journalist {
  /** The journalist's slug: the last segment of their page's address. */
  slug: string;
  name: string;
  url: string;
  image?: string;
}

export interface Programme {
  /** The programme's section id, e.g. "/semana-tv/programas/el-control". */
  section: string;
  title: string;
  url: string;
  icon?: string;
  hoverIcon?: string;
}

export interface Category {
  section: string;
  title: string;
  url?: string;
}

function childrenOf(node: unknown): NavNode[] {
  const children = (node as NavNode | null | undefined)?.children;
  return Array.isArray(children) ? children.filter((child): child is NavNode => !!child && typeof child === "object") : [];
}

const nodeTitle = (node: NavNode) => text(node.title) ?? text(node.display_name) ?? text(node.site?.site_title);

/** A node's link when it is a path on this site. */
function nodeLink(node: NavNode): string | undefined {
  const url = contentPath(node.url);
  return url && isSitePath(url) ? url : undefined;
}

/** A journalist entry: a link to /semana-tv/periodistas/{slug}/ with a name. */
export function asJournalist(node: NavNode): Journalist | undefined {
  const url = nodeLink(node);
  const name = nodeTitle(node);
  if (!url?.startsWith(JOURNALISTS_PATH) || !name) return undefined;
  const slug = url.slice(JOURNALISTS_PATH.length).replace(/\/+$/, "");
  if (!slug || slug.includes("/")) return undefined;
  const image = safeSrc(node.regularIcon) ?? safeSrc(node.image);
  return { slug, name, url, ...(image ? { image } : {}) };
}

/**
 * A programme entry (docs/video-channel.md#programme-routes): regularIcon, hoverIcon, title, url.
 * Its own `title` tells it from a journalist's entry, which has a photo as regularIcon too.
 */
export function asProgramme(node: NavNode): Programme | undefined {
  const icon = safeSrc(node.regularIcon);
  const section = normalizeSectionId(node._id);
  const url = nodeLink(node);
  const title = text(node.title);
  if (!icon || !section || !url || !title) return undefined;
  const hoverIcon = safeSrc(node.hoverIcon);
  return { section, title, url, icon, ...(hoverIcon ? { hoverIcon } : {}) };
}

function asCategory(node: NavNode): Category | undefined {
  const section = normalizeSectionId(node._id);
  const title = nodeTitle(node);
  if (!section || !title) return undefined;
  const url = nodeLink(node);
  return { section, title, ...(url ? { url } : {}) };
}

/** The journalists of a tree: the children of its first node whose children link to journalists' pages. */
export function treeJournalists(tree: unknown): Journalist[] {
  for (const node of childrenOf(tree)) {
    const journalists = childrenOf(node)
      .map(asJournalist)
      .filter((j): j is Journalist => !!j);
    if (journalists.length) return journalists;
  }
  return [];
}

/** The opinion programmes of a tree: the children of its first node whose children are programme entries. */
export function treeProgrammes(tree: unknown): Programme[] {
  for (const node of childrenOf(tree)) {
    const programmes = childrenOf(node)
      .map(asProgramme)
      .filter((p): p is Programme => !!p);
    if (programmes.length) return programmes;
  }
  return [];
}

/** A programme entry anywhere in the tree's first two levels, by its section. */
export function findProgramme(tree: unknown, section: string): Programme | undefined {
  const nodes = childrenOf(tree).flatMap((node) => [node, ...childrenOf(node)]);
  return nodes
    .map(asProgramme)
    .filter((p): p is Programme => !!p)
    .find((p) => p.section === section);
}

/** The categories of a categories tree: its first 9 children that name a section. */
export function treeCategories(tree: unknown): Category[] {
  return childrenOf(tree)
    .map(asCategory)
    .filter((c): c is Category => !!c)
    .slice(0, VIDEO_COUNTS.categories);
}

/** One row of the video home, as its navigation tree describes it. */
export type HomeRow =
  | { kind: "featured"; title: string; link?: string; section: string }
  | { kind: "journalists"; title: string; journalists: Journalist[] }
  | { kind: "programme"; title: string; link?: string; section: string; icon?: string }
  | { kind: "programmes"; title: string; link?: string; programmes: Programme[] }
  | { kind: "categories"; title: string; link?: string; categories: Category[] }
  | { kind: "section"; title: string; link?: string; section: string };

/** How many of the tree's children come before the authors block. */
export const HOME_ROWS_BEFORE_AUTHORS = 2;

function homeRow(node: NavNode, index: number): HomeRow | undefined {
  const title = nodeTitle(node);
  if (!title) return undefined;
  const link = nodeLink(node);
  const base = { title, ...(link ? { link } : {}) };
  const children = childrenOf(node);
  if (children.length) {
    const programmes = children.map(asProgramme).filter((p): p is Programme => !!p);
    if (programmes.length) return { kind: "programmes", ...base, programmes };
    const categories = treeCategories(node);
    return categories.length ? { kind: "categories", ...base, categories } : undefined;
  }
  const section = normalizeSectionId(node._id);
  if (!section) return undefined;
  const programme = asProgramme(node);
  if (programme) return { kind: "programme", ...base, section, icon: programme.icon };
  return { kind: index === 0 ? "featured" : "section", ...base, section };
}

/**
 * The video home's rows (docs/video-channel.md#video-home): the tree's first 2 children, then the
 * authors block (the journalists), then the rest. The node that holds the journalists feeds the
 * authors block and is no row of its own (its title names the block).
 */
export function homeRows(tree: unknown): HomeRow[] {
  const children = childrenOf(tree);
  const journalistNode = children.find((node) => childrenOf(node).some((child) => asJournalist(child)));
  const rows = (nodes: NavNode[], from: number) =>
    nodes.flatMap((node, i) => (node === journalistNode ? [] : [homeRow(node, from + i)].filter((row): row is HomeRow => !!row)));
  const journalists = treeJournalists(tree);
  const authors: HomeRow[] = journalists.length
    ? [{ kind: "journalists", title: (journalistNode && nodeTitle(journalistNode)) || VIDEO_LABELS.journalists, journalists }]
    : [];
  return [...rows(children.slice(0, HOME_ROWS_BEFORE_AUTHORS), 0), ...authors, ...rows(children.slice(HOME_ROWS_BEFORE_AUTHORS), HOME_ROWS_BEFORE_AUTHORS)];
}
