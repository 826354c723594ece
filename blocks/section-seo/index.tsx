import type { BlockProps } from "../../runtime/types";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

export const BREADCRUMB_LABEL = "Ruta de navegación";

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
export default function SectionSeo({ data }: BlockProps<Settings, Data | undefined>) {
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
}
