// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Colección curada de la que sale «Lo último». Sin ella, se muestran las últimas noticias publicadas de la marca.
   */
  collectionId?: string;
}
