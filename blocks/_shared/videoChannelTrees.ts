// The video channel's navigation trees (navigation-api, docs/video-channel.md) read as its journalists,
// programmes, categories and the video home's rows: what the channel shows, whose videos the feeds of
// ./videoChannel.ts fetch. No React: the server halves import it.
import { text } from "../../domain/ans";
import { normalizeSectionId } from "../../domain/sections";
import { contentPath, isSitePath, safeSrc } from "../../domain/urls";
import type { FetchSpec, PageContext } from "../../runtime/types";
import { VIDEO_COUNTS, VIDEO_LABELS } from "./videoChannel";

/** The navigation trees the channel is built from (navigation-api). */
export const NAV_SEMANA_TV = "navSemanaTv";
export const NAV_SEMANA_TV_CATEGORIES = "navSemanaTVCategorias";
/** Where a video journalist's page lives: /semana-tv/periodistas/{slug}/. */
const JOURNALISTS_PATH = "/semana-tv/periodistas/";

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

interface Category {
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
function asJournalist(node: NavNode): Journalist | undefined {
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
function asProgramme(node: NavNode): Programme | undefined {
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
const HOME_ROWS_BEFORE_AUTHORS = 2;

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
