import type { BlockProps } from "../../runtime/types";
import { Carousel } from "../_shared/Carousel";
import { ListingSection, listingLook } from "../_shared/Listing";
import { StoryCard } from "../_shared/StoryCard";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** 'Esto dijo...': a carousel of the videos related to the page. */
export default function RelatedVideos({ id, settings, data }: BlockProps<Settings, Data>) {
  const look = listingLook(settings);
  return (
    <ListingSection id={id} title={data.title} titleHref={data.link} {...look}>
      <Carousel
        label={data.title}
        dark={look.dark}
        slides={data.items.map((video) => ({ key: video.id, content: <StoryCard story={video} dark={look.dark} time="relative" /> }))}
      />
    </ListingSection>
  );
}
