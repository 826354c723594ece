// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Qué se lista: «section» los videos de la sección (video-section-source), «programme» los de un programa (content-apir-semanaTV-v2), «journalist» los videos del periodista de la ruta en Semana TV.
   */
  feed?: "section" | "programme" | "journalist";
  /**
   * Sección o programa que se lista, por ejemplo "/semana-tv/virales"; sin ella, la que nombra la URL de la página. No se usa con «journalist».
   */
  section?: string;
  /**
   * Título de la lista; por defecto «Últimos videos».
   */
  title?: string;
  /**
   * Videos de la primera tanda (por defecto 12).
   */
  feedSize?: number;
  /**
   * Posición del listado donde empieza la lista (por defecto 0; 9 para «Otros videos», después del video principal y «Lo último»).
   */
  offset?: number;
  /**
   * Videos que agrega cada clic en el botón (por defecto 8).
   */
  loadMoreSize?: number;
  /**
   * Texto del botón que carga más videos (por defecto «Más videos»).
   */
  loadMoreLabel?: string;
  /**
   * Mostrar arriba, como título principal de la página, el nombre y la descripción de la sección, del programa o del periodista (páginas que solo tienen la lista).
   */
  showHeading?: boolean;
}
