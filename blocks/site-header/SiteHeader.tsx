import { useEffect, useId, useRef, useState } from "react";
import type { BlockProps } from "../../runtime/types";
import { formatLongDate } from "../_shared/format";
import { useDismiss } from "../_shared/useDismiss";
import type { BrandMark } from "../_shared/brandChrome";
import { isoDateInBogota } from "../_shared/clock";
import type { Data } from "./index.server";
import { MenuLink } from "../_shared/MenuLink";
import type { Settings } from "./settings";
import { SocialLinks } from "../_shared/SocialLinks";
import { throttle } from "./throttle";
import { useNow } from "../_shared/useNow";
import { UserMenuSlot } from "./UserMenuSlot";
import styles from "./styles.module.css";

/** docs/article-pages.md#sticky-header: the sticky header's scroll check is throttled at 200 ms... */
export const STICKY_SCROLL_THROTTLE_MS = 200;
/** ...and the reading-progress bar at 100 ms. */
export const PROGRESS_THROTTLE_MS = 100;

type HeaderMode = NonNullable<Settings["mode"]>;

const MODE_CLASS: Record<HeaderMode, string> = { Normal: styles.normal, Oscuro: styles.dark, Transparente: styles.transparent };

/** The open menu: at most one at a time (docs/article-pages.md#menus: 'Más' and the hamburger exclude each other). */
type OpenMenu = "more" | "drawer" | `sub-${number}` | null;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * How far the reader is through the story, from 0 to 1: 0 while the top of the article body
 * ([data-article-body]) is at or below the top of the window, 1 once its bottom reaches the
 * bottom of the window. Without an article body, how far the page is scrolled.
 */
function readingProgress(): number {
  const viewport = window.innerHeight;
  const body = document.querySelector<HTMLElement>("[data-article-body]");
  let value: number;
  if (body) {
    const rect = body.getBoundingClientRect();
    const distance = rect.height - viewport;
    value = distance <= 0 ? (rect.bottom <= viewport ? 1 : 0) : -rect.top / distance;
  } else {
    const distance = document.documentElement.scrollHeight - viewport;
    value = distance <= 0 ? 1 : window.scrollY / distance;
  }
  return Math.round(clamp01(value) * 1000) / 1000;
}

function Logo({ brand, className }: { brand: BrandMark; className: string }) {
  return <a href="/" className={className} aria-label={`${brand.displayName}: ir a la portada`} dangerouslySetInnerHTML={{ __html: brand.logoSvg }} />;
}

