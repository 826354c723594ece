// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Sección fija, por ejemplo "/videos"; si falta, se toma de la URL.
   */
  section?: string;
  /**
   * Título visible; por defecto, el nombre de la sección.
   */
  title?: string;
  /**
   * Tamaños del listado de sección de Soho: «principal», 6 noticias desde la posición 9 y luego 8 por carga; «alterna», 7 desde la posición 4 y luego 8 (las mismas cifras de las páginas de sección de Semana).
   */
  variant?: "principal" | "alterna";
  /**
   * Mostrar arriba, con la primera en grande, las noticias anteriores a la cuadrícula.
   */
  showTopStories?: boolean;
}
