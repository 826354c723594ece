// One renderer per content element type of spec/articles.md §3. Renderers read fields defensively;
// an unknown type renders nothing, and a renderer that throws drops only its element.
import type { ReactNode } from "react";
import type { AnsElement } from "../../domain/ans";
import { AdSlot } from "../_shared/AdSlot";
import { ArticleImage, ansImageProps } from "../_shared/ArticleImage";
import { VideoPlayer } from "../_shared/VideoPlayer";
import { youtubeEmbedId, youtubeId } from "../_shared/youtube";
import { text } from "../../domain/ans";
import { EMBED_POLICY, INLINE_POLICY, decodeEntities, plainText, sanitizeHtml } from "./sanitize";
import { WIDGETS, isWidgetType, type WidgetType } from "./insertions";
import styles from "./styles.module.css";

/** The headline is the page's <h1>: body headers start at <h2>; levels above 6 are capped at 6. */
export const HEADER_LEVEL = { min: 2, max: 6 } as const;
/** Raw HTML naming 'context_pdf' is a PDF viewer: an iframe of this height (px). */
export const PDF_FRAME_HEIGHT = 600;
export const PDF_MARKER = "context_pdf";
export const PDF_FRAME_TITLE = "Documento PDF";

export function headerLevel(level: unknown): number {
  const n = Math.trunc(Number(level));
  if (!Number.isFinite(n)) return HEADER_LEVEL.min;
  return Math.min(HEADER_LEVEL.max, Math.max(HEADER_LEVEL.min, n));
}

const ALIGNMENTS = new Set(["left", "center", "right", "justify"]);

function alignStyle(element: AnsElement) {
  return ALIGNMENTS.has(element.alignment) ? { textAlign: element.alignment as "left" | "center" | "right" | "justify" } : undefined;
}

