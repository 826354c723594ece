// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título que encabeza la página de la cuenta, sobre su navegación.
   */
  title?: string;
  /**
   * Sección del perfil que muestra: «suscripciones» (todo: estado, tarjeta, dirección, compartir, cancelar e historial de pedidos) o «editardireccion» (solo las direcciones de facturación y de envío).
   */
  section?: "suscripciones" | "editardireccion";
  /**
   * Motivos de cancelación que el lector elige (código y texto). Vacío o ausente: los motivos por defecto.
   */
  cancelReasons?: {
    /**
     * Código del motivo (letras, dígitos, _ . : -).
     */
    code: string;
    /**
     * Texto que ve el lector.
     */
    label: string;
  }[];
}
