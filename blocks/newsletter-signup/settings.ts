// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * «boletin»: suscripción al boletín de noticias; «consentimiento»: autorización de tratamiento de datos.
   */
  lista?: "boletin" | "consentimiento";
  /**
   * Título del formulario; por defecto «Recibe el boletín de» y el nombre de la marca, o «Autorización de tratamiento de datos».
   */
  title?: string;
  /**
   * Texto bajo el título del boletín; por defecto «Las noticias más importantes del día, en tu correo.». La autorización tiene su texto fijo.
   */
  text?: string;
}
