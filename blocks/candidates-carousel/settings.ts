// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Sección de los candidatos, p. ej. «/elecciones/gobernaciones»; por defecto, la que nombra la dirección de la página.
   */
  section?: string;
  /**
   * Enlace del título; por defecto, la página de la sección.
   */
  link?: string;
  /**
   * Cantidad de candidatos (por defecto 8).
   */
  feedSize?: number;
  /**
   * Cuántos elementos saltar al inicio del listado (por defecto 0).
   */
  offset?: number;
  /**
   * Igual que «offset» (el otro nombre del contrato); si se escribe, manda sobre «offset».
   */
  offSet?: number;
  /**
   * Nivel del título: 1 cuando el carrusel es el contenido principal de la página (la página de una sección de candidatos), 2 (por defecto) en las demás.
   */
  headingLevel?: 1 | 2;
  /**
   * El carrusel está en lo alto de la página: la foto del primer candidato se carga de inmediato.
   */
  aboveTheFold?: boolean;
  /**
   * Fondo del bloque: White (claro, por defecto) o Dark (oscuro).
   */
  background?: "White" | "Dark";
  /**
   * Mostrar la línea divisoria bajo el bloque (por defecto sí).
   */
  divider?: boolean;
  /**
   * Usar la variante azul del bloque.
   */
  isBlue?: boolean;
  /**
   * Mostrar el ícono junto al título.
   */
  hasIcon?: boolean;
}
