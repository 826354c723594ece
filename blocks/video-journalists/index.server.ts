import { defineBlockServer } from "../../runtime/define";
import { journalistSlug, VIDEO_LABELS } from "../_shared/videoChannel";
import { NAV_SEMANA_TV, navigationFetch, treeJournalists, type Journalist } from "../_shared/videoChannelTrees";
import type { Settings } from "./settings";

export interface Data {
  title: string;
  journalists: Journalist[];
}

/** The channel's video journalists (docs/video-channel.md#journalist-page), the current page's left out. */
export default defineBlockServer<Settings, Data>({
  fetch: (settings, context) => ({ navegacion: navigationFetch(context, settings.navigationId || NAV_SEMANA_TV) }),
  transform: (answers, settings, context) => {
    const current = journalistSlug(context);
    const journalists = treeJournalists(answers.navegacion).filter((journalist) => journalist.slug !== current);
    return { title: settings.title || (current ? VIDEO_LABELS.otherJournalists : VIDEO_LABELS.journalists), journalists };
  },
  isEmpty: (data) => data.journalists.length === 0,
});
