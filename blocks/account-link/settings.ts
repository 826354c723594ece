// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Qué hace el enlace: verificar-correo, enlace-magico o eliminar-cuenta.
   */
  action: "verificar-correo" | "enlace-magico" | "eliminar-cuenta";
  /**
   * Título de la página; por defecto, el de la acción («Verificación de correo», «Acceso con enlace» o «Eliminar cuenta»).
   */
  title?: string;
}
