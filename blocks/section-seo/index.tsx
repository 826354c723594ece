import { brands } from "../../brands";
import { defineBlock } from "../../runtime/define";
import type { PageContext } from "../../runtime/types";
import { normalizeSectionId } from "../../domain/sections";
import { sectionFromUrl, sectionName as knownSectionName } from "../../domain/sections";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** spec/blocks-and-listings.md §2: the breadcrumb goes "home, then the section". */
export const HOME_LABEL = "Inicio";
export const BREADCRUMB_LABEL = "Ruta de navegación";

export interface Crumb {
  name: string;
  /** Site path, e.g. "/seccion/historias/". */
  path: string;
}

export interface Data {
  crumbs: Crumb[];
  /** Absolute canonical URL of the section page on the brand's public host. */
  canonical: string;
  /** The brand's public origin, e.g. "https://www.soho.co". */
  origin: string;
}

/** The brand's public origin: its first host that is not a development host (*.localhost). */
export function publicOrigin(brand: string): string | undefined {
  const hosts = (brands as Record<string, { hosts: string[] } | undefined>)[brand]?.hosts ?? [];
  const host = hosts.find((name) => name !== "localhost" && !name.endsWith(".localhost"));
  return host ? `https://${host}` : undefined;
}

export function sectionSeoData(settings: Settings, context: PageContext): Data | undefined {
  const sectionId = normalizeSectionId(settings.section) ?? sectionFromUrl(context.brand, context.path ?? "");
  const name = sectionId && knownSectionName(context.brand, sectionId);
  const origin = publicOrigin(context.brand);
  if (!sectionId || !name || !origin) return undefined;
  // The block sits on the section's own page: its path without the query string is the canonical one.
  const path = (context.path ?? "/").split("?")[0];
  return { crumbs: [{ name: HOME_LABEL, path: "/" }, { name, path }], canonical: origin + path, origin };
}

/** schema.org BreadcrumbList with absolute URLs, as search engines read it. */
export function breadcrumbJsonLd(data: Data): string {
  const json = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: data.crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: data.origin + crumb.path })),
  });
  // Inside <script>, "</script>" in a name must not end the element.
  return json.replace(/</g, "\\u003c");
}

/** A section page's breadcrumb (Inicio › the section) with its structured data. */
export default defineBlock<Settings, Data | undefined>({
  type: "section-seo",
  transform: (_data, settings, context) => sectionSeoData(settings, context),
  isEmpty: (data) => !data,
  component: ({ data }) => {
    if (!data) return null;
    const last = data.crumbs.length - 1;
    return (
      <nav className={styles.breadcrumb} aria-label={BREADCRUMB_LABEL}>
        <ol>
          {data.crumbs.map((crumb, index) => (
            <li key={crumb.path}>
              <a href={crumb.path} aria-current={index === last ? "page" : undefined}>
                {crumb.name}
              </a>
            </li>
          ))}
        </ol>
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: breadcrumbJsonLd(data) }} />
      </nav>
    );
  },
});
