import { useId, type ReactNode } from "react";
import type { FooterGroup } from "../../brands";
import type { BlockProps } from "../../runtime/types";
import { MenuLink } from "../_shared/MenuLink";
import { SocialLinks } from "../_shared/SocialLinks";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/**
 * One of the two groups. On small screens its heading is a button that folds the list (closed at
 * first; the page's one script, enhance.ts, opens and closes it). From 1024 px the CSS hides that
 * button, shows the plain heading and always shows the list (it overrides the hidden attribute), so
 * large screens never see a folded group.
 */
function Group({ group, children }: { group: FooterGroup; children?: ReactNode }) {
  const bodyId = `${useId()}-${group.id}`;
  return (
    <section className={styles.group}>
      <h2 className={styles.groupTitle}>
        <button type="button" className={styles.groupToggle} aria-expanded={false} aria-controls={bodyId} data-toggle="">
          {group.title}
          <span className={styles.chevron} aria-hidden="true" />
        </button>
        <span className={styles.groupHeading}>{group.title}</span>
      </h2>
      <div id={bodyId} className={styles.groupBody} hidden>
        <ul className={styles.links}>
          {group.links.map((link) => (
            <li key={link.title}>
              <MenuLink item={link} />
            </li>
          ))}
        </ul>
        {children}
      </div>
    </section>
  );
}

const ARCHIVE_LABEL = "Archivo del día";
const DARK_THEME_LABEL = "Tema oscuro";

/**
 * The dark-theme switch (docs/carousels-and-blocks.md#dark-theme-switch). The server cannot know the
 * reader's choice: it renders the switch off and hidden, and the head's theme script
 * (blocks/_shared/darkTheme.ts) shows it with the page's state once the page is parsed and works it.
 * Without script it stays hidden (it could not work).
 */
function ThemeSwitch() {
  return (
    <button type="button" role="switch" aria-checked={false} className={styles.themeSwitch} data-theme-switch="" hidden>
      <span className={styles.switchTrack} aria-hidden="true">
        <span className={styles.switchKnob} />
      </span>
      {DARK_THEME_LABEL}
    </button>
  );
}

/** The brand's footer; its server half has already picked this brand's links and legal lines. */
export function SiteFooter({ data }: BlockProps<Settings, Data>) {
  const { brand, social, groups, officeHours, consumerAuthority } = data;
  const { year } = data;
  return (
    <footer className={styles.root}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.brandColumn}>
          <a href="/" className={styles.logo} aria-label={`${brand.displayName}: ir a la portada`} dangerouslySetInnerHTML={{ __html: brand.logoSvg }} />
          <SocialLinks brandName={brand.displayName} links={social} className={styles.social} />
        </div>
        <div className={styles.groups}>
          {groups.map((group) => (
            <Group key={group.id} group={group}>
              {group.id === "contact" ? (
                <p className={styles.hours}>
                  <span className={styles.hoursLabel}>Horario de atención:</span> {officeHours}
                </p>
              ) : null}
            </Group>
          ))}
        </div>
        <a
          href={consumerAuthority.url}
          className={styles.authority}
          target="_blank"
          rel="noopener"
          aria-label={consumerAuthority.name}
          dangerouslySetInnerHTML={{ __html: consumerAuthority.logoSvg }}
        />
      </div>
      <div className={styles.legal}>
        <div className={`container ${styles.legalInner}`}>
          {/* The year box keeps its width while the year is only known after mount. */}
          <p className={styles.copyright}>
            © <span className={styles.year}>{year}</span> {brand.legalName}
          </p>
          <p className={styles.legalLine}>
            <span>NIT {brand.taxNumber}</span>
            <span>{brand.city}</span>
            <span>ISSN {brand.issn}</span>
          </p>
          <p className={styles.tools}>
            <a href={data.archive}>{ARCHIVE_LABEL}</a>
            <ThemeSwitch />
          </p>
        </div>
      </div>
    </footer>
  );
}
