// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Ruta del mapa de cada mes; {month} es el mes AAAA-MM (AAAA-MM-2, AAAA-MM-3… para las partes de un mes con más artículos de los que caben en un mapa).
   */
  monthPath?: string;
  /**
   * Otros mapas del sitio que el índice nombra, por ruta (p. ej. "/arc/outboundfeeds/sitemap-sections/?outputType=xml").
   */
  sitemaps?: string[];
}
