// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Colección de la que se toma la noticia (tiene prioridad sobre «section»).
   */
  collectionId?: string;
  /**
   * Sección de la que se toma el contenido, por ejemplo "/nacion" o "economia/opinion" (con o sin barra inicial).
   */
  section?: string;
  /**
   * Posición de la noticia en la colección o la sección (por defecto 0: la primera).
   */
  offset?: number;
  /**
   * La noticia está en lo alto de la página: su imagen se carga de inmediato, sin carga diferida.
   */
  aboveTheFold?: boolean;
  /**
   * Etiqueta de sección que se muestra en lugar de la sección de la noticia.
   */
  customSection?: string;
  /**
   * Fondo del bloque: White (claro, por defecto) o Dark (oscuro).
   */
  background?: "White" | "Dark";
  /**
   * Igual que «offset» (el otro nombre del contrato); si se escribe, manda sobre «offset».
   */
  offSet?: number;
}
