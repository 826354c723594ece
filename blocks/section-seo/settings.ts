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
}
