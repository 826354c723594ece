// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Rutas vedadas a los rastreadores (Disallow), p. ej. "/autogestion/" o "/*?debug=".
   */
  disallow?: string[];
  /**
   * Rutas de los mapas del sitio (Sitemap), que se escriben con el origen público de la marca.
   */
  sitemaps?: string[];
}
