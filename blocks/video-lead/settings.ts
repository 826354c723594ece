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
   * Sección o programa que se lista, por ejemplo "/semana-tv"; sin ella, la que nombra la URL de la página. No se usa con «journalist».
   */
  section?: string;
  /**
   * Videos del bloque contando el principal (por defecto 9: el principal y 8 en «Lo último»; 10 en un programa).
   */
  feedSize?: number;
  /**
   * Título de la lista junto al video principal; por defecto «Lo último».
   */
  title?: string;
  /**
   * Mostrar arriba, como título principal de la página, el nombre (con su ícono o foto) y la descripción de la sección, del programa o del periodista.
   */
  showHeading?: boolean;
}
