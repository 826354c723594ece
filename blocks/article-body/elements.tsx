// One renderer per body item (./items.ts), i.e. per content element type of
// docs/article-pages.md#content-elements plus the inserted ads and widgets. The server half has
// already read the elements and sanitised their HTML: renderers only draw what they get.
import type { CSSProperties, ReactNode } from "react";
import { AdSlot } from "../_shared/AdSlot";
import { GalleryCarousel } from "../_shared/GalleryCarousel";
import { ArticleImage } from "../_shared/ArticleImage";
import { VideoPlayer } from "../_shared/VideoPlayer";
import type { Align, BodyItem, LinkData, ListData } from "../_shared/body/items";
import type { HouseAd } from "../_shared/houseAd";
import { Widget } from "./Widget";
import styles from "./styles.module.css";

/** Raw HTML naming 'context_pdf' is a PDF viewer: an iframe of this height (px) (docs/article-pages.md#embeds). */
export const PDF_FRAME_HEIGHT = 600;
const PDF_FRAME_TITLE = "Documento PDF";

function alignStyle(align: Align | undefined): CSSProperties | undefined {
  return align ? { textAlign: align } : undefined;
}

function Html({
  as: Tag,
  html,
  className,
  style,
}: {
  as: "p" | "span" | "div" | "td" | "th" | "li" | "cite";
  html: string;
  className?: string;
  style?: CSSProperties;
}) {
  return <Tag className={className} style={style} dangerouslySetInnerHTML={{ __html: html }} />;
}

function List({ list, depth }: { list: ListData; depth: number }) {
  const Tag = list.ordered ? "ol" : "ul";
  return (
    <Tag className={depth === 0 ? styles.list : undefined}>
      {list.items.map((entry, index) =>
        typeof entry === "string" ? (
          <Html as="li" key={index} html={entry} />
        ) : (
          <li key={index}>
            <List list={entry} depth={depth + 1} />
          </li>
        ),
      )}
    </Tag>
  );
}

function LinkItem({ link }: { link: LinkData }) {
  return (
    <a className={styles.link} href={link.href}>
      {link.thumb ? <img className={styles.thumb} src={link.thumb.src} alt={link.thumb.alt ?? ""} width={96} height={64} loading="lazy" /> : null}
      <span>{link.label}</span>
    </a>
  );
}

function LinkList({ title, links }: { title?: string; links: LinkData[] }) {
  return (
    <aside className={styles.linkList} aria-label={title}>
      {title ? <p className={styles.linkListTitle}>{title}</p> : null}
      <ul>
        {links.map((link, index) => (
          <li key={index} data-link-type={link.linkType}>
            <LinkItem link={link} />
          </li>
        ))}
      </ul>
    </aside>
  );
}

function Table({ header, rows }: { header: string[]; rows: string[][] }) {
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Tabla">
      <table className={styles.table}>
        {header.length ? (
          <thead>
            <tr>
              {header.map((html, index) => (
                <Html as="th" key={index} html={html} />
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((html, c) => (
                <Html as="td" key={c} html={html} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A gallery in the body: the gallery page's carousel and full-screen viewer (../_shared/GalleryCarousel.tsx, started by ./enhance.ts). */
function Gallery({ item }: { item: Extract<BodyItem, { type: "gallery" }> }) {
  return (
    <div className={styles.gallery}>
      {item.title ? <p className={styles.galleryTitle}>{item.title}</p> : null}
      <GalleryCarousel title={item.title ?? ""} images={item.images} />
    </div>
  );
}

function Quote({ item, house }: { item: Extract<BodyItem, { type: "quote" }>; house: HouseAd }) {
  return (
    <blockquote className={styles.quote}>
      {item.items.map((inner, index) => renderItem(inner, index, house))}
      {item.citation ? (
        <footer>
          <Html as="cite" html={item.citation} />
        </footer>
      ) : null}
    </blockquote>
  );
}

/** The body item as React nodes; ad slots hold the brand's house ad. */
export function renderItem(item: BodyItem, key: number, house: HouseAd): ReactNode {
  switch (item.type) {
    case "header": {
      const Tag = `h${item.level}` as "h2";
      return <Tag key={key} className={styles.header} style={alignStyle(item.align)} dangerouslySetInnerHTML={{ __html: item.html }} />;
    }
    case "text":
    case "time":
      return <Html as="p" key={key} html={item.html} className={item.type === "time" ? styles.time : styles.text} style={alignStyle(item.align)} />;
    case "table":
      return <Table key={key} header={item.header} rows={item.rows} />;
    case "quote":
      return <Quote key={key} item={item} house={house} />;
    case "image": {
      const { type: _type, ...image } = item;
      return <ArticleImage key={key} {...image} />;
    }
    case "gallery":
      return <Gallery key={key} item={item} />;
    case "pdf":
      return <iframe key={key} className={styles.pdf} src={item.src} title={PDF_FRAME_TITLE} height={PDF_FRAME_HEIGHT} loading="lazy" data-embed="pdf" />;
    case "video":
      return <VideoPlayer key={key} className={styles.video} videoId={item.videoId} title={item.title} />;
    case "embed":
      return <div key={key} className={styles.embed} data-embed={item.source} dangerouslySetInnerHTML={{ __html: item.html }} />;
    case "list":
      return <List key={key} list={item} depth={0} />;
    case "link_list":
      return <LinkList key={key} title={item.title} links={item.links} />;
    case "interstitial_link":
      return (
        <p key={key} className={styles.interstitial} data-link-type={item.linkType}>
          <LinkItem link={item} />
        </p>
      );
    case "divider":
      return <hr key={key} className={styles.divider} />;
    case "code":
      return (
        <pre key={key} className={styles.code}>
          <code>{item.code}</code>
        </pre>
      );
    case "ad":
      return <AdSlot key={key} name={item.name} target={item.target} house={house} />;
    case "widget":
      return <Widget key={key} item={item} />;
    default:
      return null;
  }
}
