// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Identificador o slug del autor cuando la dirección no lo trae en su tercer segmento, por ejemplo "vicky-davila".
   */
  authorId?: string;
  /**
   * Sección a la que se limitan las notas del autor (includeSections), por ejemplo "opinion-fucsia" en Fucsia; sin ella, todas sus notas.
   */
  section?: string;
  /**
   * Cantidad de notas por tanda, la primera y cada «Cargar más artículos» (por defecto 16).
   */
  feedSize?: number;
  /**
   * Título de la lista de notas, bajo la presentación del autor.
   */
  title?: string;
}
