// The URL rules a document meets on import (docs/decisions/0042-one-set-of-url-rules.md): its
// address and redirects must be safe or it is refused; any other bad URL is taken out and named.
import { FRAME_HOSTS, GROUP_HOSTS } from "../../brands";
import { quoteInput } from "../../domain/text";
import { isAllowedEmbed, safeHref, safeRedirectTarget, safeSrc } from "../../domain/urls";
import { DocumentError, isObject } from "./documents";

/**
 * The URLs that make a document what it is — its address and where it redirects — must be safe, or
 * the document is refused with the field named: a "javascript:" canonical_url would be a stored XSS
 * in every card that links to it, a redirect off the group's sites an open redirect
 * (docs/decisions/0012-threat-model.md). Pages check URLs again when they render.
 */
export function checkContentUrls(doc: Record<string, any>, id: string) {
  const canonical = doc.canonical_url;
  if (canonical !== undefined && canonical !== null && canonical !== "" && !safeHref(canonical)) {
    throw new DocumentError(`canonical_url no es una ruta ni una dirección http(s) en el documento ${id}: ${quoteInput(String(canonical), 120)}`);
  }
  const redirects = Array.isArray(doc.related_content?.redirect) ? doc.related_content.redirect : [];
  redirects.forEach((redirect: unknown, index: number) => {
    const target = isObject(redirect) ? redirect.redirect_url : undefined;
    if (target !== undefined && !safeHref(target)) {
      throw new DocumentError(
        `related_content.redirect[${index}].redirect_url no es una ruta ni una dirección http(s) en el documento ${id}: ${quoteInput(String(target), 120)}`,
      );
    }
  });
}

