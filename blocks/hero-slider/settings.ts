// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Sección de la que se toman las historias; por defecto, la de la página.
   */
  section?: string;
  /**
   * Colección de la que se toman las historias (tiene prioridad sobre «section»).
   */
  collectionId?: string;
  /**
   * Cuántos elementos saltar al inicio del listado (por defecto 0).
   */
  offset?: number;
  /**
   * Igual que «offset» (el otro nombre del contrato); si se escribe, manda sobre «offset».
   */
  offSet?: number;
  /**
   * Incluir videos entre las historias del slider (por defecto sí).
   */
  videos?: boolean;
  /**
   * Etiqueta que muestran las diapositivas en lugar de la sección de cada historia.
   */
  customSection?: string;
  /**
   * El slider está en lo alto de la página: la foto de la primera diapositiva se carga de inmediato.
   */
  aboveTheFold?: boolean;
}
