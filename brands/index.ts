// The six brands and how a request finds its brand: by host name (port ignored, case-insensitive),
// with the default brand serving localhost and every unknown host.
import { brandIds, DEFAULT_BRAND, isBrandId, type BrandId } from "../domain/brands";
import { EMBED_HOSTS } from "../domain/urls";
import { elpais } from "./elpais";
import { forosemana } from "./forosemana";
import { fucsia } from "./fucsia";
import { semana } from "./semana";
import { semanarural } from "./semanarural";
import { soho } from "./soho";
import type { Brand } from "./types";

export type * from "./types";
export { SOHO_SUBMENU_MAX_ROWS } from "./soho";
export { OFFICE_HOURS } from "./common";
export { ELPAIS_CLASSIFIEDS } from "./elpais";
export { contrastRatio, themeCss, WCAG_AA_TEXT_CONTRAST } from "./theme";

export const brands: Record<BrandId, Brand> = { semana, fucsia, soho, elpais, semanarural, forosemana };

/** The brand with this id; throws naming the known ids when there is none. */
export function getBrand(id: string): Brand {
  if (!isBrandId(id)) throw new Error(`Marca desconocida "${id}": se esperaba una de ${brandIds.join(", ")}`);
  return brands[id];
}

/** "SOHO.localhost:3000" → "soho.localhost"; "[::1]:3000" → "::1"; a trailing dot is dropped. */
export function normalizeHost(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith("[")) name = name.slice(1, name.indexOf("]") > 0 ? name.indexOf("]") : undefined);
  else name = name.replace(/:\d*$/, "");
  return name.replace(/\.$/, "");
}

const brandByHost = new Map<string, Brand>();
for (const brand of Object.values(brands)) {
  for (const host of brand.hosts) {
    const other = brandByHost.get(host);
    if (other) throw new Error(`El host "${host}" está declarado por dos marcas: ${other.id} y ${brand.id}`);
    brandByHost.set(host, brand);
  }
}

/** Every host of the group's sites: where content may redirect and which sites raw HTML may frame. */
export const GROUP_HOSTS: readonly string[] = Object.values(brands).flatMap((brand) => brand.hosts);

/**
 * Hosts an iframe from content may show: the embed hosts and the group's own sites (the pages'
 * Content-Security-Policy frame-src lists the same; docs/decisions/0012-threat-model.md).
 */
export const FRAME_HOSTS: readonly string[] = [...EMBED_HOSTS, ...GROUP_HOSTS];

/** The brand serving this Host header; unknown or missing hosts get the default brand. */
export function brandForHost(host: string | null | undefined): Brand {
  return (host && brandByHost.get(normalizeHost(host))) || brands[DEFAULT_BRAND];
}
