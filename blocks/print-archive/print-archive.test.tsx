// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { makeFeed } from "../_shared/StoryCard.fixtures";
import PrintArchive, { MORE_YEARS_LABEL, VIEW_PRINT_LABEL } from "./index";
import block, { EDITIONS_PER_YEAR, pageYears, printLink, YEARS_PER_PAGE } from "./index.server";

const NOW = new Date("2026-11-24T15:00:00.000Z");
const context = (extra: Partial<PageContext> = {}): PageContext => ({ brand: "semana", path: "/edicion/", params: {}, query: {}, now: NOW, ...extra });
const settings = { published: true };

/** A print edition as the seed makes them: section /edicion, a cover, a raw_html 'Ver impresa' link. */
function edition(issue: number, date: string, extra: Record<string, unknown> = {}) {
  return {
    _id: `EDICION${issue}`,
    type: "story",
    subtype: "edicion-impresa",
    canonical_url: `/edicion/edicion-${issue}/${issue}/`,
    headlines: { basic: `Edición ${issue}: La reforma que viene` },
    subheadlines: { basic: `La revista SEMANA del ${date}, con la reforma, las regiones y el país que viene después de las elecciones.` },
    display_date: date,
    taxonomy: { primary_section: { _id: "/edicion", name: "Ediciones impresas" } },
    promo_items: { basic: { type: "image", url: `/images/portada-0${issue % 8}.jpg`, alt_text: `Portada de la edición ${issue}` } },
    content_elements: [
      { type: "text", content: "En esta edición…" },
      {
        type: "raw_html",
        content: `<p class="ver-impresa"><a href="https://flip.semana.com/ediciones/2026/${issue}/" target="_blank">Ver edición impresa ${issue}</a></p>`,
      },
    ],
    ...extra,
  };
}

describe("print-archive fetch", () => {
  it("asks for the latest edition and 20 editions of each of 5 years, from the current Colombian year", () => {
    expect([EDITIONS_PER_YEAR, YEARS_PER_PAGE]).toEqual([20, 5]);
    const fetches = block.fetch!(settings, context());
    expect(Object.keys(fetches)).toEqual(["latest", "y2026", "y2025", "y2024", "y2023", "y2022"]);
    expect(fetches.latest).toMatchObject({ source: "content-apir-v2", query: { website: "semana", includeSections: "edicion", feedSize: 1 } });
    expect(fetches.latest.query.sourceInclude).toContain("content_elements");
    expect(fetches.y2025).toMatchObject({
      source: "search-query-source",
      query: {
        website: "semana",
        queryString: 'taxonomy.primary_section._id:"/edicion" display_date:[2025-01-01T00:00:00-05:00 TO 2026-01-01T00:00:00-05:00}',
        sort: "display_date:desc",
        feedSize: 20,
      },
    });
  });

  it("asks for the next 5 years per click, down to 2000 and no further", () => {
    expect(Object.keys(block.fetch!(settings, context({ cursor: { offset: 5 } })))).toEqual(["y2021", "y2020", "y2019", "y2018", "y2017"]);
    expect(pageYears(2026, 25)).toEqual([2001, 2000]);
    expect(pageYears(2026, 27)).toEqual([]);
  });
});

