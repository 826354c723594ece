// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Nombre del espacio en el catálogo de publicidad, por ejemplo Boton_1_M (móvil), Barra_2_D (escritorio) o Barra_Especial (ambos).
   */
  slot:
    | "Boton_1_M"
    | "Barra_Especial"
    | "Boton_2_M"
    | "Barra_2_D"
    | "Top_D"
    | "Top_M"
    | "Bottom_D"
    | "Bottom_M"
    | "Sticky_M"
    | "Lateral_1_D"
    | "Lateral_2_D"
    | "ElPais_Top"
    | "ElPais_Top_M"
    | "ElPais_Bottom"
    | "Interstitial";
  /**
   * Rótulo que se muestra sobre el espacio (por defecto «Publicidad»).
   */
  label?: string;
}
