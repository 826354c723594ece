// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import { LOAD_MORE_LABEL } from "../_shared/loadMore";
import SectionListing, { splitTopStories } from "../_shared/SectionListingView";
import block from "./index.server";
import { SECTION_FIRST_BATCH_OFFSET, SECTION_FIRST_BATCH_SIZE, SECTION_LOAD_MORE_SIZE } from "../_shared/sectionListing";
import schema from "./schema.json";

const ctx = (over: Partial<PageContext> = {}): PageContext => ({ brand: "semana", path: "/nacion/", params: {}, query: {}, ...over });
const settings = { published: true };
const nacion = { _id: "/nacion", name: "Nación" };

describe("top stories beside and under the lead", () => {
  it("puts up to 3 beside the lead and the rest in rows of 3 under it, taking 2 when that fills the rows", () => {
    const split = (count: number) => {
      const { beside, below, tall } = splitTopStories(Array.from({ length: count }, (_, i) => i));
      return [beside.length, below.length, tall];
    };
    expect(split(3)).toEqual([3, 0, false]); // the weekly: offset 4
    expect(split(2)).toEqual([2, 0, false]);
    expect(split(6)).toEqual([3, 3, false]);
    expect(split(8)).toEqual([2, 6, true]); // Soho: offset 9
    expect(split(7)).toEqual([3, 4, false]);
  });
});

describe("section-listing fetch", () => {
  it("uses the weekly's section-page sizes: 7 from offset 4, then 8 per load (docs/listings.md#section-pages)", () => {
    expect([SECTION_FIRST_BATCH_SIZE, SECTION_FIRST_BATCH_OFFSET, SECTION_LOAD_MORE_SIZE]).toEqual([7, 4, 8]);
    expect(schema.properties.feedSize.default).toBe(SECTION_FIRST_BATCH_SIZE);
    expect(schema.properties.offset.default).toBe(SECTION_FIRST_BATCH_OFFSET);
    expect(schema.properties.loadMoreSize.default).toBe(SECTION_LOAD_MORE_SIZE);
    const fetches = block.fetch!(settings, ctx({ params: { section: "nacion" } }));
    expect(fetches.section).toMatchObject({ source: "section-source", query: { website: "semana", path: "/nacion" }, optional: true });
    expect(fetches.stories).toMatchObject({ source: "content-apir", query: { website: "semana", includeSections: "/nacion", feedSize: 7, feedOffset: 4 } });
    expect(fetches.top).toMatchObject({ source: "content-apir", query: { includeSections: "/nacion", feedSize: 4, feedOffset: 0 } });
  });

  it("lists its own section, even where the route names another; the route's when it has none or asks for it (docs/listings.md#whose-section)", () => {
    const section = (settingsSection: string | undefined, context: PageContext, sectionFromRoute?: boolean) =>
      block.fetch!({ ...settings, section: settingsSection, ...(sectionFromRoute === undefined ? {} : { sectionFromRoute }) }, context).stories?.query
        .includeSections;
    expect(section(undefined, ctx({ params: { section: "/politica/" } }))).toBe("/politica");
    expect(section("economia", ctx({ params: { section: "politica" } }))).toBe("/economia");
    expect(section("economia", ctx({ params: { section: "politica" } }), false)).toBe("/economia");
    expect(section("economia", ctx({ params: { section: "politica" } }), true)).toBe("/politica");
    expect(section("economia", ctx(), true)).toBe("/economia");
    expect(section("economia/opinion", ctx())).toBe("/economia/opinion");
    expect(section("/economia/", ctx())).toBe("/economia");
    expect(block.fetch!(settings, ctx())).toEqual({});
  });

  it("on Soho the route's section is the third segment of /seccion/<section>/", () => {
    expect(block.fetch!(settings, ctx({ brand: "soho", path: "/seccion/deportes/" })).stories.query).toMatchObject({
      website: "soho",
      includeSections: "/deportes",
    });
    const fetches = block.fetch!({ ...settings, section: "sexo", sectionFromRoute: true }, ctx({ brand: "soho", path: "/seccion/deportes/" }));
    expect(fetches.stories.query).toMatchObject({ website: "soho", includeSections: "/deportes" });
    expect(block.fetch!({ ...settings, section: "sexo" }, ctx({ brand: "soho", path: "/seccion/deportes/" })).stories.query.includeSections).toBe("/sexo");
    // Elsewhere on Soho the setting applies.
    expect(block.fetch!({ ...settings, section: "sexo" }, ctx({ brand: "soho", path: "/" })).stories.query.includeSections).toBe("/sexo");
  });

  it("asks only for the next 8 stories from the cursor on 'Cargar más artículos'", () => {
    const fetches = block.fetch!(settings, ctx({ params: { section: "nacion" }, cursor: { offset: 11 } }));
    expect(Object.keys(fetches)).toEqual(["stories"]);
    expect(fetches.stories.query).toMatchObject({ includeSections: "/nacion", feedSize: 8, feedOffset: 11 });
  });

  it("does not ask for top stories when they are turned off or the offset is 0", () => {
    expect(block.fetch!({ ...settings, showTopStories: false }, ctx({ params: { section: "nacion" } })).top).toBeUndefined();
    expect(block.fetch!({ ...settings, offset: 0 }, ctx({ params: { section: "nacion" } })).top).toBeUndefined();
  });
});

