import { GROUP_HOSTS } from "../../brands";
import type { AnsDocument } from "../../domain/ans";
import { ARCHIVE_FIRST_YEAR, archivePath, colombianDay, colombianYear } from "../../domain/archive";
import { normalizeSectionId } from "../../domain/sections";
import { isWebUrlWithin } from "../../domain/urls";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, FetchSpec, PageContext } from "../../runtime/types";
import { decodeEntities } from "../_shared/sanitize";
import { CARD_SOURCE_INCLUDE, SHORT_SUBHEADLINE, toCardStories, type CardStory } from "../_shared/cards";
import type { Settings } from "./settings";

/** docs/archives.md#print-archive: 20 editions per year, 5 years at first and 5 more per click, back to 2000. */
export const EDITIONS_PER_YEAR = 20;
export const YEARS_PER_PAGE = 5;
const OLDEST_YEAR = ARCHIVE_FIRST_YEAR;
const PRINT_SECTION = "/edicion";
const PRINT_ARCHIVE_TITLE = "ÚLTIMAS EDICIONES";

/** A print edition as its card shows it, with the day it came out and that day's archive page. */
export interface PrintEdition extends CardStory {
  /** The Colombian calendar day of its date, "AAAA-MM-DD". */
  day: string;
  /** /archivo/aaaa/mm/dd/ of that day. */
  archive: string;
}

export interface Data {
  title: string;
  /** The latest edition, on the first page only; `print` is its 'Ver impresa' link. */
  latest?: PrintEdition & { print?: string };
  /** The years of this page, newest first, each with its editions (years without any left out). */
  years: Array<{ year: number; editions: PrintEdition[] }>;
  /** Years shown so far plus this page's: where the next page starts, while years before remain. */
  next?: number;
}

/** The years a page shows: YEARS_PER_PAGE from `offset` years before the current one, down to 2000. */
export function pageYears(currentYear: number, offset: number): number[] {
  const years: number[] = [];
  for (let year = currentYear - offset; year >= OLDEST_YEAR && years.length < YEARS_PER_PAGE; year--) years.push(year);
  return years;
}

const sectionOf = (settings: Settings) => normalizeSectionId(settings.section) ?? PRINT_SECTION;

/** One year's editions: its primary section, displayed within the Colombian calendar year, newest first. */
function yearFetch(context: PageContext, section: string, year: number): FetchSpec {
  const from = `${year}-01-01T00:00:00-05:00`;
  const to = `${year + 1}-01-01T00:00:00-05:00`;
  return {
    source: "search-query-source",
    query: {
      website: context.brand,
      queryString: `taxonomy.primary_section._id:"${section}" display_date:[${from} TO ${to}}`,
      sort: "display_date:desc",
      feedSize: EDITIONS_PER_YEAR,
      feedOffset: 0,
      sourceInclude: CARD_SOURCE_INCLUDE,
    },
  };
}

function fetchPrintArchive(settings: Settings, context: PageContext): BlockFetches {
  const section = sectionOf(settings);
  const offset = context.cursor?.offset ?? 0;
  const fetches: BlockFetches = {};
  if (!context.cursor) {
    fetches.latest = {
      source: "content-apir-v2",
      query: {
        website: context.brand,
        includeSections: section.slice(1),
        feedSize: 1,
        feedOffset: 0,
        sourceInclude: `${CARD_SOURCE_INCLUDE},content_elements`,
      },
    };
  }
  // Years count back from the current one (Colombia): a year with no edition yet is left out.
  for (const year of pageYears(colombianYear(context.now ?? new Date()), offset)) fetches[`y${year}`] = yearFetch(context, section, year);
  return fetches;
}

function editions(docs: unknown): PrintEdition[] {
  return toCardStories(docs, { subheadline: SHORT_SUBHEADLINE }).flatMap((card) => {
    const day = colombianDay(card.date);
    return day ? [{ ...card, day, archive: archivePath(day) }] : [];
  });
}

/**
 * The edition's 'Ver impresa' link, from its raw_html elements (docs/archives.md#print-archive): the
 * link of the `ver-impresa` paragraph first, else the first link; only an http(s) address of the
 * group's sites or their subdomains (flip.semana.com).
 */
export function printLink(doc: AnsDocument | undefined): string | undefined {
  const raw = (Array.isArray(doc?.content_elements) ? doc.content_elements : [])
    .filter((element: any) => element?.type === "raw_html" && typeof element.content === "string")
    .map((element: any) => element.content as string);
  const ordered = [...raw.filter((html) => /class\s*=\s*["'][^"']*\bver-impresa\b/i.test(html)), ...raw];
  for (const html of ordered) {
    for (const match of html.matchAll(/<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
      const href = decodeEntities(match[1] ?? match[2] ?? "").trim();
      if (isWebUrlWithin(href, GROUP_HOSTS)) return href;
    }
  }
  return undefined;
}

function transformPrintArchive(data: Record<string, any>, settings: Settings, context: PageContext): Data {
  const offset = context.cursor?.offset ?? 0;
  const years = pageYears(colombianYear(context.now ?? new Date()), offset);
  const out: Data = {
    title: settings.title || PRINT_ARCHIVE_TITLE,
    years: years.map((year) => ({ year, editions: editions(data[`y${year}`]?.content_elements) })).filter((group) => group.editions.length > 0),
  };
  const last = years[years.length - 1];
  if (last !== undefined && last > OLDEST_YEAR) out.next = offset + years.length;
  if (!context.cursor) {
    const doc = data.latest?.content_elements?.[0] as AnsDocument | undefined;
    const [latest] = editions(doc ? [doc] : []);
    const print = printLink(doc);
    if (latest) out.latest = { ...latest, ...(print ? { print } : {}) };
  }
  return out;
}

/**
 * The print-edition archive: the latest edition with 'Ver impresa', then 'ÚLTIMAS EDICIONES' by year,
 * five years at a time back to 2000, each edition linking to its day's archive.
 */
export default defineBlockServer<Settings, Data>({
  fetch: fetchPrintArchive,
  transform: transformPrintArchive,
  isEmpty: (data) => !data.latest && data.years.length === 0,
});
