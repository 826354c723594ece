// Which section a section page's URL names, per brand. Soho serves
// its sections at /seccion/<last segment of the id>/ (brands/soho.ts), so /seccion/historias/ is
// /relatos/historias; every other brand serves a section at its id plus "/", so the path itself
// (/deportes/america-de-cali/, /semanarural/agricultura/) is the section id.
import { sectionsByBrand, type BrandId } from "../../brands/sections";
import { normalizeSectionId, SOHO_SECTION_PATH_PREFIX } from "../_shared/listingQueries";

const SOHO: BrandId = "soho";

function brandSections(brand: string) {
  return (sectionsByBrand as Record<string, Array<{ id: string; name: string }> | undefined>)[brand] ?? [];
}

const lastSegment = (id: string) => id.split("/").pop() ?? "";

/**
 * The section id a page URL names: "/seccion/historias/" on Soho → "/relatos/historias" (the
 * shallowest Soho section with that last segment; "/historias" when none has it, so an unknown
 * section finds no stories); "/deportes/america-de-cali/" → "/deportes/america-de-cali". The query
 * string is ignored; "/" names no section.
 */
export function sectionFromUrl(brand: string, path: string): string | undefined {
  const pathname = path.split("?")[0];
  if (brand === SOHO) {
    const segments = pathname.split("/");
    if (segments[1] === SOHO_SECTION_PATH_PREFIX) {
      const slug = segments[2];
      if (!slug) return undefined;
      const known = brandSections(brand)
        .filter((section) => lastSegment(section.id) === slug)
        .sort((a, b) => a.id.split("/").length - b.id.split("/").length)[0];
      return known?.id ?? normalizeSectionId(slug);
    }
  }
  return normalizeSectionId(pathname);
}

/** The name readers see for a section of the brand (brands/sections.ts), or undefined. */
export function knownSectionName(brand: string, sectionId: string): string | undefined {
  return brandSections(brand).find((section) => section.id === sectionId)?.name;
}
