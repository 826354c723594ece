// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título visible (por defecto, ninguno).
   */
  title?: string;
  /**
   * Enlace del título.
   */
  link?: string;
  /**
   * Sección de la que se toman los especiales; por defecto, las tres secciones de especiales (/especiales, /especiales-editoriales y /especiales-multimedia).
   */
  section?: string;
  /**
   * Cantidad de especiales de la primera tanda (por defecto 4).
   */
  feedSize?: number;
  /**
   * Cantidad de especiales que agrega cada «Cargar más artículos» (por defecto 4).
   */
  loadMoreSize?: number;
  /**
   * Mostrar «Cargar más artículos» (por defecto sí). Apagado, el bloque muestra solo su primera tanda: así otro bloque igual puede seguir desde su posición.
   */
  loadMore?: boolean;
  /**
   * Posición del listado donde empieza la primera tanda (por defecto 9).
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
