import type { BrandId } from "../../domain/brands";
import { normalizeSectionId, sectionFromUrl, sectionName } from "../../domain/sections";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { toCardStories, type CardStory } from "../_shared/cards";
import { blockOffset, sectionFeedFetch } from "../_shared/listingQueries";
import type { Settings } from "./settings";

/** Candidates per carousel (docs/carousels-and-blocks.md#candidates). */
export const CANDIDATES_FEED_SIZE = 8;

/** The carousel's title from its section's name (docs/carousels-and-blocks.md#candidates). */
export function candidatesTitle(sectionName: string | undefined): string {
  if (sectionName === "Gobernaciones") return "Candidatos Gobernaciones";
  if (sectionName === "Otras Ciudades") return "Candidatos Alcaldías";
  return "Candidatos";
}

export interface Data {
  title: string;
  /** The section's page. */
  link: string;
  items: CardStory[];
}

/** The computed section path: the block's setting, else the section the page's whole URL names. */
function candidatesSection(settings: Settings, context: PageContext): string | undefined {
  return normalizeSectionId(settings.section) ?? sectionFromUrl(context.brand, context.path ?? "");
}

function fetchCandidates(settings: Settings, context: PageContext): BlockFetches {
  const sectionId = candidatesSection(settings, context);
  if (!sectionId) return {};
  return {
    // content-apir-v2 answers the documents whose primary section is the section.
    stories: sectionFeedFetch("content-apir-v2", context, sectionId, settings.feedSize ?? CANDIDATES_FEED_SIZE, blockOffset(settings)),
    section: { source: "section-source", query: { website: context.brand, path: sectionId }, optional: true },
  };
}

function transformCandidates(data: Record<string, any>, settings: Settings, context: PageContext): Data {
  const sectionId = candidatesSection(settings, context) ?? "";
  const name = typeof data.section?.name === "string" ? data.section.name : sectionName(context.brand as BrandId, sectionId);
  // Only the section's own candidates, whatever else a source answers.
  const items = toCardStories(data.stories?.content_elements).filter((card) => card.section?.id === sectionId);
  return { title: candidatesTitle(name), link: settings.link || `${sectionId}/`, items };
}

/** The candidates of an elections section, as a carousel. */
export default defineBlockServer<Settings, Data>({
  fetch: fetchCandidates,
  transform: transformCandidates,
  isEmpty: (data) => data.items.length === 0,
});
