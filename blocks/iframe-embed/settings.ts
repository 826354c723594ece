// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Dirección que se muestra en el marco: una ruta del sitio ("/documentos/informe-de-gestion-2025.pdf") o una dirección https de un sitio permitido (YouTube, Vimeo, Spotify, Google, los sitios del grupo…).
   */
  url?: string;
  /**
   * Nombre del contenido del marco para lectores de pantalla, por ejemplo «Informe de gestión 2025».
   */
  title?: string;
  /**
   * Altura del marco en pantallas de 1024 px de ancho o más, en píxeles (por defecto 600).
   */
  desktopHeight?: number;
  /**
   * Altura del marco en pantallas más angostas (celulares y tabletas), en píxeles (por defecto 400).
   */
  mobileHeight?: number;
}
