// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Dónde está: «inread» dentro del artículo (enlaza a URLInread), «perfil» en la página del perfil (URLPerfil), «modal-home» una ventana en la portada (URLModalHome) que el lector cierra por el resto de la sesión.
   */
  placement?: "inread" | "perfil" | "modal-home";
}
