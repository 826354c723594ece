// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título visible; por defecto «Esto dijo...».
   */
  title?: string;
  /**
   * Enlace del título (por defecto /foros-semana/videos/).
   */
  link?: string;
  /**
   * Sección de los videos; por defecto, la sección principal de la nota de la página, la de la página o, si no hay ninguna, /foros-semana/videos.
   */
  section?: string;
  /**
   * Cantidad de videos (por defecto 6).
   */
  feedSize?: number;
  /**
   * Posición del listado de la sección donde empiezan los videos (por defecto 0: el más reciente).
   */
  offset?: number;
  /**
   * Igual que «offset» (el otro nombre del contrato); si se escribe, manda sobre «offset».
   */
  offSet?: number;
  /**
   * Fondo del bloque: White (claro, por defecto) o Dark (oscuro).
   */
  background?: "White" | "Dark";
  /**
   * Mostrar la línea divisoria bajo el bloque (por defecto sí).
   */
  divider?: boolean;
  /**
   * Usar la variante azul del bloque.
   */
  isBlue?: boolean;
  /**
   * Mostrar el ícono junto al título.
   */
  hasIcon?: boolean;
}
