// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título visible; por defecto «FOROS ANTERIORES».
   */
  title?: string;
  /**
   * Enlace del título.
   */
  link?: string;
  /**
   * Sección de la que se toman los foros (por defecto /foros-semana/foros).
   */
  section?: string;
  /**
   * Cantidad de foros de la primera tanda (por defecto 9).
   */
  feedSize?: number;
  /**
   * Cantidad de foros que agrega cada «Cargar más artículos» (por defecto 6).
   */
  loadMoreSize?: number;
  /**
   * Posición del listado donde empieza la primera tanda (por defecto 1: el foro más reciente va en otro bloque).
   */
  offset?: number;
  /**
   * Igual que «offset» (el otro nombre del contrato); si se escribe, manda sobre «offset».
   */
  offSet?: number;
  /**
   * Etiqueta que muestran las tarjetas en lugar de la sección de cada uno.
   */
  customSection?: string;
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
