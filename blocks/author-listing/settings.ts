// Generated from schema.json by `npm run gen:types`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Identificador o slug del autor cuando la ruta no trae :slug, por ejemplo "vicky-davila".
   */
  authorId?: string;
  /**
   * Cantidad de artículos por tanda, la primera y cada «Cargar más artículos» (por defecto 8).
   */
  feedSize?: number;
  /**
   * Título de la lista de artículos, bajo la presentación del autor.
   */
  title?: string;
}
