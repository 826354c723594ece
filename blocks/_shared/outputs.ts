// Server-side helpers of the output blocks (feeds and sitemaps): an ANS document reduced to an output
// entry, its URLs checked by scheme and host, and its body as sanitised HTML only when the page's
// context says an anonymous reader may read it whole (docs/decisions/0011-paywall.md).
import { asDocument, text, type DocumentLike } from "../../domain/ans";
import { isSitePath, safeSrc } from "../../domain/urls";
import type { OutputEntry, OutputImage } from "../../domain/outputs";
import type { PageContext } from "../../runtime/types";
import type { BodyItem, ListData } from "./body/items";
import { bodyItems } from "./body/sequence";

/** A route parameter in a query value: "{section}" takes the value of the route's :section. */
const PARAMETER = /\{([a-zA-Z]+)\}/g;

/**
 * A route parameter as it may enter a query: letters, digits, hyphens and slashes only, so that a
 * crafted URL cannot add criteria to a query string ("x\" OR …"); anything else names nothing.
 */
function safeParam(value: string | undefined): string {
  return value && /^[\p{L}\p{N}/_-]{1,200}$/u.test(value) ? value : "-";
}

/** The editor's query with route parameters filled in ("/{section}" → "/economia/opinion"). */
export function withParams(query: Record<string, unknown>, params: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    out[key] = typeof value === "string" ? value.replace(PARAMETER, (whole, name: string) => (name in params ? safeParam(params[name]) : whole)) : value;
  }
  return out;
}

const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.round(value) : undefined);

const isoDate = (value: unknown) => {
  if (typeof value !== "string") return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
};

/** The promo image, when its URL is a path on this site or an http(s) URL. */
function promoImage(document: DocumentLike): OutputImage | undefined {
  const basic = document.promo_items?.basic;
  const url = safeSrc(basic?.url);
  if (!url) return undefined;
  const width = number(basic.width);
  const height = number(basic.height);
  const caption = text(basic.caption);
  return { url, ...(width ? { width } : {}), ...(height ? { height } : {}), ...(caption ? { caption } : {}) };
}

/**
 * One document as a feed or sitemap entry; undefined when it cannot be one: no id, a canonical URL
 * that is not a path on this site (content is untrusted), or a redirect.
 */
export function toOutputEntry(value: unknown, options: { body?: boolean; context?: PageContext } = {}): OutputEntry | undefined {
  const document = asDocument(value);
  if (!document || typeof document._id !== "string") return undefined;
  const path = text(document.canonical_url);
  if (!path || !isSitePath(path) || /\s/.test(path)) return undefined;
  if (document.related_content?.redirect?.[0]?.redirect_url !== undefined) return undefined;
  const title = text(document.headlines?.basic);
  const description = text(document.subheadlines?.basic) ?? text(document.description?.basic);
  const published = isoDate(document.publish_date) ?? isoDate(document.first_publish_date) ?? isoDate(document.display_date);
  const modified = isoDate(document.last_updated_date);
  const authors = (Array.isArray(document.credits?.by) ? document.credits.by : [])
    .map((author: any) => text(author?.name) ?? text(author?.byline))
    .filter((name: string | undefined): name is string => !!name);
  const categories = [
    ...new Set(
      [document.taxonomy?.primary_section, ...(Array.isArray(document.taxonomy?.sections) ? document.taxonomy.sections : [])]
        .map((section: any) => text(section?.name))
        .filter((name: string | undefined): name is string => !!name),
    ),
  ];
  const image = promoImage(document);
  // The body only when the paywall lets every anonymous reader read it; without a decision, never.
  const unlocked = options.body && options.context?.isLocked ? !options.context.isLocked(document) : false;
  const body = unlocked ? bodyHtml(document.content_elements) : undefined;
  return {
    id: document._id,
    path,
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(published ? { published } : {}),
    ...(modified ? { modified } : {}),
    ...(authors.length ? { authors } : {}),
    ...(categories.length ? { categories } : {}),
    ...(body ? { body } : {}),
    ...(image ? { image } : {}),
  };
}

/** The body as HTML for a feed reader: text, headers, images, lists and quotes, already sanitised. */
function bodyHtml(elements: unknown): string {
  return bodyItems(elements, false).map(itemHtml).join("\n");
}

const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function listHtml(list: ListData): string {
  const tag = list.ordered ? "ol" : "ul";
  return `<${tag}>${list.items.map((item) => `<li>${typeof item === "string" ? item : listHtml(item)}</li>`).join("")}</${tag}>`;
}

function itemHtml(item: BodyItem): string {
  switch (item.type) {
    case "text":
    case "time":
      return `<p>${item.html}</p>`;
    case "header":
      return `<h${item.level}>${item.html}</h${item.level}>`;
    case "image": {
      const src = safeSrc(item.url);
      if (!src) return "";
      const caption = item.caption ? `<figcaption>${attribute(item.caption)}</figcaption>` : "";
      return `<figure><img src="${attribute(src)}" alt="${attribute(item.alt ?? item.caption ?? "")}"/>${caption}</figure>`;
    }
    case "list":
      return listHtml(item);
    case "quote":
      return `<blockquote>${item.items.map(itemHtml).join("")}</blockquote>`;
    default:
      // Embeds, ads, widgets, videos and the rest belong to the page, not to a feed reader.
      return "";
  }
}
