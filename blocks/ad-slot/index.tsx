import type { BlockProps } from "../../runtime/types";
import { AdSlot } from "../_shared/AdSlot";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/**
 * An ad slot of the catalogue placed by an editor (docs/ads-and-widgets.md#ad-slots): the slot's
 * fixed height, holding the brand's house ad until an ad server fills it. Its server half skips the
 * bottom-anchor slots on sponsored content, so it never renders those.
 */
export default function AdSlotBlock({ settings, data }: BlockProps<Settings, Data>) {
  return <AdSlot name={settings.slot} label={settings.label} house={data.house} />;
}
