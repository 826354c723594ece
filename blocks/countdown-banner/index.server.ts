import { defineBlockServer } from "../../runtime/define";
import { countdownData, type CountdownData } from "./countdown";
import type { Settings } from "./settings";

/** The event's time and the render instant; null (so the block is skipped) for an impossible date. */
export type Data = CountdownData | null;

/** A countdown banner to an event (docs/brands.md#countdown-banner): nothing to fetch. */
export default defineBlockServer<Settings, Data>({
  transform: (_raw, settings) => countdownData(settings) ?? null,
  isEmpty: (data) => !data,
});
