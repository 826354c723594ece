// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import { LOAD_MORE_LABEL } from "../_shared/loadMore";
import UrlSectionListing from "./index";
import block, { DEFAULT_VARIANT, SOHO_SECTION_FEEDS } from "./index.server";
import schema from "./schema.json";
import { sectionFromUrl } from "../../domain/sections";

const ctx = (over: Partial<PageContext> = {}): PageContext => ({ brand: "soho", path: "/seccion/mujeres-soho/", params: {}, query: {}, ...over });
const settings = { published: true };
const query = (s: object, c: PageContext) => block.fetch!({ ...settings, ...s }, c);

describe("sectionFromUrl", () => {
  it("finds Soho's section by the third segment of /seccion/<section>/, nested ones included", () => {
    expect(sectionFromUrl("soho", "/seccion/mujeres-soho/")).toBe("/mujeres-soho");
    expect(sectionFromUrl("soho", "/seccion/historias/")).toBe("/relatos/historias");
    expect(sectionFromUrl("soho", "/seccion/peliculas-y-series/?page=2")).toBe("/que-pasa/peliculas-y-series");
    // Unknown slugs stay as they are: they find no stories and the page answers 404.
    expect(sectionFromUrl("soho", "/seccion/no-existe/")).toBe("/no-existe");
    expect(sectionFromUrl("soho", "/seccion/")).toBeUndefined();
    expect(sectionFromUrl("soho", "/videos/")).toBe("/videos");
  });

  it("elsewhere takes the whole path as the section id", () => {
    expect(sectionFromUrl("elpais", "/deportes/america-de-cali/")).toBe("/deportes/america-de-cali");
    expect(sectionFromUrl("semanarural", "/semanarural/agricultura/")).toBe("/semanarural/agricultura");
    expect(sectionFromUrl("fucsia", "/")).toBeUndefined();
  });
});

describe("url-section-listing fetch", () => {
  it("uses Soho's section sizes: 6 from offset 9 then 8, or the variant's 7 from offset 4 then 8 (docs/listings.md#section-pages)", () => {
    expect(SOHO_SECTION_FEEDS).toEqual({ principal: { feedSize: 6, offset: 9, loadMoreSize: 8 }, alterna: { feedSize: 7, offset: 4, loadMoreSize: 8 } });
    expect(schema.properties.variant.default).toBe(DEFAULT_VARIANT);
    expect(DEFAULT_VARIANT).toBe("principal");

    const principal = query({}, ctx());
    expect(principal.stories).toMatchObject({
      source: "content-apir",
      query: { website: "soho", includeSections: "/mujeres-soho", feedSize: 6, feedOffset: 9 },
    });
    expect(principal.top.query).toMatchObject({ includeSections: "/mujeres-soho", feedSize: 9, feedOffset: 0 });
    expect(principal.section).toMatchObject({ source: "section-source", query: { website: "soho", path: "/mujeres-soho" } });

    const alterna = query({ variant: "alterna" }, ctx());
    expect(alterna.stories.query).toMatchObject({ feedSize: 7, feedOffset: 4 });
    expect(alterna.top.query).toMatchObject({ feedSize: 4, feedOffset: 0 });
  });

  it("asks for the next 8 from the cursor on 'Cargar más artículos', in both variants", () => {
    for (const variant of ["principal", "alterna"]) {
      const next = query({ variant }, ctx({ path: "/seccion/historias/", cursor: { offset: 15 } }));
      expect(Object.keys(next)).toEqual(["stories"]);
      expect(next.stories.query).toMatchObject({ includeSections: "/relatos/historias", feedSize: 8, feedOffset: 15 });
    }
  });

  it("lists the nested section the whole path names, not a route parameter's single segment", () => {
    const fetches = query({ variant: "alterna" }, ctx({ brand: "elpais", path: "/deportes/america-de-cali/", params: { section: "america-de-cali" } }));
    expect(fetches.stories.query).toMatchObject({ website: "elpais", includeSections: "/deportes/america-de-cali" });
  });

  it("prefers a fixed section, and asks for nothing on a URL that names none", () => {
    expect(query({ section: "videos" }, ctx({ path: "/videos/" })).stories.query.includeSections).toBe("/videos");
    expect(query({}, ctx({ brand: "fucsia", path: "/" }))).toEqual({});
  });
});

describe("url-section-listing transform and render", () => {
  const historias = { _id: "/relatos/historias", name: "Historias" };
  const context = ctx({ path: "/seccion/historias/" });
  const top = makeFeed(
    [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => makeStory(i, { section: historias })),
    { count: 30, next: 9 },
  );
  const stories = makeFeed(
    [9, 10, 11, 12, 13, 14].map((i) => makeStory(i, { section: historias })),
    { count: 30, next: 15 },
  );

  it("titles the page with the section's name as h1, nine stories on top, six in the grid and 'Cargar más artículos'", () => {
    const data = block.transform!({ top, stories }, settings, context);
    expect(data).toMatchObject({ title: "Historias", sectionId: "/relatos/historias", next: 15, count: 30 });
    // Only cards travel to the browser: no raw ANS fields (credits, taxonomy) of the stories.
    expect(JSON.stringify(data)).not.toMatch(/credits|taxonomy|Vicky Dávila/);
    render(<UrlSectionListing id="listado" pageId="soho-seccion" settings={settings} data={data} />);
    expect(screen.getByRole("heading", { level: 1, name: "Historias" })).toBeTruthy();
    const articles = screen.getAllByRole("article");
    expect(articles).toHaveLength(15);
    expect(
      within(articles[0])
        .getByRole("link", { name: /\(1\)$/ })
        .getAttribute("href"),
    ).toBe("/relatos/historias/articulo/historia-1/100000/");
    expect(screen.getByRole("button", { name: LOAD_MORE_LABEL })).toBeTruthy();
  });

  it("lays the nine top stories out without an empty column under the lead: 2 beside it, then two full rows of 3", () => {
    const data = block.transform!({ top, stories }, settings, context);
    const { container } = render(<UrlSectionListing id="listado" pageId="soho-seccion" settings={settings} data={data} />);
    const below = container.querySelector<HTMLElement>("[data-top-below]")!;
    expect(within(below).getAllByRole("article")).toHaveLength(6);
    // The lead, the two beside it and the six below are the first nine stories, in order.
    const order = screen.getAllByRole("article").map((article) => within(article).getAllByRole("link").at(-1)!.textContent);
    expect(order.slice(0, 9).map((text) => text!.match(/\((\d+)\)$/)![1])).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
  });

  it("is empty for a section without stories, so that the page answers 404", () => {
    const data = block.transform!({ top: makeFeed([]), stories: makeFeed([]) }, settings, ctx({ path: "/seccion/no-existe/" }));
    expect(block.isEmpty!(data, settings)).toBe(true);
    expect(block.isEmpty!(block.transform!({}, settings, ctx({ brand: "fucsia", path: "/" })), settings)).toBe(true);
  });
});
