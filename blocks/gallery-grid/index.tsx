import type { BlockProps } from "../../runtime/types";
import { PagedGrid } from "../_shared/PagedGrid";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** The galleries grid: the grid of galleries and its load-more button, as server HTML. */
export default function GalleryGrid({ id, pageId, settings, data }: BlockProps<Settings, Data>) {
  return <PagedGrid id={id} pageId={pageId} settings={settings} data={data} time="date" />;
}
