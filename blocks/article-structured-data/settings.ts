// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Tipo de artículo de schema.org. «auto» (por defecto): OpinionNewsArticle en columnas de opinión, NewsArticle en los demás; los especiales usan ReportageNewsArticle.
   */
  articleType?: "auto" | "NewsArticle" | "ReportageNewsArticle" | "OpinionNewsArticle";
}
