// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * «latest»: las últimas galerías; «related»: las galerías del mismo subtipo que la de la página.
   */
  variant?: "latest" | "related";
  /**
   * Título visible; por defecto «Últimas galerías» o «Galerías relacionadas».
   */
  title?: string;
}
