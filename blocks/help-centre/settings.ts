// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * «centro»: el centro de ayuda completo (8 categorías); «datos-personales»: la página de ayuda de datos personales (3 tarjetas); «formulario»: solo el formulario de PQRS, con enlaces al centro de ayuda y a WhatsApp (para la página de contacto, bajo su texto).
   */
  vista?: "centro" | "datos-personales" | "formulario";
  /**
   * Título de la pantalla; por defecto «Servicio al cliente» (o «Datos personales» en esa vista). En la vista «formulario», el título del formulario; por defecto «Radica tu PQRS».
   */
  title?: string;
  /**
   * Línea de WhatsApp de servicio al cliente: el enlace flotante, «¿No encontraste lo que buscabas?» y los enlaces «Escríbenos por WhatsApp». Por defecto, el chat https://wa.me/573150000000. Solo enlaces https de WhatsApp (wa.me, api.whatsapp.com…); otro valor usa el de por defecto.
   */
  linkWhatsapp?: string;
}
