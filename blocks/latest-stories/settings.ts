// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título visible del bloque (por defecto «Últimas noticias»).
   */
  title?: string;
  /**
   * Enlace del título, por ejemplo "/ultimas-noticias/".
   */
  link?: string;
  /**
   * Cantidad de noticias por tanda, la primera y cada «Cargar más artículos» (por defecto 12).
   */
  feedSize?: number;
  /**
   * Cuántos elementos saltar al inicio del listado (por defecto 0).
   */
  offset?: number;
  /**
   * Fondo del bloque: White (claro, por defecto) o Dark (oscuro).
   */
  background?: "White" | "Dark";
  /**
   * Igual que «offset» (el otro nombre del contrato): cuántos elementos saltar al inicio. Si se escribe, manda sobre «offset»; si no, vale «offset» (por defecto 0).
   */
  offSet?: number;
  /**
   * Incluir videos entre las últimas noticias (por defecto sí).
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
