import type { BlockProps } from "../../runtime/types";
import { Carousel, type CarouselMotion } from "../_shared/Carousel";
import { ListingSection } from "../_shared/Listing";
import { MediaSlide } from "../_shared/MediaSlide";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/**
 * Autoplay every 5000 ms, on after the reader moves it, stopped on the last slide; no loop
 * (docs/carousels-and-blocks.md#forums, docs/decisions/0024-carousel-motion.md).
 */
export const FORUM_GALLERY_MOTION: CarouselMotion = { autoplay: { delay: 5000, stopOnLastSlide: true } };

/** The forums gallery slider: one photo or gallery at a time, moving on by itself. */
export default function ForumGallerySlider({ id, settings, data }: BlockProps<Settings, Data>) {
  return (
    <ListingSection id={id} title={data.title} titleHref={data.href}>
      <Carousel
        label={data.title || "Galería de los foros"}
        single
        motion={FORUM_GALLERY_MOTION}
        slides={data.slides.map((slide, index) => ({
          key: slide.key,
          content: (
            <MediaSlide
              image={slide.image}
              headline={slide.headline}
              href={slide.href}
              caption={slide.caption}
              priority={index === 0 && settings.aboveTheFold === true}
            />
          ),
        }))}
      />
    </ListingSection>
  );
}
