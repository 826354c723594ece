// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Modo del encabezado: «Normal» (fondo claro), «Oscuro» (fondo oscuro, para videos) o «Transparente» (superpuesto sobre la portada de los especiales).
   */
  mode?: "Normal" | "Oscuro" | "Transparente";
  /**
   * Mostrar un encabezado compacto fijo cuando el encabezado principal sale de la vista (en las notas, con barra de progreso de lectura). Por defecto sí.
   */
  sticky?: boolean;
}
