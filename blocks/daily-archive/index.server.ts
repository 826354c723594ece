import { archiveDate, archiveHeading } from "../../domain/archive";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { CARD_SOURCE_INCLUDE, feedPage, type CardStory, type Page } from "../_shared/cards";
import type { Settings } from "./settings";

/** Articles per page of the daily archive (docs/archives.md#daily-archive). */
const DAILY_ARCHIVE_FEED_SIZE = 50;

export interface Data extends Page<CardStory> {
  /** "2024-05-20" */
  date: string;
  /** The date as its heading shows it: at 12:00 UTC in es-CO ("lunes, 20 de mayo de 2024"). */
  heading: string;
}

/** The day of the page: the route's :anio, :mes and :dia (the route's check answered 404 for any other). */
function dayFromContext(context: PageContext): string | undefined {
  return archiveDate(context.params?.anio, context.params?.mes, context.params?.dia);
}

function fetchDailyArchive(settings: Settings, context: PageContext): BlockFetches {
  const date = dayFromContext(context);
  if (!date) return {};
  return {
    stories: {
      source: "content-apir-date",
      query: {
        website: context.brand,
        date,
        feedSize: settings.feedSize ?? DAILY_ARCHIVE_FEED_SIZE,
        feedOffset: context.cursor?.offset ?? 0,
        sourceInclude: CARD_SOURCE_INCLUDE,
      },
    },
  };
}

function transformDailyArchive(data: Record<string, any>, _settings: Settings, context: PageContext): Data | null {
  const date = dayFromContext(context);
  if (!date) return null;
  return { ...feedPage(data.stories), date, heading: archiveHeading(date) };
}

/**
 * A day of the archive: its date as heading and its articles, oldest paging after newest. A day
 * without articles is not empty: the page says so (200).
 */
export default defineBlockServer<Settings, Data | null>({
  fetch: fetchDailyArchive,
  transform: transformDailyArchive,
  isEmpty: (data) => data === null,
});