/** The brand's header; its server half has already picked this brand's menus (cut to their row limit). */
export function SiteHeader({ settings, data }: BlockProps<Settings, Data>) {
  const { brand, menus, userMenu, social, path, isStory, headline, searchHtml, stickyBarHtml } = data;
  const mode: HeaderMode = settings.mode && settings.mode in MODE_CLASS ? settings.mode : "Normal";
  const sticky = settings.sticky ?? true;
  const { main, more, drawer } = menus;

  const baseId = useId();
  const panelId = (menu: Exclude<OpenMenu, null>) => `${baseId}-${menu}`;
  const [open, setOpen] = useState<OpenMenu>(null);
  const [compact, setCompact] = useState(false);
  const [progress, setProgress] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const drawerCloseRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const today = useNow(data.renderedAt, formatLongDate);
  const todayIso = useNow(data.renderedAt, isoDateInBogota);

  const toggle = (menu: Exclude<OpenMenu, null>, opener: HTMLElement) => {
    openerRef.current = opener;
    setOpen((current) => (current === menu ? null : menu));
  };

  // Close on a click outside every menu and its buttons, and on Escape (focus goes back to the button).
  useDismiss(
    open !== null,
    () => setOpen(null),
    (target) => [...(rootRef.current?.querySelectorAll("[data-menu]") ?? [])].some((element) => element.contains(target)),
    openerRef,
  );

  useEffect(() => {
    if (open === "drawer") drawerCloseRef.current?.focus();
  }, [open]);

  // The menu bar sticks, compact, once its top reaches the top of the window (the masthead above it
  // has scrolled out of view; docs/brands.md#sticky-bar); on stories it carries the reading-progress
  // bar. A passive scroll listener, throttled as docs/article-pages.md#sticky-header says.
  useEffect(() => {
    if (!sticky) return;
    const checkHeader = throttle(() => {
      // A header that is not laid out (zero height) has not scrolled anywhere.
      const header = headerRef.current?.getBoundingClientRect();
      const bar = headerRef.current?.querySelector(`.${styles.nav}`)?.getBoundingClientRect();
      // Without a menu bar on screen, once the whole header has gone.
      setCompact(bar && bar.height > 0 ? bar.top <= 0 : Boolean(header && header.height > 0 && header.bottom <= 0));
    }, STICKY_SCROLL_THROTTLE_MS);
    const updateProgress = throttle(() => setProgress(readingProgress()), PROGRESS_THROTTLE_MS);
    const onScroll = () => {
      checkHeader();
      if (isStory) updateProgress();
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    onScroll();
    return () => {
      window.removeEventListener("scroll", onScroll);
      checkHeader.cancel();
      updateProgress.cancel();
    };
  }, [sticky, isStory]);

  const menuButton = (className: string) => (
    <button
      type="button"
      className={className}
      data-menu="drawer"
      aria-expanded={open === "drawer"}
      aria-controls={panelId("drawer")}
      onClick={(event) => toggle("drawer", event.currentTarget)}
    >
      <span className={styles.burger} aria-hidden="true" />
      <span className="visually-hidden">Menú</span>
    </button>
  );

  const rootClass = [styles.root, MODE_CLASS[mode], compact ? styles.compactShown : ""].filter(Boolean).join(" ");
  return (
    <div ref={rootRef} className={rootClass} data-mode={mode}>
      <header ref={headerRef} className={styles.header}>
        <div className={styles.topBar}>
          <div className={`container ${styles.topBarInner}`}>
            {/* A fixed-width box: the date may only be known after mount, and nothing may shift then. */}
            <span className={styles.date}>{today ? <time dateTime={todayIso}>{today}</time> : null}</span>
            <span className={styles.issn}>ISSN {brand.issn}</span>
            <span className={styles.search} dangerouslySetInnerHTML={{ __html: searchHtml }} />
          </div>
        </div>
        <div className={`container ${styles.brandBar}`}>
          {menuButton(styles.menuButton)}
          <Logo brand={brand} className={styles.logo} />
          <UserMenuSlot {...userMenu} />
        </div>
        <nav className={styles.nav} aria-label="Menú principal">
          <div className={`container ${styles.navInner}`}>
            <ul className={styles.navList}>
              {main.map((item, index) => {
                const menu = `sub-${index}` as const;
                return (
                  <li key={`${item.title}-${index}`} className={styles.navItem}>
                    {item.link ? <MenuLink item={item} path={path} className={styles.navLink} /> : null}
                    {item.items?.length ? (
                      <button
                        type="button"
                        className={item.link ? styles.subToggle : styles.navButton}
                        data-menu={menu}
                        aria-expanded={open === menu}
                        aria-controls={panelId(menu)}
                        onClick={(event) => toggle(menu, event.currentTarget)}
                      >
                        {item.link ? <span className="visually-hidden">Submenú de {item.title}</span> : item.title}
                        <span className={styles.chevron} aria-hidden="true" />
                      </button>
                    ) : null}
                  </li>
                );
              })}
              {more.length ? (
                <li className={styles.navItem}>
                  <button
                    type="button"
                    className={styles.navButton}
                    data-menu="more"
                    aria-expanded={open === "more"}
                    aria-controls={panelId("more")}
                    onClick={(event) => toggle("more", event.currentTarget)}
                  >
                    Más
                    <span className={styles.chevron} aria-hidden="true" />
                  </button>
                </li>
              ) : null}
            </ul>
          </div>
          {main.map((item, index) =>
            item.items?.length ? (
              <div key={index} id={panelId(`sub-${index}`)} className={styles.panel} data-menu={`sub-${index}`} hidden={open !== `sub-${index}`}>
                <ul className={`container ${styles.panelList}`} aria-label={item.title}>
                  {item.items.map((child) => (
                    <li key={child.title}>
                      <MenuLink item={child} path={path} />
                    </li>
                  ))}
                </ul>
              </div>
            ) : null,
          )}
          {more.length ? (
            <div id={panelId("more")} className={styles.panel} data-menu="more" hidden={open !== "more"}>
              <ul className={`container ${styles.panelList}`} aria-label="Más secciones">
                {more.map((item) => (
                  <li key={item.title}>
                    <MenuLink item={item} path={path} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </nav>
      </header>
      <div className={styles.backdrop} hidden={open !== "drawer"} />
      <div id={panelId("drawer")} className={styles.drawer} data-menu="drawer" hidden={open !== "drawer"}>
        <div className={styles.drawerHead}>
          <Logo brand={brand} className={styles.drawerLogo} />
          <button ref={drawerCloseRef} type="button" className={styles.closeButton} onClick={() => setOpen(null)}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Cerrar menú</span>
          </button>
        </div>
        <nav aria-label="Secciones">
          <ul className={styles.drawerList}>
            {drawer.map((item, index) => (
              <li key={`${item.title}-${index}`}>
                {item.link ? <MenuLink item={item} path={path} /> : <span className={styles.drawerGroup}>{item.title}</span>}
                {item.items?.length ? (
                  <ul className={styles.drawerSubList}>
                    {item.items.map((child) => (
                      <li key={child.title}>
                        <MenuLink item={child} path={path} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
        <SocialLinks brandName={brand.displayName} links={social} className={styles.drawerSocial} />
      </div>

      {sticky && compact ? (
        <div className={styles.compact} data-compact-header="">
          <div className={`container ${styles.compactInner}`}>
            {menuButton(styles.menuButton)}
            <Logo brand={brand} className={styles.compactLogo} />
            {stickyBarHtml ? (
              <>
                <span data-sticky-tools="" dangerouslySetInnerHTML={{ __html: stickyBarHtml }} />
                <UserMenuSlot {...userMenu} sticky />
              </>
            ) : headline ? (
              <p className={styles.compactTitle}>{headline}</p>
            ) : null}
          </div>
          {isStory ? (
            <div
              className={styles.progress}
              role="progressbar"
              aria-label="Progreso de lectura"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
            >
              <div className={styles.progressFill} style={{ transform: `scaleX(${progress})` }} />
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
