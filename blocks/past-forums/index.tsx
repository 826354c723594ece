import type { BlockProps } from "../../runtime/types";
import { PagedGrid } from "../_shared/PagedGrid";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** Past forums: the grid of forums and its load-more button, as server HTML. */
export default function PastForums({ id, pageId, settings, data }: BlockProps<Settings, Data>) {
  return <PagedGrid id={id} pageId={pageId} settings={settings} data={data} time="date" />;
}
