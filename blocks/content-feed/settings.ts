// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Fuente de contenido y su consulta. En los textos de la consulta, {parametro} toma el valor del parámetro de la ruta, p. ej. "includeSections": "/{section}".
   */
  contentConfig?: {
    /**
     * Nombre de la fuente de contenido, por ejemplo "content-apir" o "published-content".
     */
    source: string;
    /**
     * Consulta de la fuente; sus parámetros dependen de la fuente elegida.
     */
    query?: {
      [k: string]: string | number | boolean;
    };
  };
  /**
   * Solo los artículos publicados en las últimas horas indicadas (48 para Google Noticias). Sin este ajuste, todos los que traiga la fuente.
   */
  lastHours?: number;
  /**
   * Incluir el cuerpo completo de cada artículo (content:encoded en RSS). Los artículos para suscriptores llevan solo su resumen.
   */
  fullBody?: boolean;
}
