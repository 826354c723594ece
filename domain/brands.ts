// The six brands of the group, as the whole product knows them: their ids and the default brand.
// Their look, menus and hosts are configuration (brands/); content and accounts only need the ids.

export type BrandId = "semana" | "fucsia" | "soho" | "elpais" | "semanarural" | "forosemana";

export const brandIds: BrandId[] = ["semana", "fucsia", "soho", "elpais", "semanarural", "forosemana"];

/**
 * The default brand: it serves localhost and unknown hosts, lends its article templates and group
 * pages to the brands that define none, and owns imported documents that name no website.
 */
export const DEFAULT_BRAND: BrandId = "semana";

export function isBrandId(id: unknown): id is BrandId {
  return typeof id === "string" && (brandIds as string[]).includes(id);
}