function Html({ as: Tag, html, className, style }: { as: "p" | "span" | "div" | "td" | "th" | "li" | "cite"; html: string; className?: string; style?: any }) {
  return <Tag className={className} style={style} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** http(s) and site-relative URLs only: content links never run script. */
export function safeUrl(url: unknown): string | undefined {
  const value = text(url)?.trim();
  if (!value) return undefined;
  return /^(https?:)?\/\//i.test(value) || /^\/(?!\/)/.test(value) || value.startsWith("#") ? value : undefined;
}

/** The src attribute of the first tag of `html` that has one. */
function firstSrc(html: string): string | undefined {
  const match = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(html);
  const raw = match?.[1] ?? match?.[2] ?? match?.[3];
  return raw === undefined ? undefined : decodeEntities(raw).trim();
}

export function Widget({ type }: { type: WidgetType }) {
  const widget = WIDGETS[type];
  return (
    <div className={styles.widget} data-widget={type} style={{ minHeight: widget.height }}>
      <span className={styles.widgetLabel}>{widget.label}</span>
    </div>
  );
}

function RawHtml({ content }: { content: string }) {
  if (content.includes(PDF_MARKER)) {
    const src = safeUrl(firstSrc(content));
    if (!src) return null;
    return <iframe className={styles.pdf} src={src} title={PDF_FRAME_TITLE} height={PDF_FRAME_HEIGHT} loading="lazy" data-embed="pdf" />;
  }
  const video = youtubeEmbedId(content);
  if (video) return <VideoPlayer className={styles.video} videoId={video} title={text(/\stitle\s*=\s*"([^"]*)"/i.exec(content)?.[1])} />;
  const html = sanitizeHtml(content, EMBED_POLICY);
  return html.trim() ? <div className={styles.embed} data-embed="raw_html" dangerouslySetInnerHTML={{ __html: html }} /> : null;
}

const OEMBED_SUBTYPES = new Set(["instagram", "twitter", "youtube"]);

function Oembed({ element }: { element: AnsElement }) {
  const oembed = element.raw_oembed ?? {};
  const html = text(oembed.html) ?? "";
  const provider = (text(oembed.provider_name) ?? "").toLowerCase();
  const declared = (text(element.subtype) ?? "").toLowerCase();
  const subtype = OEMBED_SUBTYPES.has(declared) ? declared : OEMBED_SUBTYPES.has(provider) ? provider : "other";
  if (subtype === "youtube") {
    const id = youtubeId(text(oembed.url)) ?? youtubeEmbedId(html) ?? youtubeId(html);
    if (id) return <VideoPlayer className={styles.video} videoId={id} title={text(oembed.title)} />;
  }
  const clean = sanitizeHtml(html, EMBED_POLICY);
  return clean.trim() ? <div className={styles.embed} data-embed={subtype} dangerouslySetInnerHTML={{ __html: clean }} /> : null;
}

function List({ element, depth }: { element: AnsElement; depth: number }) {
  const items = Array.isArray(element.items) ? element.items : [];
  const Tag = element.list_type === "ordered" ? "ol" : "ul";
  if (!items.length) return null;
  return (
    <Tag className={depth === 0 ? styles.list : undefined}>
      {items.map((item: any, index: number) => {
        if (item?.type === "list") {
          return (
            <li key={index}>
              <List element={item} depth={depth + 1} />
            </li>
          );
        }
        const html = sanitizeHtml(text(item?.content) ?? "", INLINE_POLICY);
        return html ? <Html as="li" key={index} html={html} /> : null;
      })}
    </Tag>
  );
}

function thumbnail(item: any): { src: string; alt: string } | undefined {
  const src = safeUrl(text(item?.thumbImage) ?? text(item?.thumbImage?.url) ?? text(item?.image?.url));
  return src ? { src, alt: text(item?.image?.caption) ?? "" } : undefined;
}

function LinkItem({ item }: { item: any }) {
  const href = safeUrl(item?.url);
  const label = plainText(text(item?.content));
  if (!href || !label) return null;
  const thumb = thumbnail(item);
  return (
    <a className={styles.link} href={href}>
      {thumb ? <img className={styles.thumb} src={thumb.src} alt={thumb.alt} width={96} height={64} loading="lazy" /> : null}
      <span>{label}</span>
    </a>
  );
}

function LinkList({ element }: { element: AnsElement }) {
  const items = (Array.isArray(element.items) ? element.items : []).filter((item: any) => safeUrl(item?.url) && plainText(item?.content));
  if (!items.length) return null;
  const title = plainText(text(element.title));
  return (
    <aside className={styles.linkList} aria-label={title || undefined}>
      {title ? <p className={styles.linkListTitle}>{title}</p> : null}
      <ul>
        {items.map((item: any, index: number) => (
          <li key={index} data-link-type={text(item.type)}>
            <LinkItem item={item} />
          </li>
        ))}
      </ul>
    </aside>
  );
}

function Table({ element }: { element: AnsElement }) {
  const header = Array.isArray(element.header) ? element.header : [];
  const rows = (Array.isArray(element.rows) ? element.rows : []).filter(Array.isArray);
  if (!header.length && !rows.length) return null;
  const cell = (value: any) => sanitizeHtml(text(value?.content) ?? "", INLINE_POLICY);
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Tabla">
      <table className={styles.table}>
        {header.length ? (
          <thead>
            <tr>
              {header.map((value: any, index: number) => (
                <Html as="th" key={index} html={cell(value)} />
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {rows.map((row: any[], r: number) => (
            <tr key={r}>
              {row.map((value, c) => (
                <Html as="td" key={c} html={cell(value)} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Gallery({ element }: { element: AnsElement }) {
  const images = (Array.isArray(element.content_elements) ? element.content_elements : []).map(ansImageProps).filter((image) => image.url);
  if (!images.length) return null;
  const title = text(element.headlines?.basic);
  return (
    <section className={styles.gallery} aria-label={title ? `Galería: ${title}` : "Galería"}>
      {title ? <p className={styles.galleryTitle}>{title}</p> : null}
      <ul className={styles.galleryStrip} tabIndex={0}>
        {images.map((image, index) => (
          <li key={index} className={styles.gallerySlide}>
            <ArticleImage {...image} sizes="(min-width: 1024px) 470px, 260px" />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Quote({ element, depth }: { element: AnsElement; depth: number }) {
  const inner = Array.isArray(element.content_elements) ? element.content_elements : [];
  const citation = sanitizeHtml(text(element.citation?.content) ?? "", INLINE_POLICY);
  const children = inner.map((child: any, index: number) => renderElement(child, index, depth + 1)).filter(Boolean);
  if (!children.length && !citation) return null;
  return (
    <blockquote className={styles.quote}>
      {children}
      {citation ? (
        <footer>
          <Html as="cite" html={citation} />
        </footer>
      ) : null}
    </blockquote>
  );
}

/** Quotes may nest; beyond this depth inner quotes are dropped (hostile content could nest forever). */
const MAX_DEPTH = 4;

function renderUnchecked(element: AnsElement, key: number, depth: number): ReactNode {
  switch (element.type) {
    case "header": {
      const html = sanitizeHtml(text(element.content) ?? "", INLINE_POLICY);
      if (!html.trim()) return null;
      const Tag = `h${headerLevel(element.level)}` as "h2";
      return <Tag key={key} className={styles.header} style={alignStyle(element)} dangerouslySetInnerHTML={{ __html: html }} />;
    }
    case "text":
    case "time": {
      const html = sanitizeHtml(text(element.content) ?? "", INLINE_POLICY);
      if (!html.trim()) return null;
      return <Html as="p" key={key} html={html} className={element.type === "time" ? styles.time : styles.text} style={alignStyle(element)} />;
    }
    case "table":
      return <Table key={key} element={element} />;
    case "quote":
      return depth < MAX_DEPTH ? <Quote key={key} element={element} depth={depth} /> : null;
    case "image": {
      const image = ansImageProps(element);
      return image.url ? <ArticleImage key={key} {...image} /> : null;
    }
    case "gallery":
      return <Gallery key={key} element={element} />;
    case "raw_html":
      return text(element.content) ? <RawHtml key={key} content={element.content} /> : null;
    case "oembed_response":
      return <Oembed key={key} element={element} />;
    case "list":
      return depth < MAX_DEPTH ? <List key={key} element={element} depth={0} /> : null;
    case "link_list":
      return <LinkList key={key} element={element} />;
    case "interstitial_link":
      return safeUrl(element.url) && plainText(element.content) ? (
        <p key={key} className={styles.interstitial} data-link-type={text(element.subtype)}>
          <LinkItem item={element} />
        </p>
      ) : null;
    case "divider":
      return <hr key={key} className={styles.divider} />;
    case "code":
      return text(element.content) ? (
        <pre key={key} className={styles.code}>
          <code>{element.content}</code>
        </pre>
      ) : null;
    case "ad":
      return <AdSlot key={key} name={text(element.adSlot)} target={text(element.adDisplay)} />;
    default:
      return isWidgetType(element.type) ? <Widget key={key} type={element.type} /> : null;
  }
}

/** The element as React nodes; nothing for unknown types, malformed elements or a renderer error. */
export function renderElement(element: unknown, key: number, depth = 0): ReactNode {
  if (!element || typeof element !== "object" || typeof (element as AnsElement).type !== "string") return null;
  try {
    return renderUnchecked(element as AnsElement, key, depth);
  } catch (error) {
    console.warn(`article-body: elemento ${(element as AnsElement).type} ${(element as AnsElement)._id ?? ""} omitido: ${String(error)}`);
    return null;
  }
}
