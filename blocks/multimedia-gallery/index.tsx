import type { BlockProps } from "../../runtime/types";
import { PagedGrid } from "../_shared/PagedGrid";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** The load-more button's label (docs/carousels-and-blocks.md#multimedia-gallery). */
export const MULTIMEDIA_GALLERY_LABEL = "CARGAR MÁS";

/** The multimedia gallery: the grid of galleries and videos and its load-more button, as server HTML. */
export default function MultimediaGallery({ id, pageId, settings, data }: BlockProps<Settings, Data>) {
  return <PagedGrid id={id} pageId={pageId} settings={settings} data={data} time="none" moreLabel={MULTIMEDIA_GALLERY_LABEL} />;
}
