// Rules for URLs that come from content or from a reader before they become a link, an image, an
// embed or a redirect (docs/decisions/0012-threat-model.md). Content is untrusted: it arrives from
// imports and from other newsrooms' APIs, and a "javascript:" link in a card is a stored XSS.

import { hasControlCharacters } from "./text";

/** Browsers ignore control characters and whitespace inside a URL's scheme ("java\tscript:"). */
function compact(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
}

/** The scheme of a URL as a browser reads it ("javascript"), lower case, or undefined for a relative URL. */
function urlScheme(value: string): string | undefined {
  return /^([a-z][a-z0-9+.-]*):/i.exec(compact(value))?.[1]?.toLowerCase();
}

/** A path on this site: "/nacion/…", never "//host" or "/\host" (which browsers read as another host). */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !hasControlCharacters(value);
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && !!url.hostname && compact(value) === value.trim();
  } catch {
    return false;
  }
}

/**
 * A link a reader may follow, from content: a path on this site, a fragment, or an http(s) URL.
 * Anything else (javascript:, data:, vbscript:, "//host", garbage) gives undefined.
 */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const url = value.trim();
  if (!url) return undefined;
  if (isSitePath(url) || /^#[\w-]*$/.test(url)) return url;
  return isWebUrl(url) ? url : undefined;
}

/** An image or media source from content: a path on this site or an http(s) URL. */
export function safeSrc(value: unknown): string | undefined {
  const url = safeHref(value);
  return url && !url.startsWith("#") ? url : undefined;
}

/** Literal addresses of the reader's own machine and network (IPv4 private, loopback, link-local; IPv6 the same). */
function isPrivateAddress(host: string): boolean {
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (host.startsWith("[")) return /^\[(::1?|f[cd][0-9a-f]*:.*|fe[89ab][0-9a-f]*:.*|::ffff:.*)\]$/i.test(host);
  return false;
}

/**
 * A media source from content (a video's renditions and poster, docs/decisions/0012-threat-model.md):
 * a path on this site, or an https URL without credentials whose host is a public name: never the
 * reader's machine or network (localhost, *.local, private and loopback addresses), which a page
 * must not make the browser request, nor http (the pages' media-src allows https only).
 */
export function safeMediaSrc(value: unknown): string | undefined {
  const src = safeSrc(value);
  if (!src || isSitePath(src)) return src;
  const url = new URL(src);
  const host = url.hostname.toLowerCase();
  if (url.protocol !== "https:" || url.username || url.password) return undefined;
  if (!host.includes(".") || /(^|\.)(localhost|local|internal|home\.arpa)\.?$/.test(host) || isPrivateAddress(host)) return undefined;
  return src;
}

/** Schemes raw HTML from content may link to (mailto and tel besides the web). */
export const LINK_SCHEMES: ReadonlySet<string> = new Set(["http", "https", "mailto", "tel"]);

/** True for relative URLs and absolute ones whose scheme is in `schemes` (raw HTML attributes). */
export function hasAllowedScheme(value: string, schemes: ReadonlySet<string>): boolean {
  const scheme = urlScheme(value);
  return !scheme || schemes.has(scheme);
}

/**
 * Hosts whose players raw HTML and embeds may frame: the social and video platforms of the
 * product's embeds, maps, and what the content the sites carry uses. The brands' own hosts are added
 * by the caller. The pages' Content-Security-Policy frame-src lists the same hosts.
 */
export const EMBED_HOSTS: readonly string[] = [
  "www.youtube.com",
  "youtube.com",
  "www.youtube-nocookie.com",
  "player.vimeo.com",
  "platform.twitter.com",
  "twitter.com",
  "x.com",
  "www.instagram.com",
  "instagram.com",
  "www.facebook.com",
  "facebook.com",
  "www.tiktok.com",
  "open.spotify.com",
  "www.google.com",
  "videos.posttv.com",
];

