// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título del carrusel, por ejemplo «Columnistas» (sin él, el carrusel no lleva título).
   */
  title?: string;
  autorIds?: AutorIds;
}
/**
 * Autores del carrusel, en orden: clave ("1", "2"…) → identificador del autor, por ejemplo { "1": "vicky-davila" }. Se muestran los 12 primeros; sin autores, el bloque no se muestra.
 */
export interface AutorIds {
  [k: string]: string;
}
