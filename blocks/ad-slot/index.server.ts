import { isBottomAnchor } from "../../brands/ads";
import { isSponsored } from "../../domain/ans";
import { defineBlockServer } from "../../runtime/define";
import { houseAd, type HouseAd } from "../_shared/houseAd";
import type { Settings } from "./settings";

export interface Data {
  /** The brand's house ad, the slot's content until an ad server fills it (docs/ads-and-widgets.md#house-ad). */
  house: HouseAd;
  /** A bottom-anchor slot on sponsored content: nothing is shown (docs/ads-and-widgets.md#sponsored). */
  hidden: boolean;
}

/**
 * An ad slot of the catalogue. Its server half fetches nothing: the slot holds the serving brand's
 * house ad, and the owner flag 'sponsored' of the page's article hides the bottom-anchor slots
 * (Sticky_M, Bottom_M, Bottom_D, ElPais_Bottom). The article itself never reaches the component.
 */
export default defineBlockServer<Settings, Data>({
  transform: (_raw, settings, context) => ({ house: houseAd(context.brand), hidden: isBottomAnchor(settings.slot) && isSponsored(context.article) }),
  isEmpty: (data) => data.hidden,
});