/** An iframe source from content: https (or http) on one of `hosts` (or a path on this site). */
export function isAllowedEmbed(value: string, hosts: readonly string[]): boolean {
  if (isSitePath(value.trim())) return true;
  if (!isWebUrl(value.trim())) return false;
  return hosts.includes(new URL(value.trim()).hostname.toLowerCase());
}

/**
 * An http(s) URL on one of `hosts` or on a subdomain of one ("flip.semana.com" under "semana.com" or
 * "www.semana.com"): a link from content to one of the group's own services.
 */
export function isWebUrlWithin(value: unknown, hosts: readonly string[]): boolean {
  if (typeof value !== "string" || !isWebUrl(value.trim())) return false;
  const host = new URL(value.trim()).hostname.toLowerCase();
  return hosts.some((allowed) => {
    const domain = allowed.toLowerCase().replace(/^www\./, "");
    return host === allowed.toLowerCase() || host === domain || host.endsWith(`.${domain}`);
  });
}

/**
 * Where a reader may be sent back to after signing in: a path on this site, as a path. Absolute
 * URLs of another origin, "//host", "/.//host" and non-web schemes give null.
 */
export function sitePath(target: unknown, origin: string): string | null {
  if (typeof target !== "string" || !target.trim()) return null;
  let url: URL;
  try {
    url = new URL(target.trim(), origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !/^https?:$/.test(url.protocol)) return null;
  // "/.//evil.example" resolves to the path "//evil.example", which a browser reads as a host.
  return "/" + url.pathname.replace(/^[/\\]+/, "") + url.search + url.hash;
}

/**
 * Where a content redirect may send readers (a 301): a path on this site, or an http(s) URL on one
 * of `hosts` (the group's own sites). Undefined otherwise.
 */
export function safeRedirectTarget(value: unknown, hosts: readonly string[]): string | undefined {
  if (typeof value !== "string") return undefined;
  const url = value.trim();
  if (isSitePath(url)) return url;
  if (!isWebUrl(url)) return undefined;
  return hosts.includes(new URL(url).hostname.toLowerCase()) ? url : undefined;
}

/**
 * The path on this site of a document's canonical URL. Our own stories carry a path
 * ("/nacion/articulo/…"); stories from other newsrooms often carry their original absolute URL
 * ("https://www.example.com/section/slug.html"), and are served here at its path ("/section/slug.html",
 * query and fragment dropped). Undefined for anything that is not a safe path or http(s) URL.
 */
export function contentPath(value: unknown): string | undefined {
  const url = safeHref(value);
  if (!url || url.startsWith("#")) return undefined;
  if (isSitePath(url)) return url;
  const { pathname } = new URL(url);
  // "https://host//evil" has the path "//evil", which a browser reads as a host.
  const path = "/" + pathname.replace(/^[/\\]+/, "");
  return isSitePath(path) ? path : undefined;
}

/** Hosts of WhatsApp's chat and channel links. */
const WHATSAPP_HOSTS: readonly string[] = ["wa.me", "api.whatsapp.com", "web.whatsapp.com", "whatsapp.com", "www.whatsapp.com", "chat.whatsapp.com"];

/** A WhatsApp chat or channel link an editor configured: https on one of WHATSAPP_HOSTS, else undefined. */
export function safeWhatsappLink(value: unknown): string | undefined {
  if (typeof value !== "string" || !isWebUrl(value.trim())) return undefined;
  const url = new URL(value.trim());
  return url.protocol === "https:" && WHATSAPP_HOSTS.includes(url.hostname.toLowerCase()) ? url.toString() : undefined;
}

/**
 * What is wrong with a service's address (an identity provider, reCAPTCHA, YouTube's API), or
 * undefined: it must be https, or http on this machine (the local stand-ins of the tests).
 */
export function serviceUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "no es una URL";
  }
  const local = url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
  return url.protocol === "https:" || (url.protocol === "http:" && local) ? undefined : "debe ser https (o http en este equipo)";
}
