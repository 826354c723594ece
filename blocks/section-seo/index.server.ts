import { normalizeSectionId, sectionFromUrl, sectionName as knownSectionName } from "../../domain/sections";
import { defineBlockServer } from "../../runtime/define";
import type { PageContext } from "../../runtime/types";
import { pageOrigin } from "../_shared/publicOrigin";
import type { Settings } from "./settings";

/** The breadcrumb goes "home, then the section" (docs/brands.md#soho-section-page). */
export const HOME_LABEL = "Inicio";

interface Crumb {
  name: string;
  /** Site path, e.g. "/seccion/historias/". */
  path: string;
}

export interface Data {
  /** Home, then the section; the last one is the page itself, its path without the query string. */
  crumbs: Crumb[];
  /** The origin the page is served at (its canonical link's, blocks/_shared/publicOrigin.ts): the structured data's URLs are absolute. */
  origin: string;
}

/** The breadcrumb of the section page this request is for; undefined when the brand has no such section. */
function sectionSeoData(settings: Settings, context: PageContext): Data | undefined {
  const sectionId = normalizeSectionId(settings.section) ?? sectionFromUrl(context.brand, context.path ?? "");
  const name = sectionId && knownSectionName(context.brand, sectionId);
  const origin = pageOrigin(context);
  if (!sectionId || !name) return undefined;
  // The block sits on the section's own page: its path without the query string is the canonical one.
  const path = (context.path ?? "/").split("?")[0];
  return {
    crumbs: [
      { name: HOME_LABEL, path: "/" },
      { name, path },
    ],
    origin,
  };
}

/**
 * A section page's breadcrumb (Inicio › the section) with its structured data. It fetches nothing:
 * the section comes from the URL (or the setting) and the brand's section tree, the origin from the
 * request (or the brand's public host).
 */
export default defineBlockServer<Settings, Data | undefined>({
  transform: (_data, settings, context) => sectionSeoData(settings, context),
  isEmpty: (data) => !data,
});