/** The src of every iframe of an HTML fragment (entities are not decoded: the sanitiser reads them again on render). */
function iframeSources(html: string): string[] {
  return [...html.matchAll(/<iframe\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((m) => (m[1] ?? m[2] ?? m[3]).trim());
}

export interface NeutralizedDocument {
  document: Record<string, any>;
  /** One line per thing taken out or refused: where it was (an ANS path), what it held, and what was done. */
  notes: string[];
}

/**
 * A document's other URLs — promo and lead images, images and galleries of the body, link lists and
 * interstitial links, raw HTML and oEmbed frames — are checked on import by the rules pages apply
 * when they render (domain/urls.ts; frames only from the embed hosts and the group's sites). One bad
 * link must not lose the document: the element (or the image, or the link) is taken out and said,
 * and the rest is imported. A redirect to a web address off the group's sites is said and kept
 * (pages answer 404 for it). Inline links in paragraphs are left to the sanitiser, which drops unsafe
 * ones on render. Returns a copy; `document` is the input itself when nothing was taken out.
 */
export function neutralizeContentUrls(doc: Record<string, any>): NeutralizedDocument {
  const notes: string[] = [];
  let removed = false;
  const say = (where: string, value: unknown, what: string, kept = false) => {
    notes.push(`${where}: ${quoteInput(String(value), 120)} ${what}`);
    removed ||= !kept;
  };
  const webSrc = (value: unknown) => value === undefined || value === null || value === "" || !!safeSrc(value);
  const webHref = (value: unknown) => value === undefined || value === null || value === "" || !!safeHref(value);

  /** An image (an element, a promo item, a gallery photo): undefined when its url is not usable. */
  const image = (value: unknown, where: string): unknown => {
    if (!isObject(value) || webSrc(value.url)) return value;
    say(`${where}.url`, value.url, "no es una ruta ni una dirección http(s): se quitó la imagen");
    return undefined;
  };
  const images = (list: unknown, where: string): unknown =>
    Array.isArray(list) ? list.map((item, i) => image(item, `${where}[${i}]`)).filter((item) => item !== undefined) : list;
  /** A link (link list item, interstitial link): undefined when its url is not usable; a bad thumb is dropped. */
  const link = (value: unknown, where: string): unknown => {
    if (!isObject(value)) return value;
    if (!webHref(value.url)) {
      say(`${where}.url`, value.url, "no es una ruta ni una dirección http(s): se quitó el enlace");
      return undefined;
    }
    let out = value;
    const thumb = typeof value.thumbImage === "string" ? value.thumbImage : value.thumbImage?.url;
    if (!webSrc(thumb)) {
      say(`${where}.thumbImage`, thumb, "no es una ruta ni una dirección http(s): se quitó la miniatura");
      const { thumbImage: _thumb, ...rest } = out;
      out = rest;
    }
    if (isObject(value.image) && !webSrc(value.image.url)) {
      say(`${where}.image.url`, value.image.url, "no es una ruta ni una dirección http(s): se quitó la miniatura");
      const { image: _image, ...rest } = out;
      out = rest;
    }
    return out;
  };
  /** A frame of raw HTML or an oEmbed: false when any iframe comes from a host frames may not come from. */
  const framesAllowed = (html: unknown, where: string): boolean => {
    if (typeof html !== "string") return true;
    const bad = iframeSources(html).find((src) => !isAllowedEmbed(src, FRAME_HOSTS));
    if (bad === undefined) return true;
    say(where, bad, "es un iframe de un sitio que no está permitido: se quitó el elemento");
    return false;
  };

  const element = (value: unknown, where: string): unknown => {
    if (!isObject(value)) return value;
    switch (value.type) {
      case "image":
        return image(value, where);
      case "gallery":
      case "quote":
        return Array.isArray(value.content_elements) ? { ...value, content_elements: elements(value.content_elements, `${where}.content_elements`) } : value;
      case "link_list":
        return Array.isArray(value.items)
          ? { ...value, items: value.items.map((item, i) => link(item, `${where}.items[${i}]`)).filter((item) => item !== undefined) }
          : value;
      case "interstitial_link":
        return link(value, where);
      case "raw_html":
        return framesAllowed(value.content, `${where}.content`) ? value : undefined;
      case "oembed_response": {
        const raw = isObject(value.raw_oembed) ? value.raw_oembed : {};
        if (!webHref(raw.url)) {
          say(`${where}.raw_oembed.url`, raw.url, "no es una dirección http(s): se quitó el elemento");
          return undefined;
        }
        return framesAllowed(raw.html, `${where}.raw_oembed.html`) ? value : undefined;
      }
      default:
        return value;
    }
  };
  const elements = (list: unknown[], where: string) => list.map((item, i) => element(item, `${where}[${i}]`)).filter((item) => item !== undefined);

  const out: Record<string, any> = { ...doc };
  if (Array.isArray(doc.content_elements)) out.content_elements = elements(doc.content_elements, "content_elements");
  if (isObject(doc.promo_items)) {
    const promo: Record<string, any> = { ...doc.promo_items };
    for (const key of ["basic", "lead_art"]) {
      if (!isObject(promo[key])) continue;
      if (image(promo[key], `promo_items.${key}`) === undefined) delete promo[key];
      else if (isObject(promo[key].promo_image) && image(promo[key].promo_image, `promo_items.${key}.promo_image`) === undefined) {
        const { promo_image: _image, ...rest } = promo[key];
        promo[key] = rest;
      }
    }
    if (isObject(promo.gallery) && Array.isArray(promo.gallery.content_elements)) {
      promo.gallery = { ...promo.gallery, content_elements: images(promo.gallery.content_elements, "promo_items.gallery.content_elements") };
    }
    out.promo_items = promo;
  }
  // A redirect off the group's sites stays stored (the document is not lost) but pages refuse it.
  const redirects = Array.isArray(doc.related_content?.redirect) ? doc.related_content.redirect : [];
  redirects.forEach((redirect: unknown, index: number) => {
    const target = isObject(redirect) ? redirect.redirect_url : undefined;
    if (target !== undefined && safeHref(target) && !safeRedirectTarget(target, GROUP_HOSTS)) {
      say(`related_content.redirect[${index}].redirect_url`, target, "no es de los sitios del grupo: su dirección responde 404 en vez de redirigir", true);
    }
  });
  return { document: removed ? out : doc, notes };
}