describe("print-archive", () => {
  const answers = {
    latest: makeFeed([edition(1410, "2026-11-22T11:00:00.000Z")]),
    y2026: makeFeed([edition(1410, "2026-11-22T11:00:00.000Z"), edition(1409, "2026-11-15T11:00:00.000Z")]),
    y2025: makeFeed([edition(1357, "2025-11-16T11:00:00.000Z")]),
    y2024: makeFeed([]),
    y2023: makeFeed([edition(1249, "2023-10-22T11:00:00.000Z")]),
    y2022: makeFeed([edition(1200, "2022-01-02T04:00:00.000Z")]),
  };

  it("shows the latest edition with 'Ver impresa' from its raw_html, then 'ÚLTIMAS EDICIONES' by year, each card linking its day's archive", () => {
    const data = block.transform!(answers, settings, context());
    expect(data.latest).toMatchObject({
      headline: "Edición 1410: La reforma que viene",
      print: "https://flip.semana.com/ediciones/2026/1410/",
      day: "2026-11-22",
    });
    // A year without editions is left out; a date read in Colombia (04:00 UTC on 2 January is the 1st).
    expect(data.years.map((group) => group.year)).toEqual([2026, 2025, 2023, 2022]);
    expect(data.years[3].editions[0]).toMatchObject({ day: "2022-01-01", archive: "/archivo/2022/01/01/" });
    expect(data.next).toBe(5);
    const subheadline = data.years[0].editions[0].subheadline!;
    expect(subheadline).toHaveLength(83);
    expect(subheadline.endsWith("...")).toBe(true);

    render(<PrintArchive id="archivo" pageId="edicion-impresa" settings={settings} data={data} />);
    const print = screen.getByRole("link", { name: VIEW_PRINT_LABEL });
    expect(print.getAttribute("href")).toBe("https://flip.semana.com/ediciones/2026/1410/");
    expect(print.getAttribute("rel")).toContain("noopener");
    expect(screen.getByRole("heading", { level: 2, name: "ÚLTIMAS EDICIONES" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["2026", "2025", "2023", "2022"]);
    const card = screen.getAllByRole("article")[1];
    expect(within(card).getByRole("link", { name: "Archivo del 15 de noviembre de 2026" }).getAttribute("href")).toBe("/archivo/2026/11/15/");
    expect(within(card).getByRole("link", { name: "Edición 1409: La reforma que viene" }).getAttribute("href")).toBe("/edicion/edicion-1409/1409/");
    expect(screen.getByRole("button", { name: MORE_YEARS_LABEL }).getAttribute("data-load-more")).toBe("/_block/edicion-impresa/archivo?offset=5");
  });

  it("ends at 2000: the last page has no button and no hero", () => {
    const data = block.transform!(
      { y2001: makeFeed([edition(200, "2001-06-03T11:00:00.000Z")]), y2000: makeFeed([edition(100, "2000-06-04T11:00:00.000Z")]) },
      settings,
      context({ cursor: { offset: 25 } }),
    );
    expect(data.latest).toBeUndefined();
    expect(data.next).toBeUndefined();
    expect(data.years.map((group) => group.year)).toEqual([2001, 2000]);
    render(<PrintArchive id="archivo" pageId="edicion-impresa" settings={settings} data={data} />);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("takes 'Ver impresa' only from a raw_html link to the group's sites", () => {
    const withLink = (html: string) => edition(1, "2026-01-04T11:00:00.000Z", { content_elements: [{ type: "raw_html", content: html }] }) as any;
    expect(printLink(withLink('<p class="ver-impresa"><a href="javascript:alert(1)">x</a></p>'))).toBeUndefined();
    expect(printLink(withLink('<a href="https://evil.example/flip/">x</a>'))).toBeUndefined();
    expect(printLink(withLink("<a title='x' href='https://flip.semana.com/a?b=1&amp;c=2'>x</a>"))).toBe("https://flip.semana.com/a?b=1&c=2");
    const both = edition(1, "2026-01-04T11:00:00.000Z", {
      content_elements: [
        { type: "raw_html", content: '<a href="https://www.semana.com/otra/">otra</a>' },
        { type: "raw_html", content: '<p class="ver-impresa"><a href="https://flip.semana.com/la-buena/">Ver</a></p>' },
      ],
    }) as any;
    expect(printLink(both)).toBe("https://flip.semana.com/la-buena/");
    expect(printLink({ ...both, content_elements: [{ type: "text", content: '<a href="https://flip.semana.com/">x</a>' }] })).toBeUndefined();
  });
});
