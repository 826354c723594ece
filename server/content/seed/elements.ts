// Builders of ANS content elements (docs/article-pages.md#content-elements), one per type, so every document of the
// corpus spells an element the same way.
import { imageUrlFor, sourceImage } from "../../images/catalog";
import type { Random } from "./random";
import type { TableSpec } from "./topics";

export const ANS_VERSION = "0.10.12";
export const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export interface Credit {
  name: string;
  affiliation?: string;
}

/** A link to another document of the corpus, for link lists and "Lea también". */
export interface LinkTarget {
  url: string;
  headline: string;
  imageName?: string;
}

const YOUTUBE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** An 11-character YouTube video id (the last character is one YouTube actually uses there). */
export function youtubeId(r: Random): string {
  return r.chars(YOUTUBE_ALPHABET, 10) + r.pick("AEIMQUYcgkosw048".split(""));
}

export function youtubeIframe(id: string, title: string): string {
  return (
    `<iframe width="560" height="315" src="https://www.youtube.com/embed/${id}" title="${escapeAttribute(title)}" frameborder="0" ` +
    `allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" ` +
    `referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>`
  );
}

export function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Makes the elements of one document; element ids derive from the document id. */
export class ElementMaker {
  private counter = 0;

  constructor(
    readonly r: Random,
    private readonly documentId: string,
  ) {}

  id(): string {
    this.counter += 1;
    return this.documentId.slice(0, 20) + this.counter.toString(32).toUpperCase().padStart(6, "A");
  }

  text(content: string) {
    return { _id: this.id(), type: "text", content };
  }

  header(content: string, level = 2) {
    return { _id: this.id(), type: "header", level, alignment: "left", content };
  }

  time(content: string) {
    return { _id: this.id(), type: "time", content };
  }

  /** An ANS image of a generated source image, with credits by photographer and affiliation. */
  image(name: string, caption: string, credit: Credit, extra: Record<string, unknown> = {}) {
    const spec = sourceImage(name);
    if (!spec) throw new Error(`Imagen desconocida en el corpus: ${name}`);
    return {
      _id: this.id(),
      type: "image",
      version: ANS_VERSION,
      url: imageUrlFor(name),
      width: spec.width,
      height: spec.height,
      caption,
      alt_text: caption.replace(/\.$/, ""),
      credits: {
        by: [{ type: "author", name: credit.name }],
        ...(credit.affiliation ? { affiliation: [{ name: credit.affiliation }] } : {}),
      },
      ...extra,
    };
  }

  gallery(headline: string, images: unknown[]) {
    return { _id: this.id(), type: "gallery", version: ANS_VERSION, headlines: { basic: headline }, content_elements: images };
  }

  quote(content: string, citation: string) {
    return {
      _id: this.id(),
      type: "quote",
      subtype: "pullquote",
      content_elements: [{ _id: this.id(), type: "text", content }],
      citation: { type: "text", content: citation },
    };
  }

  table(spec: TableSpec) {
    return {
      _id: this.id(),
      type: "table",
      header: spec.header.map((content) => ({ _id: this.id(), type: "text", content })),
      rows: spec.rows.map((row) => row.map((content) => ({ _id: this.id(), type: "text", content }))),
    };
  }

  list(items: string[], ordered: boolean) {
    return {
      _id: this.id(),
      type: "list",
      list_type: ordered ? "ordered" : "unordered",
      items: items.map((content) => ({ _id: this.id(), type: "text", content })),
    };
  }

  rawHtml(content: string) {
    return { _id: this.id(), type: "raw_html", content };
  }

  /** A 'context_pdf' document viewer; without a source when `src` is empty (the renderer shows nothing). */
  contextPdf(src: string, title: string) {
    const source = src ? ` src="${src}"` : "";
    return this.rawHtml(`<div class="context_pdf"><iframe${source} title="${escapeAttribute(title)}" width="100%" height="600"></iframe></div>`);
  }

  youtubeRawHtml(id: string, title: string) {
    return this.rawHtml(`<div class="video-embed">${youtubeIframe(id, title)}</div>`);
  }

