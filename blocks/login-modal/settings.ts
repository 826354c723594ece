// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título de la página detrás de la ventana modal.
   */
  title?: string;
  /**
   * Texto para el lector sin sesión, bajo el título.
   */
  text?: string;
  /**
   * Panel con que se abre la ventana: 0 recuperar contraseña, 1 iniciar sesión, 2 crear cuenta. La dirección puede pedir otro con ?=1 (crear cuenta) o ?form=login|register|recovery.
   */
  pane?: 0 | 1 | 2;
}
