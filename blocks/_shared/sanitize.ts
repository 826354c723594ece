// HTML from content (paragraphs, raw HTML, social embeds) is rebuilt from an allowlist before it
// reaches the page: only listed tags and attributes survive, scripts and their text are dropped,
// event handlers and javascript: URLs never pass, and every open tag is closed so a fragment cannot
// break the page around it. It is plain string work without a DOM, and it runs on the server only (the
// body's server half sends the sanitised HTML): no React here, and it never reaches the browser bundle.
import { FRAME_HOSTS } from "../../brands";
import { hasAllowedScheme, isAllowedEmbed, LINK_SCHEMES } from "../../domain/urls";

export interface SanitizePolicy {
  /** Allowed tags, each with the attributes it may carry (besides `globalAttributes`). */
  tags: Record<string, readonly string[]>;
  globalAttributes: readonly string[];
  /** Allow data-* and aria-* attributes (social embeds read their options from data-*). */
  dataAndAria: boolean;
}

/** Inline formatting of paragraph text (the text element policy). */
export const INLINE_POLICY: SanitizePolicy = {
  tags: {
    a: ["href", "title", "target", "rel"],
    b: [],
    strong: [],
    i: [],
    em: [],
    u: [],
    br: [],
    span: [],
    sup: [],
    sub: [],
  },
  globalAttributes: [],
  dataAndAria: false,
};

const block = (...names: string[]) => Object.fromEntries(names.map((name) => [name, [] as string[]]));

