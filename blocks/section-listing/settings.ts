// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Sección que se lista, por ejemplo "/nacion"; manda sobre la de la URL salvo con «sectionFromRoute». Sin ella, el bloque lista la sección de la URL.
   */
  section?: string;
  /**
   * Listar la sección que nombra la URL de la página (parámetro :section de la ruta; en Soho, /seccion/<sección>/) en lugar de la del ajuste «section», que queda para cuando la URL no nombra ninguna. Apagado por defecto: la sección propia del bloque manda.
   */
  sectionFromRoute?: boolean;
  /**
   * Título visible; por defecto, el nombre de la sección.
   */
  title?: string;
  /**
   * Enlace del título cuando su nivel es 2; por defecto, la página de la sección. Con nivel 1 el título no enlaza.
   */
  link?: string;
  /**
   * Cantidad de noticias de la primera tanda de la cuadrícula (por defecto 7).
   */
  feedSize?: number;
  /**
   * Posición del listado donde empieza la cuadrícula (por defecto 4: las 4 primeras van arriba, destacadas).
   */
  offset?: number;
  /**
   * Cantidad de noticias que agrega cada «Cargar más artículos» (por defecto 8).
   */
  loadMoreSize?: number;
  /**
   * Mostrar arriba, con la primera en grande, las noticias que salta «offset».
   */
  showTopStories?: boolean;
  /**
   * Mostrar el botón «Cargar más artículos».
   */
  loadMore?: boolean;
  /**
   * Nivel del título: 1 cuando el listado es el contenido principal de la página (página de sección: el título no enlaza y lleva debajo la descripción de la sección), 2 dentro de otra página (portada).
   */
  headingLevel?: 1 | 2;
  /**
   * Etiqueta de sección que muestran las tarjetas en lugar de la sección de cada noticia.
   */
  customSection?: string;
  /**
   * Fondo del bloque: White (claro, por defecto) o Dark (oscuro).
   */
  background?: "White" | "Dark";
  /**
   * Igual que «offset» (el otro nombre del contrato); si se escribe, manda sobre «offset».
   */
  offSet?: number;
  /**
   * Incluir los videos de la sección (por defecto sí).
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
