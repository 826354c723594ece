import { defineBlock } from "../../runtime/define";
import { AdSlot } from "../_shared/AdSlot";
import type { Settings } from "./settings";

/** An ad slot of the catalogue placed by an editor: it fetches nothing and always has something to show. */
export default defineBlock<Settings, null>({
  type: "ad-slot",
  component: ({ settings }) => <AdSlot name={settings.slot} label={settings.label} />,
  isEmpty: () => false,
});
