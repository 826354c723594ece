import { defineBlockServer } from "../../runtime/define";
import { activeVideoNavItem, VIDEO_NAV_ITEMS, type VideoNavItem } from "../_shared/videoChannel";
import type { Settings } from "./settings";

export interface Data {
  items: readonly VideoNavItem[];
  /** The item of the current path (its query left out), if any. */
  active: string | null;
}

/** The video channel's navigation bar (docs/video-channel.md#navigation-bar): only the current path is read. */
export default defineBlockServer<Settings, Data>({
  transform: (_answers, _settings, context) => ({ items: VIDEO_NAV_ITEMS, active: activeVideoNavItem(context.path) ?? null }),
  isEmpty: () => false,
});
