// The heading a video page leads with (docs/video-channel.md): its name and description from the
// section, the programme (its icon from the channel's tree) or the journalist, and what a block fetches
// for it. No React: the server halves import it.
import { text } from "../../domain/ans";
import { safeSrc } from "../../domain/urls";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { journalistSlug, videoSection, type VideoFeedSettings } from "./videoChannel";
import { findProgramme, NAV_SEMANA_TV, navigationFetch } from "./videoChannelTrees";

export interface ChannelHeading {
  title: string;
  description?: string;
  /** A programme's icon or a journalist's photo. */
  image?: string;
  /** The image is a person's photo (shown round). */
  portrait?: boolean;
}

/** What a block fetches to title the page it leads: the section record, the programme's icon, the journalist. */
export function headingFetches(settings: VideoFeedSettings, context: PageContext): BlockFetches {
  if (settings.feed === "journalist") {
    const slug = journalistSlug(context);
    return slug ? { periodista: { source: "authors-api", query: { website: context.brand, idAutor: slug }, optional: true } } : {};
  }
  const section = videoSection(settings, context);
  if (!section) return {};
  const fetches: BlockFetches = { seccion: { source: "section-api", query: { website: context.brand, queryString: section }, optional: true } };
  if (settings.feed === "programme") fetches.navegacion = navigationFetch(context, NAV_SEMANA_TV);
  return fetches;
}

/** The page's heading from the answers of headingFetches(); undefined when nothing names it. */
export function channelHeading(settings: VideoFeedSettings, answers: Record<string, any>, context: PageContext): ChannelHeading | undefined {
  if (settings.feed === "journalist") {
    const author = Array.isArray(answers.periodista?.authors) ? answers.periodista.authors[0] : undefined;
    const title = text(author?.byline) ?? text(author?.name);
    if (!title) return undefined;
    const image = safeSrc(author.image) ?? safeSrc(author.image?.url);
    const description = text(author.description);
    return { title, ...(description ? { description } : {}), ...(image ? { image, portrait: true } : {}) };
  }
  const section = videoSection(settings, context);
  const record = answers.seccion;
  const title = text(record?.name);
  if (!section || !title) return undefined;
  const description = text(record?.site?.site_description);
  const programme = settings.feed === "programme" ? findProgramme(answers.navegacion, section) : undefined;
  return { title, ...(description ? { description } : {}), ...(programme?.icon ? { image: programme.icon } : {}) };
}
