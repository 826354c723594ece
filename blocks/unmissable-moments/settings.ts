// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título visible; por defecto «MOMENTOS IMPERDIBLES».
   */
  title?: string;
  /**
   * Enlace del título.
   */
  link?: string;
  /**
   * Sección de la que se toman los momentos (por defecto /foros-semana/momentos).
   */
  section?: string;
  /**
   * Cantidad de momentos de la primera tanda (por defecto 8).
   */
  feedSize?: number;
  /**
   * Cantidad de momentos que agrega cada «Cargar más artículos» (por defecto 4).
   */
  loadMoreSize?: number;
  /**
   * Posición del listado donde empieza la primera tanda (por defecto 0: el momento más reciente).
   */
  offset?: number;
  /**
   * Igual que «offset» (el otro nombre del contrato); si se escribe, manda sobre «offset».
   */
  offSet?: number;
  /**
   * Incluir los videos (por defecto sí).
   */
  videos?: boolean;
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
