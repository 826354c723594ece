// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título de la página; por defecto «Únete a la comunidad de <marca> en WhatsApp».
   */
  title?: string;
  /**
   * Por qué unirse: uno o varios párrafos, separados por una línea en blanco.
   */
  text?: string;
  /**
   * Enlace https del canal, grupo o chat de WhatsApp (whatsapp.com, chat.whatsapp.com, api.whatsapp.com o wa.me); por defecto, el canal de la marca.
   */
  linkWhatsapp?: string;
}
