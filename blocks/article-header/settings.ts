// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Páginas de galería: sin foto principal cuando el artículo tiene galería (la galería va debajo y su primera foto no se repite).
   */
  hideLeadWithGallery?: boolean;
  /**
   * Mostrar la foto o el video principal. Los especiales la apagan: su portada a pantalla completa ya muestra la foto.
   */
  showLead?: boolean;
}
