import type { BlockProps } from "../../runtime/types";
import { Carousel, type CarouselMotion } from "../_shared/Carousel";
import { ListingSection, listingLook } from "../_shared/Listing";
import { StoryCard } from "../_shared/StoryCard";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/**
 * The slider moves on by itself every 3000 ms with the slider's physics and starts over after the
 * last (docs/carousels-and-blocks.md#slider-defaults, docs/decisions/0024-carousel-motion.md).
 */
export const STORY_SLIDER_MOTION: CarouselMotion = { slider: true, autoplay: { delay: 3000 } };

/** A slider of stories: three large ones one at a time, or twelve cards several at a time. */
export default function StorySlider({ id, settings, data }: BlockProps<Settings, Data>) {
  const look = listingLook(settings);
  const single = (settings.feedSize ?? 3) === 3;
  return (
    <ListingSection id={id} title={data.title} titleHref={data.link} {...look}>
      <Carousel
        label={data.title || "Noticias"}
        dark={look.dark}
        single={single}
        motion={STORY_SLIDER_MOTION}
        slides={data.items.map((story) => ({
          key: story.id,
          content: <StoryCard story={story} variant={single ? "lead" : "standard"} dark={look.dark} time="relative" sectionLabel={settings.customSection} />,
        }))}
      />
    </ListingSection>
  );
}
