// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.

export interface Settings {
  /**
   * Publicado: si está apagado (por defecto), el bloque no se muestra.
   */
  published?: boolean;
  /**
   * Título de la página (encabezado principal).
   */
  title: string;
  /**
   * Entradilla bajo el título.
   */
  lead?: string;
  /**
   * Fecha de la última actualización del texto (AAAA-MM-DD), que se muestra como «Última actualización: …».
   */
  updated?: string;
  /**
   * Apartados del texto, en orden.
   *
   * @minItems 1
   */
  sections: [
    {
      /**
       * Título del apartado (opcional; sin él, los párrafos siguen sin título).
       */
      heading?: string;
      /**
       * Párrafos del apartado (texto sin HTML).
       *
       * @minItems 1
       */
      paragraphs: [string, ...string[]];
      /**
       * Enlaces bajo los párrafos del apartado, p. ej. a la página donde se hace lo que el texto describe.
       *
       * @maxItems 5
       */
      links?:
        | []
        | [
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            }
          ]
        | [
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            }
          ]
        | [
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            }
          ]
        | [
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            }
          ]
        | [
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            }
          ];
    },
    ...{
      /**
       * Título del apartado (opcional; sin él, los párrafos siguen sin título).
       */
      heading?: string;
      /**
       * Párrafos del apartado (texto sin HTML).
       *
       * @minItems 1
       */
      paragraphs: [string, ...string[]];
      /**
       * Enlaces bajo los párrafos del apartado, p. ej. a la página donde se hace lo que el texto describe.
       *
       * @maxItems 5
       */
      links?:
        | []
        | [
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            }
          ]
        | [
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            }
          ]
        | [
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            }
          ]
        | [
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            }
          ]
        | [
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            },
            {
              /**
               * Texto del enlace.
               */
              label: string;
              /**
               * Ruta del sitio (/autogestion/…) o URL http(s) completa: el validador rechaza cualquier otra cosa.
               */
              href: string;
            }
          ];
    }[]
  ];
}
