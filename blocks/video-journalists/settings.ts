// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título del bloque; por defecto «Periodistas» («Otros periodistas» en la página de un periodista).
   */
  title?: string;
  /**
   * Árbol de navegación del que se toman los periodistas (por defecto navSemanaTv).
   */
  navigationId?: string;
}
