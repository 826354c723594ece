import type { BlockProps } from "../../runtime/types";
import { AdSlot } from "../_shared/AdSlot";
import type { Settings } from "./settings";

/**
 * An ad slot of the catalogue placed by an editor (docs/ads-and-widgets.md#ad-slots). It renders
 * from its settings alone: no server half, so data is null, it fetches nothing and it is never
 * skipped as empty.
 */
export default function AdSlotBlock({ settings }: BlockProps<Settings, null>) {
  return <AdSlot name={settings.slot} label={settings.label} />;
}
