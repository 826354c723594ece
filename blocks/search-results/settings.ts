// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título visible de la página de resultados (por defecto «Resultados de búsqueda»).
   */
  title?: string;
  /**
   * Resultados por tanda, la primera y cada «Cargar más artículos» (por defecto 10).
   */
  feedSize?: number;
}
