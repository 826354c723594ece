import type { BlockProps } from "../../runtime/types";
import { Carousel } from "../_shared/Carousel";
import { ListingSection, listingLook } from "../_shared/Listing";
import { StoryCard } from "../_shared/StoryCard";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** A swiper carousel of story cards from a section or a collection. */
export default function StoryCarousel({ id, settings, data }: BlockProps<Settings, Data>) {
  const look = listingLook(settings);
  const dark = look.dark;
  return (
    <ListingSection id={id} title={data.title} titleHref={data.link} {...look}>
      <Carousel
        label={data.title || "Noticias"}
        dark={dark}
        slides={data.items.map((story) => ({
          key: story.id,
          content: <StoryCard story={story} dark={dark} time="relative" sectionLabel={settings.customSection} />,
        }))}
      />
    </ListingSection>
  );
}
