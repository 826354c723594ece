// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título del banner, por ejemplo «COP16 Cali».
   */
  title?: string;
  /**
   * Texto bajo el título (opcional).
   */
  text?: string;
  /**
   * Fecha y hora del evento con su zona horaria (ISO 8601), por defecto el 21 de octubre de 2024 a las 00:00 de Colombia.
   */
  target?: string;
  /**
   * Enlace opcional del título.
   */
  link?: string;
}
