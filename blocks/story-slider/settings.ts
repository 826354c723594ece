// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título visible del slider; por defecto, el nombre de la sección o de la colección.
   */
  title?: string;
  /**
   * Enlace del título; por defecto, la página de la sección (con una colección, ninguno).
   */
  link?: string;
  /**
   * Sección de la que se toman las noticias; por defecto, la de la página.
   */
  section?: string;
  /**
   * Colección de la que se toman las noticias (tiene prioridad sobre «section»).
   */
  collectionId?: string;
  /**
   * Cantidad de noticias del slider: 3 (por defecto, una grande por vez) o 12 (varias a la vista).
   */
  feedSize?: 3 | 12;
  /**
   * Posición del listado de la sección o de la colección donde empieza el slider (por defecto 0: la primera noticia).
   */
  offset?: number;
  /**
   * Igual que «offset» (el otro nombre del contrato); si se escribe, manda sobre «offset».
   */
  offSet?: number;
  /**
   * Incluir videos entre las noticias del slider (por defecto sí).
   */
  videos?: boolean;
  /**
   * Etiqueta que muestran las tarjetas en lugar de la sección de cada noticia.
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
