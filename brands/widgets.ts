// The recommendation widgets of the article body (docs/ads-and-widgets.md#widgets): each reserves a
// fixed height. On the embedded default a widget shows the site's own recommendations; a brand that
// contracts a third-party widget names it here, and its placeholder keeps the same height for the
// vendor's script to fill, so the page never shifts (docs/decisions/0020-house-recommendations.md).

/** What the site shows in a widget when no third party fills it. */
type Recommendation = "video" | "videos" | "mostRead" | "related";

export interface WidgetDefinition {
  /** The heading readers see over the site's own recommendations. */
  label: string;
  /** Height reserved on the page (px), whoever fills it. */
  height: number;
  recommends: Recommendation;
}

export const WIDGETS = {
  /** The geo video player after the 1st paragraph: the brand's latest video. */
  connatix_geo_player: { label: "Video", height: 250, recommends: "video" },
  /** After the last paragraph: the brand's latest videos. */
  connatix: { label: "Últimos videos", height: 400, recommends: "videos" },
  /** After the 4th paragraph: the most-read list. */
  newsroom: { label: "Lo más leído", height: 360, recommends: "mostRead" },
  /** After the 4th paragraph: stories related by tags, then by section. */
  taboola: { label: "Contenido recomendado", height: 600, recommends: "related" },
} as const satisfies Record<string, WidgetDefinition>;

export type WidgetType = keyof typeof WIDGETS;

export function isWidgetType(type: unknown): type is WidgetType {
  return typeof type === "string" && Object.prototype.hasOwnProperty.call(WIDGETS, type);
}

/**
 * A third-party widget a brand has contracted: the vendor and the vendor's id of the placement
 * (Taboola's placement, Connatix's player id, the newsroom widget's id). Its script is the vendor's
 * and is loaded by the vendor's tag, not by this project.
 */
export interface ThirdPartyWidget {
  provider: "taboola" | "connatix" | "newsroom";
  /** Letters, digits, '-', '_' and '.', up to 80 characters. */
  placement: string;
}

/** A placement id as it may appear in an HTML attribute. */
export const PLACEMENT_PATTERN = /^[\w.-]{1,80}$/;
