// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título del carrusel (por defecto «VER MÁS OPINIONES»).
   */
  title?: string;
  /**
   * Sección de opinión de la que se toman las columnas, por ejemplo "/semanarural/opinion"; por defecto, las secciones de opinión de la marca.
   */
  section?: string;
  /**
   * A dónde lleva «Ver todos»; por defecto, la página de la (primera) sección de opinión, por ejemplo /semanarural/opinion/ en Semana Rural.
   */
  link?: string;
  /**
   * Cantidad de columnas del carrusel (por defecto 6).
   */
  feedSize?: number;
  /**
   * Posición del listado donde empieza el carrusel (por defecto 0: la columna más reciente).
   */
  offset?: number;
}
