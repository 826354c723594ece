// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título de la página; en una renovación se muestra «Renueva tu suscripción».
   */
  title?: string;
  /**
   * Oferta que se cobra cuando la dirección no trae ?offerId= (466: plan digital anual).
   */
  offerId?: string;
  /**
   * País de la dirección de facturación (código de dos letras).
   */
  country?: string;
}
