// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

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
   * Cuántas notas mostrar, de 1 a 9 (por defecto 3; la página /lo-mas-visto/ muestra las 9).
   */
  feedSize?: number;
  /**
   * «tarjetas»: cada nota con su imagen grande; «lista»: imagen pequeña al lado del título, para columnas laterales.
   */
  variant?: "tarjetas" | "lista";
  /**
   * Nivel del título: 1 cuando la lista es el contenido principal de la página (/lo-mas-visto/), 2 dentro de otra página.
   */
  headingLevel?: 1 | 2;
}
