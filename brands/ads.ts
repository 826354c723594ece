// The ad slot catalogue (docs/ads-and-widgets.md#ad-slots): named ad formats, each with the creative
// sizes it accepts and the one height it reserves, and the named slots placed on pages. A slot
// reserves its format's height before any ad arrives, so nothing on the page shifts when it fills.

/** Where a slot is shown: below 1024 px (mobile), from 1024 px (desktop) or everywhere. */
export type AdTarget = "mobile" | "desktop" | "all";

const AD_TARGETS: readonly AdTarget[] = ["mobile", "desktop", "all"];

/** Viewport width (px) from which the desktop slots show and the mobile ones hide. */
export const AD_DESKTOP_MIN_WIDTH = 1024;

export interface AdFormat {
  /** Creative sizes accepted, as [width, height] pairs. Empty for out-of-page formats. */
  sizes: ReadonlyArray<readonly [number, number]>;
  /** Height reserved on the page (px): the tallest creative the format accepts; 0 reserves none. */
  height: number;
}

export const AD_FORMATS = {
  Cube: {
    sizes: [
      [300, 250],
      [300, 600],
    ],
    height: 600,
  },
  CubeTop: {
    sizes: [
      [300, 250],
      [300, 300],
    ],
    height: 300,
  },
  CubeSide: { sizes: [[300, 250]], height: 250 },
  Leaderboard: { sizes: [[728, 90]], height: 90 },
  MobileHeader: {
    sizes: [
      [320, 100],
      [320, 50],
    ],
    height: 100,
  },
  MobileHeaderSmall: { sizes: [[320, 50]], height: 50 },
  MobileFooter: {
    sizes: [
      [320, 100],
      [320, 50],
    ],
    height: 100,
  },
  MobileFooterSmall: { sizes: [[320, 50]], height: 50 },
  /** Weekly brand (semana) bars, between blocks and across the article body. */
  WeeklyTopBar: {
    sizes: [
      [970, 90],
      [728, 90],
    ],
    height: 90,
  },
  WeeklyBottomBar: {
    sizes: [
      [970, 250],
      [970, 90],
      [728, 90],
    ],
    height: 250,
  },
  WeeklySpecialBar: {
    sizes: [
      [728, 90],
      [320, 100],
      [320, 50],
    ],
    height: 100,
  },
  /** Daily brand (elpais) bars. */
  DailyTopBar: {
    sizes: [
      [970, 90],
      [728, 90],
    ],
    height: 90,
  },
  DailyBottomBar: {
    sizes: [
      [970, 250],
      [728, 90],
    ],
    height: 250,
  },
  /** Interstitials and skins: served outside the page flow, no size and no reserved space. */
  OutOfPage: { sizes: [], height: 0 },
} as const satisfies Record<string, AdFormat>;

type AdFormatName = keyof typeof AD_FORMATS;

export interface AdSlotDefinition {
  format: AdFormatName;
  target: AdTarget;
  /**
   * The bottom-anchor ads (docs/ads-and-widgets.md#bottom-anchor): the bars at the foot of a page and
   * the mobile anchor fixed to the bottom of the screen ("fixed"). Sponsored content shows none.
   */
  anchor?: "bottom" | "fixed";
}

/**
 * Named slots. The four article-body slots are those of docs/ads-and-widgets.md#body-insertions; the others are for
 * editors to place with the ad-slot block (header and footer bars, sidebar cubes, interstitials).
 */
export const AD_SLOTS = {
  Boton_1_M: { format: "CubeTop", target: "mobile" },
  Barra_Especial: { format: "WeeklySpecialBar", target: "all" },
  Boton_2_M: { format: "Cube", target: "mobile" },
  Barra_2_D: { format: "Leaderboard", target: "desktop" },
  Top_D: { format: "WeeklyTopBar", target: "desktop" },
  Top_M: { format: "MobileHeader", target: "mobile" },
  Bottom_D: { format: "WeeklyBottomBar", target: "desktop", anchor: "bottom" },
  Bottom_M: { format: "MobileFooter", target: "mobile", anchor: "bottom" },
  Sticky_M: { format: "MobileFooterSmall", target: "mobile", anchor: "fixed" },
  Lateral_1_D: { format: "CubeSide", target: "desktop" },
  Lateral_2_D: { format: "Cube", target: "desktop" },
  ElPais_Top: { format: "DailyTopBar", target: "desktop" },
  ElPais_Top_M: { format: "MobileHeaderSmall", target: "mobile" },
  ElPais_Bottom: { format: "DailyBottomBar", target: "desktop", anchor: "bottom" },
  Interstitial: { format: "OutOfPage", target: "all" },
} as const satisfies Record<string, AdSlotDefinition>;

export type AdSlotName = keyof typeof AD_SLOTS;

export const AD_SLOT_NAMES = Object.keys(AD_SLOTS) as AdSlotName[];

export interface ResolvedAdSlot {
  name: string;
  formatName: AdFormatName;
  format: AdFormat;
  target: AdTarget;
  anchor?: "bottom" | "fixed";
}

/** The bottom-anchor slots: Sticky_M, Bottom_M, Bottom_D and ElPais_Bottom. */
export const BOTTOM_ANCHOR_SLOTS: readonly AdSlotName[] = (Object.keys(AD_SLOTS) as AdSlotName[]).filter(
  (name) => (AD_SLOTS[name] as AdSlotDefinition).anchor !== undefined,
);

/** True for a bottom-anchor slot, the ads sponsored content does not show. */
export function isBottomAnchor(name: string | undefined): boolean {
  return !!name && (BOTTOM_ANCHOR_SLOTS as readonly string[]).includes(name);
}

export function isAdTarget(value: unknown): value is AdTarget {
  return typeof value === "string" && (AD_TARGETS as readonly string[]).includes(value);
}

/** The slot named `name` with its format, or undefined for a name the catalogue does not hold. */
export function resolveAdSlot(name: string | undefined): ResolvedAdSlot | undefined {
  if (!name || !Object.prototype.hasOwnProperty.call(AD_SLOTS, name)) return undefined;
  const slot: AdSlotDefinition = AD_SLOTS[name as AdSlotName];
  return { name, formatName: slot.format, format: AD_FORMATS[slot.format], target: slot.target, ...(slot.anchor ? { anchor: slot.anchor } : {}) };
}
