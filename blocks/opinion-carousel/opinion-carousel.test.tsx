// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import OpinionCarousel, { SEE_ALL_LABEL } from "./index";
import block, { OPINION_CAROUSEL_SIZE, OPINION_CAROUSEL_TITLE } from "./index.server";

const context = (brand = "semana"): PageContext => ({ brand, path: "/opinion/vicky-davila/", params: {}, query: {} });
const settings = { published: true };

/** A column with a subheadline `length` characters long, signed by a columnist with a photo. */
function column(i: number, length: number) {
  const story = makeStory(i, { section: { _id: "/semanarural/opinion", name: "Opinión" } });
  story.subheadlines = { basic: `${"El campo colombiano necesita caminos, crédito y asistencia técnica. ".repeat(4).slice(0, length - 1)}.` };
  story.credits = { by: [{ _id: "oscar-acosta", name: "Óscar Acosta", image: { type: "image", url: "/images/autor-01.jpg" } }] };
  return story;
}

describe("opinion-carousel", () => {
  it("asks for the 6 latest columns of the brand's opinion sections, or of its own section", () => {
    expect(OPINION_CAROUSEL_SIZE).toBe(6);
    expect(block.fetch!(settings, context()).columns).toMatchObject({
      source: "content-apir",
      query: { website: "semana", includeSections: "/opinion,/economia/opinion,/finanzas/opinion", feedSize: 6, feedOffset: 0 },
    });
    expect(block.fetch!(settings, context("fucsia")).columns.query.includeSections).toBe("/opinion-fucsia");
    expect(block.fetch!({ ...settings, section: "economia/opinion", offset: 2 }, context()).columns.query).toMatchObject({
      includeSections: "/economia/opinion",
      feedOffset: 2,
    });
    // Foros Semana has no columnists: nothing to ask for.
    expect(block.fetch!(settings, context("forosemana"))).toEqual({});
  });

  it("shows 'VER MÁS OPINIONES', each column with its columnist and its subheadline cut at 150, and 'Ver todos' to /semanarural/opinion/", () => {
    const feed = makeFeed([column(0, 220), column(1, 90), { ...column(2, 50), promo_items: undefined }, column(3, 150)]);
    const data = block.transform!({ columns: feed }, settings, context("semanarural"));
    expect(data.title).toBe(OPINION_CAROUSEL_TITLE);
    expect(data.link).toBe("/semanarural/opinion/");
    // Items without a promo image are dropped (docs/listings.md#common-rules).
    expect(data.items.map((item) => item.id)).toEqual(["HISTORIA0000", "HISTORIA0001", "HISTORIA0003"]);
    const long = feed.content_elements[0].subheadlines.basic as string;
    expect(data.items[0].subheadline).toBe(`${long.slice(0, 150).trimEnd()}...`);
    expect(data.items[2].subheadline).toHaveLength(150);
    render(<OpinionCarousel id="mas-opiniones" pageId="p" settings={settings} data={data} />);
    expect(screen.getByRole("heading", { level: 2, name: "VER MÁS OPINIONES" })).toBeTruthy();
    const slides = screen.getAllByRole("article");
    expect(slides).toHaveLength(3);
    expect(within(slides[0]).getByText("Óscar Acosta")).toBeTruthy();
    expect(within(slides[0]).getByRole("link").getAttribute("href")).toBe(feed.content_elements[0].canonical_url);
    expect(within(slides[0]).getByText(data.items[0].subheadline!)).toBeTruthy();
    expect(screen.getByRole("link", { name: SEE_ALL_LABEL }).getAttribute("href")).toBe("/semanarural/opinion/");
  });

  it("takes the editor's title and a safe link, and is empty without columns", () => {
    const data = block.transform!({ columns: makeFeed([column(0, 80)]) }, { ...settings, title: "Columnas", link: "javascript:alert(1)" }, context());
    expect(data).toMatchObject({ title: "Columnas", link: "/opinion/" });
    expect(block.transform!({ columns: makeFeed([column(0, 80)]) }, { ...settings, link: "/semanarural/opinion/" }, context()).link).toBe(
      "/semanarural/opinion/",
    );
    expect(block.isEmpty!(block.transform!({ columns: makeFeed([]) }, settings, context()), settings)).toBe(true);
  });
});