describe("section-listing transform and render", () => {
  const top = makeFeed(
    [0, 1, 2, 3].map((i) => makeStory(i, { section: nacion })),
    { count: 40, next: 4 },
  );
  const stories = makeFeed(
    [4, 5, 6, 7, 8, 9, 10].map((i) => makeStory(i, { section: nacion })),
    { count: 40, next: 11 },
  );
  const context = ctx({ params: { section: "nacion" } });

  it("titles the listing with the section source's name, falls back to the brand's section list, and honours the setting", () => {
    const sectionAnswer = { _id: "/nacion", name: "Nación hoy", site: { site_description: "Noticias de Colombia." } };
    expect(block.transform!({ section: sectionAnswer, top, stories }, settings, context)).toMatchObject({
      title: "Nación hoy",
      description: "Noticias de Colombia.",
      sectionId: "/nacion",
      next: 11,
      count: 40,
    });
    expect(block.transform!({ top, stories }, settings, context).title).toBe("Nación");
    expect(block.transform!({ stories }, { ...settings, title: "Lo de Nación" }, context).title).toBe("Lo de Nación");
  });

  it("sends the browser cards only, and the description only where an h1 title shows it", () => {
    const sectionAnswer = { _id: "/nacion", name: "Nación hoy", site: { site_description: "Noticias de Colombia.", site_keywords: "palabras-clave-internas" } };
    const data = block.transform!({ section: sectionAnswer, top, stories }, settings, context);
    const sent = JSON.stringify(data);
    for (const raw of ["palabras-clave-internas", "Vicky Dávila", "canonical_website", "taxonomy", "Gustavo Petro"]) expect(sent).not.toContain(raw);
    expect(block.transform!({ section: sectionAnswer, stories }, { ...settings, headingLevel: 2 }, context).description).toBeUndefined();
  });

  it("is empty when the section has no stories with images", () => {
    const data = block.transform!({ stories: makeFeed([makeStory(1, { noImage: true })]), top: makeFeed([]) }, settings, context);
    expect(block.isEmpty!(data, settings)).toBe(true);
  });

  it("shows the section title as h1, the lead story large, three beside it, then the grid with 'Cargar más artículos'", () => {
    const data = block.transform!({ top, stories }, settings, context);
    render(<SectionListing id="listado" pageId="seccion" settings={settings} data={data} />);
    expect(screen.getByRole("heading", { level: 1, name: "Nación" })).toBeTruthy();
    const articles = screen.getAllByRole("article");
    expect(articles).toHaveLength(11);
    expect(within(articles[0]).getByRole("img").getAttribute("loading")).toBe("eager");
    expect(within(articles[1]).getByRole("img").getAttribute("loading")).toBe("lazy");
    expect(screen.getByRole("button", { name: LOAD_MORE_LABEL })).toBeTruthy();
  });

  it("on another page titles with h2 linking to the section, and leads the grid itself without top stories", () => {
    const data = block.transform!({ stories }, { ...settings, showTopStories: false }, context);
    render(<SectionListing id="listado" pageId="home" settings={{ ...settings, headingLevel: 2, loadMore: false }} data={data} />);
    const title = screen.getByRole("heading", { level: 2, name: "Nación" });
    expect(within(title).getByRole("link").getAttribute("href")).toBe("/nacion/");
    expect(screen.getAllByRole("article")).toHaveLength(7);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
