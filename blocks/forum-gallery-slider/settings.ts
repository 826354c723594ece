// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título visible; por defecto, el de la galería elegida con «galleryId» (sin galería, ninguno).
   */
  title?: string;
  /**
   * Identificador de la galería cuyas fotos se muestran (tiene prioridad sobre «section»).
   */
  galleryId?: string;
  /**
   * URL de destino del bloque: a dónde lleva el título. Por defecto, la página de la galería elegida o la de la sección. Una ruta del sitio o una dirección https.
   */
  url?: string;
  /**
   * Sección de la que se toman las galerías cuando no hay «galleryId» (por defecto /foros-semana/galerias).
   */
  section?: string;
  /**
   * Cantidad de galerías de la sección (por defecto 6); con «galleryId» se muestran todas sus fotos.
   */
  feedSize?: number;
  /**
   * Cuántos elementos saltar al inicio del listado (por defecto 0).
   */
  offset?: number;
  /**
   * Igual que «offset» (el otro nombre del contrato); si se escribe, manda sobre «offset».
   */
  offSet?: number;
  /**
   * El slider está en lo alto de la página: la primera foto se carga de inmediato.
   */
  aboveTheFold?: boolean;
}
