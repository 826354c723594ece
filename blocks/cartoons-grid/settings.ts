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
   * Sección de la que se toman las caricaturas (por defecto /caricaturas/galeria).
   */
  section?: string;
  /**
   * Cantidad de caricaturas de la primera tanda (por defecto 4).
   */
  feedSize?: number;
  /**
   * Cantidad de caricaturas que agrega cada «VER MÁS CARICATURAS» (por defecto 2).
   */
  loadMoreSize?: number;
  /**
   * Posición donde empieza la primera tanda (por defecto 5).
   */
  offset?: number;
  /**
   * Igual que «offset» (el otro nombre del contrato); si se escribe, manda sobre «offset».
   */
  offSet?: number;
  /**
   * Etiqueta que muestran las tarjetas en lugar de la sección de cada caricatura.
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
