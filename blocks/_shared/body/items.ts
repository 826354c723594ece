// The article body's items as the browser gets them: each content element reduced on the server to
// exactly what its renderer (blocks/article-body/elements.tsx) draws, its HTML already sanitised
// (../sanitize.ts); ./sequence.ts puts them in reading order. One reader per content element type of
// docs/article-pages.md#content-elements; they read fields defensively, an unknown type gives
// nothing, and a reader that throws drops only its element. No React here: this is server code.
import { FRAME_HOSTS } from "../../../brands";
import { isAdTarget, resolveAdSlot, type AdTarget } from "../../../brands/ads";
import { text, type AnsElement } from "../../../domain/ans";
import { isAllowedEmbed, isSitePath, safeHref, safeSrc } from "../../../domain/urls";
import { imageData, type ImageData } from "../imageData";
import { youtubeEmbedId, youtubeId } from "../youtube";
import { EMBED_POLICY, INLINE_POLICY, decodeEntities, plainText, sanitizeHtml } from "../sanitize";
import type { WidgetItem } from "./widgets";

/** The headline is the page's <h1>: body headers start at <h2>; levels above 6 are capped at 6 (docs/article-pages.md#header-level). */
export const HEADER_LEVEL = { min: 2, max: 6 } as const;
/** Raw HTML naming 'context_pdf' is a PDF viewer (docs/article-pages.md#embeds). */
const PDF_MARKER = "context_pdf";
/** Quotes may nest; beyond this depth inner quotes (and lists) are dropped (hostile content could nest forever). */
const MAX_DEPTH = 4;

export type Align = "left" | "center" | "right" | "justify";

/** A list: each entry is the sanitised HTML of an <li>, or a nested list drawn inside an <li>. */
export interface ListData {
  ordered: boolean;
  items: Array<string | ListData>;
}

export interface LinkData {
  href: string;
  /** Plain text. */
  label: string;
  thumb?: { src: string; alt?: string };
  /** The ANS link type (link lists) or subtype (interstitial links), shown as data-link-type. */
  linkType?: string;
}

/** Where an embed's sanitised HTML came from, shown as data-embed: raw HTML or an oEmbed provider. */
type EmbedSource = "raw_html" | "instagram" | "twitter" | "youtube" | "other";

/** One thing of the body, in reading order. The `html` fields are sanitised already. */
export type BodyItem =
  | { type: "text" | "time"; html: string; align?: Align }
  | { type: "header"; level: number; html: string; align?: Align }
  | ({ type: "image" } & ImageData)
  | { type: "gallery"; title?: string; images: ImageData[] }
  | { type: "table"; header: string[]; rows: string[][] }
  /** Drawn as a <blockquote> even when none of its items draws anything (a quote with such items is kept). */
  | { type: "quote"; items: BodyItem[]; citation?: string }
  | ({ type: "list" } & ListData)
  | { type: "link_list"; title?: string; links: LinkData[] }
  | ({ type: "interstitial_link" } & LinkData)
  | { type: "embed"; source: EmbedSource; html: string }
  | { type: "video"; videoId: string; title?: string }
  | { type: "pdf"; src: string }
  | { type: "divider" }
  | { type: "code"; code: string }
  | { type: "ad"; name: string; target?: AdTarget }
  /** A recommendation widget, filled on the server (./widgets.ts). */
  | WidgetItem;

export function headerLevel(level: unknown): number {
  const n = Math.trunc(Number(level));
  if (!Number.isFinite(n)) return HEADER_LEVEL.min;
  return Math.min(HEADER_LEVEL.max, Math.max(HEADER_LEVEL.min, n));
}

const ALIGNMENTS = new Set(["left", "center", "right", "justify"]);

function align(element: AnsElement): { align?: Align } {
  return ALIGNMENTS.has(element.alignment) ? { align: element.alignment as Align } : {};
}

/** The src attribute of the first tag of `html` that has one. */
function firstSrc(html: string): string | undefined {
  const match = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(html);
  const raw = match?.[1] ?? match?.[2] ?? match?.[3];
  return raw === undefined ? undefined : decodeEntities(raw).trim();
}

