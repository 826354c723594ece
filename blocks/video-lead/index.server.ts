import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import type { CardStory } from "../_shared/cards";
import { leadAndLatest, VIDEO_COUNTS, VIDEO_LABELS, videoFeedFetch, type LeadVideo } from "../_shared/videoChannel";
import { channelHeading, headingFetches, type ChannelHeading } from "../_shared/videoChannelHeading";
import type { Settings } from "./settings";

export interface Data {
  heading?: ChannelHeading;
  lead?: LeadVideo;
  latest: CardStory[];
  latestTitle: string;
}

function fetchVideoLead(settings: Settings, context: PageContext): BlockFetches {
  const videos = videoFeedFetch(settings, context, settings.feedSize ?? VIDEO_COUNTS.lead, 0);
  if (!videos) return {};
  return { videos, ...(settings.showHeading === false ? {} : headingFetches(settings, context)) };
}

function transformVideoLead(answers: Record<string, any>, settings: Settings, context: PageContext): Data {
  const heading = settings.showHeading === false ? undefined : channelHeading(settings, answers, context);
  const { lead, latest } = leadAndLatest(answers.videos);
  return { ...(heading ? { heading } : {}), ...(lead ? { lead } : {}), latest, latestTitle: settings.title || VIDEO_LABELS.latest };
}

/** The head of a channel page (docs/video-channel.md#section-page): its name, the lead video and 'Lo último'. */
export default defineBlockServer<Settings, Data>({
  fetch: fetchVideoLead,
  transform: transformVideoLead,
  isEmpty: (data) => !data.lead,
});
