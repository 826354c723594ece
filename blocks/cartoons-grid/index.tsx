import type { BlockProps } from "../../runtime/types";
import { PagedGrid } from "../_shared/PagedGrid";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** The load-more button's label (docs/carousels-and-blocks.md#cartoons-grid). */
export const CARTOONS_GRID_LABEL = "VER MÁS CARICATURAS";

/** The cartoons grid: the grid of cartoons and its load-more button, as server HTML. */
export default function CartoonsGrid({ id, pageId, settings, data }: BlockProps<Settings, Data>) {
  return <PagedGrid id={id} pageId={pageId} settings={settings} data={data} time="date" moreLabel={CARTOONS_GRID_LABEL} />;
}