/** Editors' raw HTML and oEmbed markup: layout, media and embeds, never scripts. */
export const EMBED_POLICY: SanitizePolicy = {
  tags: {
    ...block("abbr", "b", "br", "caption", "center", "code", "dd", "del", "div", "dl", "dt", "em", "figcaption"),
    ...block("figure", "h2", "h3", "h4", "h5", "h6", "hr", "i", "ins", "li", "mark", "p", "picture", "pre"),
    ...block("s", "small", "span", "strong", "sub", "sup", "tbody", "tfoot", "thead", "tr", "u", "ul"),
    ...block("section", "article", "header", "footer", "aside", "colgroup"),
    a: ["href", "target", "rel", "name"],
    blockquote: ["cite"],
    q: ["cite"],
    col: ["span", "width"],
    img: ["src", "alt", "width", "height", "loading"],
    iframe: ["src", "width", "height", "allow", "allowfullscreen", "frameborder", "title", "loading", "scrolling", "referrerpolicy"],
    video: ["src", "controls", "poster", "preload", "playsinline", "muted", "loop", "width", "height"],
    audio: ["src", "controls", "preload"],
    source: ["src", "type", "media"],
    table: ["border", "cellpadding", "cellspacing"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan", "scope"],
    time: ["datetime"],
    ol: ["start", "type", "reversed"],
  },
  globalAttributes: ["class", "title", "lang", "dir", "style", "width", "height", "align"],
  dataAndAria: true,
};

/** Dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "textarea",
  "title",
  "xmp",
  "noembed",
  "noframes",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "select",
  "head",
  "frameset",
]);
/** Raw-text elements: their content is text up to the matching end tag, never markup. */
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "noembed", "noframes", "noscript"]);
const VOID = new Set(["br", "hr", "img", "col", "source", "wbr", "area", "input", "meta", "link", "base", "embed"]);
const URL_ATTRIBUTES = new Set(["href", "src", "poster", "cite"]);
/** Styles that run code or load things, and fixed or sticky boxes (a full-screen overlay over the page). */
const UNSAFE_STYLE = /expression\s*\(|javascript:|vbscript:|url\s*\(|@import|behavior\s*:|-moz-binding|position\s*:\s*(fixed|sticky)/i;

const START_TAG = /<([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
const END_TAG = /<\/([a-zA-Z][a-zA-Z0-9:-]*)[^>]*>/y;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  colon: ":",
  tab: "\t",
  newline: "\n",
  lpar: "(",
  rpar: ")",
  sol: "/",
  period: ".",
  comma: ",",
  aacute: "á",
  eacute: "é",
  iacute: "í",
  oacute: "ó",
  uacute: "ú",
  ntilde: "ñ",
  uuml: "ü",
  Aacute: "Á",
  Eacute: "É",
  Iacute: "Í",
  Oacute: "Ó",
  Uacute: "Ú",
  Ntilde: "Ñ",
  Uuml: "Ü",
  iexcl: "¡",
  iquest: "¿",
  laquo: "«",
  raquo: "»",
  ldquo: "“",
  rdquo: "”",
  lsquo: "‘",
  rsquo: "’",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  middot: "·",
  copy: "©",
  reg: "®",
  deg: "°",
  euro: "€",
};

/** Decodes character references (numeric and the common named ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES[ref] ?? NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function cleanAttributes(tag: string, source: string, policy: SanitizePolicy): string {
  const allowed = policy.tags[tag];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1].toLowerCase();
    if (seen.has(name)) continue;
    seen.add(name);
    const permitted = allowed.includes(name) || policy.globalAttributes.includes(name) || (policy.dataAndAria && /^(data|aria)-[a-z0-9_.:-]+$/.test(name));
    if (!permitted || name.startsWith("on")) continue;
    const raw = match[2] ?? match[3] ?? match[4];
    if (raw === undefined) {
      out.push(name);
      continue;
    }
    const value = decodeEntities(raw);
    if (URL_ATTRIBUTES.has(name) && !(tag === "iframe" && name === "src" ? isAllowedEmbed(value, FRAME_HOSTS) : hasAllowedScheme(value, LINK_SCHEMES)))
      continue;
    if (name === "style" && UNSAFE_STYLE.test(value)) continue;
    if (name === "target" && value !== "_blank") continue;
    // rel is decided below: a link opening a new tab gets noopener whatever the content said.
    if (name === "rel" && tag === "a") continue;
    out.push(`${name}="${escapeAttribute(value)}"`);
  }
  if (tag === "a" && out.includes('target="_blank"')) out.push('rel="noopener noreferrer"');
  if (tag === "iframe" && !seen.has("loading")) out.push('loading="lazy"');
  return out.length ? " " + out.join(" ") : "";
}

/** Rebuilds `html` keeping only what `policy` allows. */
export function sanitizeHtml(html: string | undefined | null, policy: SanitizePolicy = INLINE_POLICY): string {
  if (typeof html !== "string" || html === "") return "";
  let out = "";
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt < 0) {
      out += html.slice(i).replace(/>/g, "&gt;");
      break;
    }
    out += html.slice(i, lt).replace(/>/g, "&gt;");
    i = lt;
    if (html.startsWith("<!--", i)) {
      const end = html.indexOf("-->", i + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html[i + 1] === "!" || html[i + 1] === "?") {
      const end = html.indexOf(">", i);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    END_TAG.lastIndex = i;
    const end = END_TAG.exec(html);
    if (end) {
      i = END_TAG.lastIndex;
      const tag = end[1].toLowerCase();
      const at = open.lastIndexOf(tag);
      if (at >= 0) while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    START_TAG.lastIndex = i;
    const start = START_TAG.exec(html);
    if (!start) {
      out += "&lt;";
      i += 1;
      continue;
    }
    i = START_TAG.lastIndex;
    const tag = start[1].toLowerCase();
    const selfClosing = /\/\s*$/.test(start[2]);
    if (DROP_WITH_CONTENT.has(tag)) {
      if (!selfClosing && !VOID.has(tag)) i = skipElement(html, i, tag);
      continue;
    }
    if (!Object.prototype.hasOwnProperty.call(policy.tags, tag)) continue;
    out += `<${tag}${cleanAttributes(tag, start[2], policy)}>`;
    if (!VOID.has(tag)) {
      if (selfClosing) out += `</${tag}>`;
      else open.push(tag);
    }
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** The position just after the end of the dropped element `tag` whose start tag ends at `from`. */
function skipElement(html: string, from: number, tag: string): number {
  const lower = html.toLowerCase();
  if (RAW_TEXT.has(tag)) {
    const close = lower.indexOf(`</${tag}`, from);
    if (close < 0) return html.length;
    const gt = html.indexOf(">", close);
    return gt < 0 ? html.length : gt + 1;
  }
  const pattern = new RegExp(`<(/?)${tag}(?=[\\s/>])[^>]*>`, "gi");
  pattern.lastIndex = from;
  let depth = 1;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[1] ? -1 : /\/\s*>$/.test(match[0]) ? 0 : 1;
    if (depth === 0) return pattern.lastIndex;
  }
  return html.length;
}

/** The text of `html` without any markup, entities decoded (for alt text and structured data). */
export function plainText(html: string | undefined | null): string {
  const noTags: SanitizePolicy = { tags: {}, globalAttributes: [], dataAndAria: false };
  return decodeEntities(sanitizeHtml(html, noTags)).replace(/\s+/g, " ").trim();
}
