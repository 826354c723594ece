// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Artículos por página, la primera y cada «Cargar más artículos» (por defecto 50).
   */
  feedSize?: number;
}
