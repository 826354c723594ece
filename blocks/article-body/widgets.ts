// Widget placeholders of the article body (docs/ads-and-widgets.md#widgets). No React: the server
// half places them, the component draws them.

/** Widget placeholders: their type, the label readers see and the height they reserve (px). */
export const WIDGETS = {
  connatix_geo_player: { label: "Video", height: 250 },
  connatix: { label: "Video recomendado", height: 400 },
  newsroom: { label: "Noticias recomendadas", height: 360 },
  taboola: { label: "Contenido recomendado", height: 600 },
} as const;

export type WidgetType = keyof typeof WIDGETS;

export function isWidgetType(type: unknown): type is WidgetType {
  return typeof type === "string" && Object.prototype.hasOwnProperty.call(WIDGETS, type);
}