const inline = (value: unknown) => sanitizeHtml(text(value) ?? "", INLINE_POLICY);

/**
 * What reading an element gives: an item; nothing (the element is left out); or BLANK, an element of
 * a known type whose content turned out empty (an embed that sanitises to nothing, a table without
 * cells...). BLANK draws nothing either, but it still counts as an inner element of a quote, which
 * is then drawn (empty) as before the split.
 */
const BLANK = "blank";
type Reading = BodyItem | typeof BLANK | undefined;

/**
 * A PDF viewer's source: a document, never a page — a path of this site naming a .pdf file, or a
 * .pdf file on a host iframes may come from (the embed hosts and the group's own sites, as the
 * Content-Security-Policy's frame-src; docs/decisions/0012-threat-model.md). Anything else would
 * frame a page (a phishing form, a whole page of the site) inside the article.
 */
function pdfSource(value: unknown): string | undefined {
  const src = safeSrc(value);
  if (!src) return undefined;
  const path = isSitePath(src) ? src : new URL(src).pathname;
  if (!/\.pdf$/i.test(path.replace(/[?#].*$/, ""))) return undefined;
  return isSitePath(src) || isAllowedEmbed(src, FRAME_HOSTS) ? src : undefined;
}

function rawHtml(content: string): Reading {
  if (content.includes(PDF_MARKER)) {
    const src = pdfSource(firstSrc(content));
    return src ? { type: "pdf", src } : BLANK;
  }
  const video = youtubeEmbedId(content);
  if (video) return { type: "video", videoId: video, title: text(/\stitle\s*=\s*"([^"]*)"/i.exec(content)?.[1]) };
  const html = sanitizeHtml(content, EMBED_POLICY);
  return html.trim() ? { type: "embed", source: "raw_html", html } : BLANK;
}

const OEMBED_SUBTYPES = new Set(["instagram", "twitter", "youtube"]);

function oembed(element: AnsElement): Reading {
  const raw = element.raw_oembed ?? {};
  const html = text(raw.html) ?? "";
  const provider = (text(raw.provider_name) ?? "").toLowerCase();
  const declared = (text(element.subtype) ?? "").toLowerCase();
  const source = (OEMBED_SUBTYPES.has(declared) ? declared : OEMBED_SUBTYPES.has(provider) ? provider : "other") as EmbedSource;
  if (source === "youtube") {
    const id = youtubeId(text(raw.url)) ?? youtubeEmbedId(html) ?? youtubeId(html);
    if (id) return { type: "video", videoId: id, title: text(raw.title) };
  }
  const clean = sanitizeHtml(html, EMBED_POLICY);
  return clean.trim() ? { type: "embed", source, html: clean } : BLANK;
}

/** A list with its entries; an entry whose HTML sanitises to nothing is left out, an empty nested list is an empty <li>. */
function listData(element: AnsElement): ListData {
  const items: any[] = Array.isArray(element.items) ? element.items : [];
  const entries: Array<string | ListData> = [];
  for (const item of items) {
    if (item?.type === "list") {
      const nested = Array.isArray(item.items) && item.items.length ? listData(item) : undefined;
      entries.push(nested ?? "");
      continue;
    }
    const html = inline(item?.content);
    if (html) entries.push(html);
  }
  return { ordered: element.list_type === "ordered", items: entries };
}

function link(item: any, linkType: unknown): LinkData | undefined {
  const href = safeHref(item?.url);
  const label = plainText(text(item?.content));
  if (!href || !label) return undefined;
  const src = safeSrc(text(item?.thumbImage) ?? text(item?.thumbImage?.url) ?? text(item?.image?.url));
  const alt = text(item?.image?.caption);
  const type = text(linkType);
  return { href, label, ...(src ? { thumb: alt ? { src, alt } : { src } } : {}), ...(type ? { linkType: type } : {}) };
}

function linkList(element: AnsElement): Reading {
  const items: any[] = Array.isArray(element.items) ? element.items : [];
  const links = items.map((item) => link(item, item?.type)).filter((value): value is LinkData => Boolean(value));
  if (!links.length) return BLANK;
  const title = plainText(text(element.title));
  return { type: "link_list", ...(title ? { title } : {}), links };
}

function table(element: AnsElement): Reading {
  const header: any[] = Array.isArray(element.header) ? element.header : [];
  const rows: any[][] = (Array.isArray(element.rows) ? element.rows : []).filter(Array.isArray);
  if (!header.length && !rows.length) return BLANK;
  const cell = (value: any) => inline(value?.content);
  return { type: "table", header: header.map(cell), rows: rows.map((row) => row.map(cell)) };
}

function gallery(element: AnsElement): Reading {
  const images = (Array.isArray(element.content_elements) ? element.content_elements : []).map(imageData).filter((image): image is ImageData => Boolean(image));
  if (!images.length) return BLANK;
  const title = text(element.headlines?.basic);
  return { type: "gallery", ...(title ? { title } : {}), images };
}

function quote(element: AnsElement, depth: number, warn: Warn): Reading {
  const inner: unknown[] = Array.isArray(element.content_elements) ? element.content_elements : [];
  const readings = inner.map((child) => readElement(child, depth + 1, warn)).filter((reading) => reading !== undefined);
  const citation = inline(element.citation?.content);
  if (!readings.length && !citation) return BLANK;
  const items = readings.filter((reading): reading is BodyItem => reading !== BLANK);
  return { type: "quote", items, ...(citation ? { citation } : {}) };
}

function readUnchecked(element: AnsElement, depth: number, warn: Warn): Reading {
  switch (element.type) {
    case "header": {
      const html = inline(element.content);
      return html.trim() ? { type: "header", level: headerLevel(element.level), html, ...align(element) } : undefined;
    }
    case "text":
    case "time": {
      const html = inline(element.content);
      return html.trim() ? { type: element.type, html, ...align(element) } : undefined;
    }
    case "table":
      return table(element);
    case "quote":
      return depth < MAX_DEPTH ? quote(element, depth, warn) : undefined;
    case "image": {
      const image = imageData(element);
      return image ? { type: "image", ...image } : undefined;
    }
    case "gallery":
      return gallery(element);
    case "raw_html": {
      const content = text(element.content);
      return content ? rawHtml(content) : undefined;
    }
    case "oembed_response":
      return oembed(element);
    case "list": {
      if (depth >= MAX_DEPTH) return undefined;
      return Array.isArray(element.items) && element.items.length ? { type: "list", ...listData(element) } : BLANK;
    }
    case "link_list":
      return linkList(element);
    case "interstitial_link": {
      const data = link(element, element.subtype);
      return data ? { type: "interstitial_link", ...data } : undefined;
    }
    case "divider":
      return { type: "divider" };
    case "code": {
      const code = text(element.content);
      return code ? { type: "code", code } : undefined;
    }
    case "ad": {
      const slot = resolveAdSlot(text(element.adSlot));
      if (!slot) return BLANK;
      const target = text(element.adDisplay);
      return { type: "ad", name: slot.name, ...(isAdTarget(target) ? { target } : {}) };
    }
    default:
      // Widgets are placed by bodyItems, which fills them.
      return undefined;
  }
}

/** Where a malformed element that was left out is reported (the site's logger, through the page context). */
export type Warn = (message: string, fields?: Record<string, unknown>) => void;
const silent: Warn = () => {};

/** The element as a body item; nothing (or BLANK) for unknown types, malformed elements or a reader error. */
function readElement(element: unknown, depth: number, warn: Warn): Reading {
  if (!element || typeof element !== "object" || typeof (element as AnsElement).type !== "string") return undefined;
  try {
    return readUnchecked(element as AnsElement, depth, warn);
  } catch (error) {
    warn("article-body: elemento de contenido omitido", { tipo: (element as AnsElement).type, id: (element as AnsElement)._id, error: String(error) });
    return undefined;
  }
}

/** One content element as a body item, or undefined when it draws nothing. */
export function bodyItem(element: unknown, warn: Warn = silent): BodyItem | undefined {
  const reading = readElement(element, 0, warn);
  return reading === BLANK ? undefined : reading;
}
