import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import type { CardStory, Page } from "../_shared/cards";
import { VIDEO_COUNTS, VIDEO_LABELS, videoCards, videoFeedFetch } from "../_shared/videoChannel";
import { channelHeading, headingFetches, type ChannelHeading } from "../_shared/videoChannelHeading";
import type { Settings } from "./settings";

export interface Data extends Page<CardStory> {
  title: string;
  moreLabel: string;
  heading?: ChannelHeading;
}

function fetchVideoList(settings: Settings, context: PageContext): BlockFetches {
  // 'Más videos': the next batch from the cursor, nothing else.
  const [size, offset] = context.cursor
    ? [settings.loadMoreSize ?? VIDEO_COUNTS.listMore, context.cursor.offset]
    : [settings.feedSize ?? VIDEO_COUNTS.listFirst, settings.offset ?? 0];
  const videos = videoFeedFetch(settings, context, size, offset);
  if (!videos) return {};
  return { videos, ...(settings.showHeading && !context.cursor ? headingFetches(settings, context) : {}) };
}

function transformVideoList(answers: Record<string, any>, settings: Settings, context: PageContext): Data {
  const feed = answers.videos;
  const heading = settings.showHeading && !context.cursor ? channelHeading(settings, answers, context) : undefined;
  return {
    title: settings.title || VIDEO_LABELS.list,
    moreLabel: settings.loadMoreLabel || VIDEO_LABELS.more,
    items: videoCards(feed),
    count: typeof feed?.count === "number" ? feed.count : 0,
    ...(typeof feed?.next === "number" ? { next: feed.next } : {}),
    ...(heading ? { heading } : {}),
  };
}

/** A grid of videos with 'Más videos' (docs/video-channel.md#list-page). */
export default defineBlockServer<Settings, Data>({
  fetch: fetchVideoList,
  transform: transformVideoList,
  isEmpty: (data) => data.items.length === 0,
});
