import type { BlockProps } from "../../runtime/types";
import { PagedGrid } from "../_shared/PagedGrid";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** The special list: the grid of specials and its load-more button, as server HTML. */
export default function SpecialList({ id, pageId, settings, data }: BlockProps<Settings, Data>) {
  return <PagedGrid id={id} pageId={pageId} settings={settings} data={data} time="date" showSection />;
}
