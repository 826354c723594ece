// Generated from schema.json by `npm run gen:types`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título visible (por defecto «Lo más visto»).
   */
  title?: string;
  /**
   * Nivel del título: 1 cuando la lista es el contenido principal de la página (/lo-mas-visto/), 2 dentro de otra página.
   */
  headingLevel?: 1 | 2;
}