  /** Social embeds as an oEmbed provider answers them; their HTML carries the provider's <script>. */
  oembed(subtype: "twitter" | "instagram" | "youtube" | "other", data: { author: string; handle: string; text: string; date: string; videoId?: string }) {
    const r = this.r;
    const base = { _id: this.id(), type: "oembed_response", subtype };
    switch (subtype) {
      case "twitter": {
        const status = String(r.int(1, 9)) + r.chars("0123456789", 18);
        const url = `https://twitter.com/${data.handle}/status/${status}`;
        return {
          ...base,
          raw_oembed: {
            type: "rich",
            version: "1.0",
            provider_name: "Twitter",
            provider_url: "https://twitter.com",
            url,
            author_name: data.author,
            author_url: `https://twitter.com/${data.handle}`,
            width: 550,
            height: null,
            html:
              `<blockquote class="twitter-tweet"><p lang="es" dir="ltr">${data.text}</p>&mdash; ${data.author} (@${data.handle}) ` +
              `<a href="${url}?ref_src=twsrc%5Etfw">${data.date}</a></blockquote>\n<script async src="https://platform.twitter.com/widgets.js" charset="utf-8"></script>`,
          },
          referent: { provider: "https://publish.twitter.com/oembed?url=", id: url },
        };
      }
      case "instagram": {
        const code = r.chars(YOUTUBE_ALPHABET, 11);
        const url = `https://www.instagram.com/p/${code}/`;
        return {
          ...base,
          raw_oembed: {
            type: "rich",
            version: "1.0",
            provider_name: "Instagram",
            provider_url: "https://www.instagram.com",
            url,
            author_name: data.handle,
            width: 540,
            html:
              `<blockquote class="instagram-media" data-instgrm-permalink="${url}" data-instgrm-version="14"><p>${data.text}</p>` +
              `<a href="${url}" target="_blank" rel="noopener">Ver esta publicación en Instagram</a></blockquote>\n<script async src="//www.instagram.com/embed.js"></script>`,
          },
          referent: { provider: "https://graph.facebook.com/v16.0/instagram_oembed?url=", id: url },
        };
      }
      case "youtube": {
        const id = data.videoId ?? youtubeId(r);
        const url = r.chance(0.5) ? `https://www.youtube.com/watch?v=${id}` : `https://youtu.be/${id}`;
        return {
          ...base,
          raw_oembed: {
            type: "video",
            version: "1.0",
            provider_name: "YouTube",
            provider_url: "https://www.youtube.com/",
            url,
            title: data.text,
            author_name: data.author,
            width: 560,
            height: 315,
            thumbnail_width: 480,
            thumbnail_height: 360,
            html: youtubeIframe(id, data.text),
          },
          referent: { provider: "https://www.youtube.com/oembed?url=", id: url },
        };
      }
      case "other": {
        const video = r.chars("0123456789", 19);
        const url = `https://www.tiktok.com/@${data.handle.toLowerCase()}/video/${video}`;
        return {
          ...base,
          raw_oembed: {
            type: "video",
            version: "1.0",
            provider_name: "TikTok",
            provider_url: "https://www.tiktok.com",
            url,
            title: data.text,
            author_name: data.author,
            html:
              `<blockquote class="tiktok-embed" cite="${url}" data-video-id="${video}" style="max-width: 605px;min-width: 325px;">` +
              `<section><a target="_blank" href="https://www.tiktok.com/@${data.handle.toLowerCase()}">@${data.handle.toLowerCase()}</a> ${data.text}</section></blockquote> ` +
              `<script async src="https://www.tiktok.com/embed.js"></script>`,
          },
          referent: { provider: "https://www.tiktok.com/oembed?url=", id: url },
        };
      }
    }
  }

  private linkItem(target: LinkTarget, subtype: string) {
    const image = target.imageName ? sourceImage(target.imageName) : undefined;
    return {
      _id: this.id(),
      type: "interstitial_link",
      subtype,
      url: target.url,
      content: target.headline,
      ...(image && target.imageName
        ? {
            image: { type: "image", url: imageUrlFor(target.imageName), width: image.width, height: image.height, caption: target.headline },
            thumbImage: imageUrlFor(target.imageName),
          }
        : {}),
    };
  }

  interstitialLink(target: LinkTarget) {
    return this.linkItem(target, "lea-tambien");
  }

  linkList(title: string, targets: LinkTarget[]) {
    return { _id: this.id(), type: "link_list", subtype: "related", title, items: targets.map((target) => this.linkItem(target, "related")) };
  }

  divider() {
    return { _id: this.id(), type: "divider" };
  }

  code(content: string, language: string) {
    return { _id: this.id(), type: "code", language, content };
  }

  /** Widget placeholders the article renderer fills (docs/ads-and-widgets.md#widgets). */
  widget(type: "taboola" | "connatix" | "connatix_geo_player" | "newsroom") {
    const settings: Record<typeof type, Record<string, string>> = {
      taboola: { mode: "alternating-thumbnails-a", placement: "Below Article Thumbnails", container: "taboola-below-article-thumbnails" },
      connatix: { playerId: "8a6f0e2b-5c1d-4f3e-9b7a-2d4c6e8f0a1b" },
      connatix_geo_player: { playerId: "3c9e1a7d-2b4f-4e6a-8d0c-5f7b9a1c3e5d", geo: "CO" },
      newsroom: { widgetId: "newsroom-recomendados" },
    };
    return { _id: this.id(), type, ...settings[type] };
  }

  ad(adSlot: string, adDisplay: "mobile" | "desktop" | "all", adType: string) {
    return { _id: this.id(), type: "ad", adSlot, adDisplay, adType };
  }
}
