// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título del mensaje (se muestra como encabezado principal).
   */
  title: string;
  /**
   * Texto bajo el título del mensaje.
   */
  text?: string;
  /**
   * Enlace del botón bajo el texto.
   */
  link?: string;
  /**
   * Texto del botón que lleva al enlace.
   */
  linkLabel?: string;
  /**
   * Fondo del bloque: White (claro, por defecto) o Dark (oscuro).
   */
  background?: "White" | "Dark";
}
