import { defineBlockServer } from "../../runtime/define";
import { sectionFromUrl } from "../../domain/sections";
import { VIDEO_LABELS } from "../_shared/videoChannel";
import { NAV_SEMANA_TV, navigationFetch, treeProgrammes, type Programme } from "../_shared/videoChannelTrees";
import type { Settings } from "./settings";

export interface Data {
  title: string;
  programmes: Programme[];
  /** The programme whose page this is (its section id), if any. */
  current?: string;
}

/** The opinion programmes (docs/video-channel.md#programme-routes), from the channel's navigation tree. */
export default defineBlockServer<Settings, Data>({
  fetch: (settings, context) => ({ navegacion: navigationFetch(context, settings.navigationId || NAV_SEMANA_TV) }),
  transform: (answers, settings, context) => {
    const programmes = treeProgrammes(answers.navegacion);
    const section = sectionFromUrl(context.brand, context.path);
    const current = programmes.find((programme) => programme.section === section)?.section;
    return { title: settings.title || VIDEO_LABELS.programmes, programmes, ...(current ? { current } : {}) };
  },
  isEmpty: (data) => data.programmes.length === 0,
});
