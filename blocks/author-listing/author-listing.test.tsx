// @vitest-environment jsdom
import { ANS_FIXTURES_DIR } from "../../tests/fixtures";
import fs from "node:fs";
import { render, screen, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import { LOAD_MORE_LABEL } from "../_shared/loadMore";
import AuthorListing from "./index";
import block, { AUTHOR_LISTING_FEED_SIZE, authorHero } from "./index.server";

const ctx = (over: Partial<PageContext> = {}): PageContext => ({
  brand: "semana",
  path: "/opinion/vicky-davila/",
  params: { autor: "vicky-davila" },
  query: {},
  ...over,
});
const settings = { published: true, title: "Artículos del autor" };
const vicky = {
  _id: "vicky-davila",
  brand: "semana",
  slug: "vicky-davila",
  byline: "Vicky Dávila",
  role: "Directora",
  description: "Periodista y directora de Semana.",
  image: "/images/autores/vicky-davila.jpg",
  social_links: [
    { site: "twitter", url: "https://twitter.com/VickyDavilaH" },
    { site: "instagram", url: "https://instagram.com/vickydavilah" },
    { site: "facebook", url: "javascript:alert(1)" },
  ],
};

/** The i-th column of an author, its subheadline `length` characters long. */
function column(i: number, length = 60) {
  const story = makeStory(i);
  story.subheadlines = { basic: `${"Una columna sobre el país y sus instituciones, escrita con calma. ".repeat(5).slice(0, length - 1)}.` };
  story.credits = {
    by: [
      {
        _id: "vicky-davila",
        name: "Vicky Dávila",
        description: "Columnista de Semana.",
        image: { type: "image", url: "/images/autores/vicky-columna.jpg" },
        social_links: [{ site: "twitter", url: "https://twitter.com/VickyDavilaH" }],
      },
    ],
  };
  return story;
}

describe("author-listing", () => {
  it("reads the author from the third segment of the path and asks for 16 of their stories per page", () => {
    expect(AUTHOR_LISTING_FEED_SIZE).toBe(16);
    const fetches = block.fetch!(settings, ctx());
    expect(fetches.author).toMatchObject({ source: "authors-api", query: { website: "semana", idAutor: "vicky-davila" }, optional: true });
    expect(fetches.stories).toMatchObject({
      source: "content-api-search-author",
      query: { website: "semana", includeId: "vicky-davila", feedSize: 16, feedOffset: 0 },
    });
    expect(fetches.stories.query).not.toHaveProperty("includeSections");
    const next = block.fetch!(settings, ctx({ cursor: { offset: 16 } }));
    expect(Object.keys(next)).toEqual(["stories"]);
    expect(next.stories.query.feedOffset).toBe(16);
    // The path names the author, whatever the route calls its parameter (a load-more request's ?path=).
    expect(block.fetch!(settings, ctx({ path: "/opinion/maria-jimena-duzan/", params: {} })).stories.query.includeId).toBe("maria-jimena-duzan");
    expect(block.fetch!({ ...settings, authorId: "maria-jimena-duzan" }, ctx({ path: "/", params: {} })).stories.query.includeId).toBe("maria-jimena-duzan");
    expect(block.fetch!(settings, ctx({ path: "/", params: {} }))).toEqual({});
  });

  it("limits the stories to a section when the page says so (Fucsia: opinion-fucsia)", () => {
    const fetches = block.fetch!({ ...settings, section: "opinion-fucsia" }, ctx({ brand: "fucsia" }));
    expect(fetches.stories.query).toMatchObject({ website: "fucsia", includeSections: "/opinion-fucsia", includeId: "vicky-davila" });
  });

  it("takes the hero from the first item's credits, and cuts each subheadline at 150 characters with an ellipsis", () => {
    const stories = makeFeed(
      Array.from({ length: 16 }, (_, i) => column(i, i === 0 ? 200 : 150)),
      { count: 40, next: 16 },
    );
    const data = block.transform!({ author: { authors: [vicky] }, stories }, settings, ctx());
    expect(data.author).toMatchObject({ name: "Vicky Dávila", description: "Columnista de Semana.", image: "/images/autores/vicky-columna.jpg" });
    const long = stories.content_elements[0].subheadlines.basic as string;
    expect(long).toHaveLength(200);
    expect(data.items[0].subheadline).toBe(`${long.slice(0, 150).trimEnd()}...`);
    expect(data.items[1].subheadline).toBe(stories.content_elements[1].subheadlines.basic);
    expect(data.items[1].subheadline).toHaveLength(150);
    // The stories' credits do not travel: cards and the hero only.
    expect(JSON.stringify(data)).not.toMatch(/credits|taxonomy|"byline"/);
    render(<AuthorListing id="autor" pageId="author" settings={settings} data={data} />);
    expect(screen.getByRole("heading", { level: 1, name: "Vicky Dávila" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Foto de Vicky Dávila" }).getAttribute("width")).toBe("120");
    expect(screen.getByText("Columnista de Semana.")).toBeTruthy();
    const social = screen.getByRole("list", { name: "Redes sociales de Vicky Dávila" });
    expect(
      within(social)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["https://twitter.com/VickyDavilaH"]);
    expect(screen.getByRole("heading", { level: 2, name: "Artículos del autor" })).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(16);
    expect(screen.getByText(data.items[0].subheadline!)).toBeTruthy();
    expect(screen.getByRole("button", { name: LOAD_MORE_LABEL })).toBeTruthy();
  });

  it("falls back to the author's record when no story credits the author, and is empty with neither", () => {
    const uncredited = makeFeed([{ ...makeStory(0), credits: { by: [] } }], { count: 1 });
    const hero = block.transform!({ author: { authors: [vicky] }, stories: uncredited }, settings, ctx()).author!;
    expect(hero).toMatchObject({ name: "Vicky Dávila", role: "Directora", image: "/images/autores/vicky-davila.jpg" });
    // Unsafe social links never become links.
    expect(hero.social.map((link) => link.label)).toEqual(["X (Twitter)", "Instagram"]);
    const empty = block.transform!({ author: { authors: [] }, stories: makeFeed([]) }, settings, ctx({ path: "/opinion/nadie/" }));
    expect(block.isEmpty!(empty, settings)).toBe(true);
  });

  it("reads the foreign ANS author fixture without breaking", () => {
    const fixture = JSON.parse(fs.readFileSync(`${ANS_FIXTURES_DIR}/author-fixture-good.json`, "utf8"));
    const hero = authorHero(fixture, [], "engelg")!;
    expect(hero.name).toBe("Greg Engel");
    expect(hero.description).toContain("developer for Arc Publishing");
    expect(hero.social.map((link) => link.label)).toEqual(["Facebook", "reddit"]);
  });
});
