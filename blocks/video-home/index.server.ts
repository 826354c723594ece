import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import type { CardStory } from "../_shared/cards";
import { leadAndLatest, programmeFetch, sectionVideosFetch, VIDEO_COUNTS, VIDEO_LABELS, videoCards, type LeadVideo } from "../_shared/videoChannel";
import { homeRows, NAV_SEMANA_TV, navigationFetch, type HomeRow, type Journalist, type Programme } from "../_shared/videoChannelTrees";
import type { Settings } from "./settings";

/** A row as the component shows it: the tree's row with its videos. */
export type HomeRowData =
  | { kind: "featured"; title: string; link?: string; lead: LeadVideo; latest: CardStory[]; latestTitle: string }
  | { kind: "journalists"; title: string; journalists: Journalist[] }
  | { kind: "programmes"; title: string; link?: string; programmes: Programme[] }
  | { kind: "categories"; title: string; link?: string; categories: Array<{ title: string; link?: string; items: CardStory[] }> }
  | { kind: "videos"; title: string; link?: string; items: CardStory[] };

export interface Data {
  rows: HomeRowData[];
}

/** The name of the follow-up fetch of row `row` (and of its category `category`). */
const fetchName = (row: number, category?: number) => (category === undefined ? `fila-${row}` : `fila-${row}-${category}`);

/** The videos each row of the tree shows: the featured section's 9, a programme's 10, 10 per category and row. */
function rowFetches(rows: HomeRow[], context: PageContext): BlockFetches {
  const fetches: BlockFetches = {};
  rows.forEach((row, i) => {
    if (row.kind === "featured") fetches[fetchName(i)] = sectionVideosFetch(context, row.section, VIDEO_COUNTS.lead);
    else if (row.kind === "programme") fetches[fetchName(i)] = programmeFetch(context, row.section, VIDEO_COUNTS.programme);
    else if (row.kind === "section") fetches[fetchName(i)] = sectionVideosFetch(context, row.section, VIDEO_COUNTS.row);
    else if (row.kind === "categories")
      row.categories.forEach((category, j) => (fetches[fetchName(i, j)] = sectionVideosFetch(context, category.section, VIDEO_COUNTS.categoryItems)));
  });
  return fetches;
}

function transformVideoHome(answers: Record<string, any>): Data {
  const rows: HomeRowData[] = [];
  homeRows(answers.navegacion).forEach((row, i) => {
    const link = "link" in row && row.link ? { link: row.link } : {};
    switch (row.kind) {
      case "featured": {
        const { lead, latest } = leadAndLatest(answers[fetchName(i)]);
        if (lead) rows.push({ kind: "featured", title: row.title, ...link, lead, latest, latestTitle: VIDEO_LABELS.latest });
        break;
      }
      case "journalists":
      case "programmes":
        rows.push(row);
        break;
      case "categories": {
        const categories = row.categories
          .map((category, j) => ({ title: category.title, ...(category.url ? { link: category.url } : {}), items: videoCards(answers[fetchName(i, j)]) }))
          .filter((category) => category.items.length > 0);
        if (categories.length) rows.push({ kind: "categories", title: row.title, ...link, categories });
        break;
      }
      default: {
        const items = videoCards(answers[fetchName(i)]);
        if (items.length) rows.push({ kind: "videos", title: row.title, ...link, items });
      }
    }
  });
  return { rows };
}

/** The video home (docs/video-channel.md#video-home), built from the channel's navigation tree. */
export default defineBlockServer<Settings, Data>({
  fetch: (settings, context) => ({ navegacion: navigationFetch(context, settings.navigationId || NAV_SEMANA_TV) }),
  followUp: (answers, _settings, context) => rowFetches(homeRows(answers.navegacion), context),
  transform: transformVideoHome,
  isEmpty: (data) => data.rows.length === 0,
});
