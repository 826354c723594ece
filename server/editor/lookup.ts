// GET /_editor/api/buscar: what the settings form's pickers offer (docs/editor-tools.md#page-editor).
// ?kind=section&brand=semana&q=moda searches the brand's sections (collections, tags, authors,
// galleries, navigation trees) in the content store by words of their names; ?kind=…&brand=…&id=…
// (repeated) names the ids a page writes and lists those that name nothing. A bad query string is a
// 400 that says what is wrong.
import type { RequestHandler } from "express";
import { brandIds } from "../../domain/brands";
import { LOOKUP_KINDS, type LookupKind, type LookupQuery } from "../content/lookup";
import type { ContentStore } from "../content/store";
import { BadPathError } from "./access";

/** The longest search text, and how many ids one request may name. */
const MAX_TEXT = 100;
const MAX_IDS = 50;
const PARAMETERS = ["kind", "brand", "q", "id"];

/** The kind, brand and search or ids a query string asks for; BadPathError (a 400) naming what is wrong. */
function lookupRequest(query: Record<string, unknown>): { kind: LookupKind; brand: string; query: LookupQuery } {
  const unknown = Object.keys(query).filter((name) => !PARAMETERS.includes(name));
  if (unknown.length) throw new BadPathError(`parámetro desconocido «${unknown[0].slice(0, 40)}»: se esperan ${PARAMETERS.join(", ")}`);
  const one = (name: string) => {
    const value = query[name];
    if (value !== undefined && typeof value !== "string") throw new BadPathError(`«${name}» debe aparecer una sola vez, como texto`);
    return value;
  };
  const kind = one("kind");
  if (!LOOKUP_KINDS.includes(kind as LookupKind))
    throw new BadPathError(`${kind === undefined ? "falta «kind»" : `«kind» desconocido «${kind.slice(0, 40)}»`}: use ${LOOKUP_KINDS.join(", ")}`);
  const brand = one("brand");
  if (!(brandIds as string[]).includes(brand ?? ""))
    throw new BadPathError(`${brand === undefined ? "falta «brand»" : `marca desconocida «${brand.slice(0, 40)}»`}: use ${brandIds.join(", ")}`);
  const text = one("q");
  if (text !== undefined && text.length > MAX_TEXT) throw new BadPathError(`«q» es demasiado largo (${text.length} caracteres; hasta ${MAX_TEXT})`);
  if (query.id === undefined) return { kind: kind as LookupKind, brand: brand!, query: { text: text ?? "" } };
  if (text !== undefined) throw new BadPathError("use «q» para buscar o «id» para nombrar valores, no ambos");
  const ids = Array.isArray(query.id) ? query.id : [query.id];
  if (ids.length > MAX_IDS) throw new BadPathError(`demasiados «id» (${ids.length}; hasta ${MAX_IDS})`);
  if (!ids.every((id): id is string => typeof id === "string" && id.trim().length > 0 && id.length <= 200))
    throw new BadPathError("cada «id» debe ser un texto no vacío de hasta 200 caracteres");
  return { kind: kind as LookupKind, brand: brand!, query: { ids } };
}

export function lookupHandler(store: ContentStore | undefined): RequestHandler {
  return (req, res, next) => {
    const { kind, brand, query } = lookupRequest(req.query);
    if (!store) return void res.status(503).json({ error: "el editor no tiene almacén de contenido en el que buscar" });
    store.lookup(brand, kind, query).then((items) => {
      const missing = "ids" in query ? query.ids.filter((id) => !items.some((item) => item.id === id)) : undefined;
      res.json({ kind, brand, items, ...(missing ? { missing } : {}) });
    }, next);
  };
}
