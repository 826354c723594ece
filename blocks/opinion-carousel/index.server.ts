import type { AnsDocument } from "../../domain/ans";
import { normalizeSectionId, OPINION_SECTIONS_BY_BRAND, sectionPagePath } from "../../domain/sections";
import type { BrandId } from "../../domain/brands";
import { safeHref, safeSrc } from "../../domain/urls";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { CARD_SOURCE_INCLUDE, OPINION_SUBHEADLINE, toCardStories, type CardStory } from "../_shared/cards";
import type { Settings } from "./settings";

/** docs/opinion-and-authors.md#opinion-carousel: 6 columns shown, under 'VER MÁS OPINIONES', and 'Ver todos'. */
export const OPINION_CAROUSEL_SIZE = 6;
export const OPINION_CAROUSEL_TITLE = "VER MÁS OPINIONES";

/** An opinion card: the column, cut to the card limits, and who signs it. */
export interface OpinionCard extends CardStory {
  columnist?: { name: string; image?: string };
}

export interface Data {
  title: string;
  /** Where 'Ver todos' goes. */
  link?: string;
  items: OpinionCard[];
}

/** The opinion sections of the carousel: its own setting, else where the brand's columnists write. */
function opinionSections(settings: Settings, context: PageContext): readonly string[] {
  const own = normalizeSectionId(settings.section);
  return own ? [own] : (OPINION_SECTIONS_BY_BRAND[context.brand as BrandId] ?? []);
}

function fetchOpinionCarousel(settings: Settings, context: PageContext): BlockFetches {
  const sections = opinionSections(settings, context);
  if (!sections.length) return {};
  return {
    columns: {
      source: "content-apir",
      query: {
        website: context.brand,
        includeSections: sections.join(","),
        feedSize: settings.feedSize ?? OPINION_CAROUSEL_SIZE,
        feedOffset: settings.offset ?? 0,
        sourceInclude: `${CARD_SOURCE_INCLUDE},credits.by`,
      },
    },
  };
}

/** The first credited author of a column, with a name. */
function columnistOf(doc: AnsDocument): OpinionCard["columnist"] {
  const credit = doc.credits?.by?.find((by) => typeof by?.name === "string" && by.name.trim() !== "");
  if (!credit) return undefined;
  const image = safeSrc(typeof credit.image === "string" ? credit.image : credit.image?.url);
  return { name: credit.name!.trim(), ...(image ? { image } : {}) };
}

function transformOpinionCarousel(data: Record<string, any>, settings: Settings, context: PageContext): Data {
  const docs: AnsDocument[] = Array.isArray(data.columns?.content_elements) ? data.columns.content_elements : [];
  const items = docs.flatMap((doc): OpinionCard[] => {
    const [card] = toCardStories([doc], { subheadline: OPINION_SUBHEADLINE });
    if (!card) return [];
    const columnist = columnistOf(doc);
    return [columnist ? { ...card, columnist } : card];
  });
  const [first] = opinionSections(settings, context);
  const link = safeHref(settings.link) ?? (first ? sectionPagePath(context.brand, first) : undefined);
  return { title: settings.title || OPINION_CAROUSEL_TITLE, ...(link ? { link } : {}), items };
}

/** The latest opinion columns of the brand (or of a section), as a carousel with 'Ver todos'. */
export default defineBlockServer<Settings, Data>({
  fetch: fetchOpinionCarousel,
  transform: transformOpinionCarousel,
  isEmpty: (data) => data.items.length === 0,
});
