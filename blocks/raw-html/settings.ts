// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * El HTML que muestra la página (hasta 200.000 caracteres). Las etiquetas que la limpieza quita se señalan al validar.
   */
  html?: string;
}
