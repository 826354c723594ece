import type { BlockProps } from "../../runtime/types";
import { Carousel, type CarouselMotion } from "../_shared/Carousel";
import { MediaSlide } from "../_shared/MediaSlide";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/**
 * Hero sliders move on by themselves every 3000 ms with the slider's physics and loop
 * (docs/carousels-and-blocks.md#slider-defaults, docs/decisions/0024-carousel-motion.md).
 */
export const HERO_SLIDER_MOTION: CarouselMotion = { slider: true, loop: true, autoplay: { delay: 3000 } };

/** A full-width slider of three stories, each a large photo with its headline over it. */
export default function HeroSlider({ settings, data }: BlockProps<Settings, Data>) {
  return (
    <Carousel
      label={data.label || "Historias destacadas"}
      single
      motion={HERO_SLIDER_MOTION}
      slides={data.items.map((story, index) => ({
        key: story.id,
        content: (
          <MediaSlide
            image={story.image!}
            headline={story.headline}
            href={story.url}
            label={settings.customSection || story.section?.name}
            headingLevel={2}
            priority={index === 0 && settings.aboveTheFold !== false}
          />
        ),
      }))}
    />
  );
}
