// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Identificador de la colección curada por los editores.
   */
  collectionId: string;
  /**
   * Título visible; por defecto, el título de la colección.
   */
  title?: string;
  /**
   * Enlace del título, por ejemplo "/ultimas-noticias/".
   */
  link?: string;
  /**
   * Presentación: list (lista compacta con la hora relativa, como «Lo último») o grid (cuadrícula de tarjetas, por defecto).
   */
  variant?: "list" | "grid";
  /**
   * Mostrar la primera noticia de la colección en grande, con su resumen.
   */
  featureFirst?: boolean;
  /**
   * Cantidad de noticias que se muestran (por defecto 5, el tamaño de la lista «Lo último»).
   */
  feedSize?: number;
  /**
   * Cuántos elementos saltar al inicio del listado (por defecto 0).
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
   * Incluir los videos de la colección (por defecto sí).
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
