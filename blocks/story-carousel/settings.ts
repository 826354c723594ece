// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título visible del carrusel; por defecto, el nombre de la sección o, si toma una colección, el de la colección.
   */
  title?: string;
  /**
   * Enlace del título; por defecto, la página de la sección (con una colección, ninguno).
   */
  link?: string;
  /**
   * Sección de la que se toman las noticias, por ejemplo "/nacion"; por defecto, la de la página. No se usa si hay «collectionId».
   */
  section?: string;
  /**
   * Colección de la que se toman las noticias (tiene prioridad sobre «section»).
   */
  collectionId?: string;
  /**
   * Tomar sólo las noticias cuya sección principal es «section» (fuente content-apir-v2) en lugar de todas las que la incluyen.
   */
  primarySectionOnly?: boolean;
  /**
   * Cantidad de noticias del carrusel: 10 (por defecto) o 12.
   */
  feedSize?: 10 | 12;
  /**
   * Posición del listado de la sección o de la colección donde empieza el carrusel (por defecto 0: la primera noticia).
   */
  offset?: number;
  /**
   * Etiqueta de sección que muestran las tarjetas en lugar de la sección de cada noticia.
   */
  customSection?: string;
  /**
   * Fondo del bloque: White (claro, por defecto) o Dark (oscuro).
   */
  background?: "White" | "Dark";
  /**
   * Igual que «offset» (el otro nombre del contrato): cuántos elementos saltar al inicio. Si se escribe, manda sobre «offset»; si no, vale «offset» (por defecto 0).
   */
  offSet?: number;
  /**
   * Incluir los videos de la sección o la colección (por defecto sí).
   */
  videos?: boolean;
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
