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
  path: "/autor/vicky-davila/",
  params: { slug: "vicky-davila" },
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

describe("author-listing", () => {
  it("asks authors-api for the record and the author's stories by slug, 8 per batch", () => {
    expect(AUTHOR_LISTING_FEED_SIZE).toBe(8);
    const fetches = block.fetch!(settings, ctx());
    expect(fetches.author).toMatchObject({ source: "authors-api", query: { website: "semana", idAutor: "vicky-davila" }, optional: true });
    expect(fetches.stories).toMatchObject({
      source: "content-api-search-author",
      query: { website: "semana", includeId: "vicky-davila", feedSize: 8, feedOffset: 0 },
    });
    const next = block.fetch!(settings, ctx({ cursor: { offset: 8 } }));
    expect(Object.keys(next)).toEqual(["stories"]);
    expect(next.stories.query.feedOffset).toBe(8);
    expect(block.fetch!({ ...settings, authorId: "maria-jimena-duzan" }, ctx({ params: {} })).stories.query.includeId).toBe("maria-jimena-duzan");
  });

  it("shows the hero (photo, name, role, description, safe social links) and the stories with 'Cargar más artículos'", () => {
    const data = block.transform!(
      {
        author: { authors: [vicky] },
        stories: makeFeed(
          [0, 1, 2, 3, 4, 5, 6, 7].map((i) => makeStory(i)),
          { count: 30, next: 8 },
        ),
      },
      settings,
      ctx(),
    );
    // The stories' credits (asked for the hero's fallback) do not travel: cards and the hero only.
    expect(JSON.stringify(data)).not.toMatch(/credits|taxonomy|"byline"/);
    render(<AuthorListing id="autor" pageId="author" settings={settings} data={data} />);
    expect(screen.getByRole("heading", { level: 1, name: "Vicky Dávila" })).toBeTruthy();
    const photo = screen.getByRole("img", { name: "Foto de Vicky Dávila" });
    expect(photo.getAttribute("width")).toBe("120");
    expect(screen.getByText("Periodista y directora de Semana.")).toBeTruthy();
    const social = screen.getByRole("list", { name: "Redes sociales de Vicky Dávila" });
    expect(
      within(social)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["X (Twitter)", "https://twitter.com/VickyDavilaH"],
      ["Instagram", "https://instagram.com/vickydavilah"],
    ]);
    expect(screen.getByRole("heading", { level: 2, name: "Artículos del autor" })).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(8);
    expect(screen.getByRole("button", { name: LOAD_MORE_LABEL })).toBeTruthy();
  });

  it("falls back to the stories' credits when authors-api has no record, and is empty with neither", () => {
    const stories = makeFeed([makeStory(0)], { count: 1 });
    expect(block.transform!({ author: { authors: [] }, stories }, settings, ctx()).author?.name).toBe("Vicky Dávila");
    const empty = block.transform!({ author: { authors: [] }, stories: makeFeed([]) }, settings, ctx({ params: { slug: "nadie" } }));
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
