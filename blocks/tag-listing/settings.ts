// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Slug de la etiqueta cuando la ruta no trae :tag, por ejemplo "gustavo-petro".
   */
  tag?: string;
  /**
   * Título visible; por defecto, el nombre de la etiqueta.
   */
  title?: string;
  /**
   * Cantidad de noticias por tanda, la primera y cada «Cargar más artículos» (por defecto 8).
   */
  feedSize?: number;
  /**
   * Nivel del título: 1 cuando el listado es el contenido principal de la página, 2 dentro de otra página.
   */
  headingLevel?: 1 | 2;
}
