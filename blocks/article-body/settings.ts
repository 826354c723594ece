// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Intercalar publicidad y widgets entre los párrafos (Boton_1_M, Barra_Especial, Boton_2_M, Barra_2_D, video, Taboola, Newsroom, Connatix). Por defecto sí.
   */
  ads?: boolean;
  /**
   * Mostrar los temas relacionados (las primeras 5 etiquetas) al final del artículo. En artículos de elecciones van siempre arriba del texto.
   */
  showTags?: boolean;
  /**
   * Imagen del banner de elecciones (ruta del sitio o URL completa, 800×200). Sin ella se dibuja un banner con el texto «Elecciones 2026».
   */
  electionsBanner?: string;
  /**
   * Artículos en vivo: el texto como línea de tiempo, una actualización por cada párrafo que empieza con su hora («9:05 a. m.», «3:40 p. m.»), bajo «Encuentra aquí lo último» (plegable en celulares, abierto al inicio), sin publicidad intercalada y con el botón «Regresar» en celulares.
   */
  timeline?: boolean;
  /**
   * Páginas de galería: omitir del texto las fotos y galerías que ya muestra el bloque de galería.
   */
  omitGallery?: boolean;
}
