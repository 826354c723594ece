// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título de la página cuando el bloque es la página entera (p. ej. «Datos personales»); vacío cuando va bajo otro bloque de cuenta.
   */
  title?: string;
}
