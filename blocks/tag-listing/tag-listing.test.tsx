// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import { LOAD_MORE_LABEL } from "../_shared/loadMore";
import TagListing from "./index";
import block, { TAG_LISTING_FEED_SIZE } from "./index.server";

const ctx = (over: Partial<PageContext> = {}): PageContext => ({
  brand: "semana",
  path: "/noticias/gustavo-petro/",
  params: { tag: "gustavo-petro" },
  query: {},
  ...over,
});

describe("tag-listing", () => {
  it("searches the tag's stories with images, newest first, 8 per batch", () => {
    expect(TAG_LISTING_FEED_SIZE).toBe(8);
    const { stories } = block.fetch!({ published: true }, ctx());
    expect(stories.source).toBe("search-query-source");
    expect(stories.query).toMatchObject({
      website: "semana",
      queryString: 'taxonomy.tags.slug:"gustavo-petro" AND _exists_:promo_items.basic.url',
      sort: "publish_date:desc",
      feedSize: 8,
      feedOffset: 0,
    });
    expect(block.fetch!({ published: true }, ctx({ cursor: { offset: 16 } })).stories.query.feedOffset).toBe(16);
  });

  it("reduces the tag to a slug so that nothing else reaches the query, and falls back to the setting", () => {
    const query = (params: Record<string, string>, tag?: string) => block.fetch!({ published: true, tag }, ctx({ params })).stories?.query.queryString;
    expect(query({ tag: 'Petro" OR type:video' })).toBe('taxonomy.tags.slug:"petro-or-typevideo" AND _exists_:promo_items.basic.url');
    expect(query({}, "elecciones-2026")).toContain('taxonomy.tags.slug:"elecciones-2026"');
    expect(block.fetch!({ published: true }, ctx({ params: {} }))).toEqual({});
  });

  it("titles the page with the tag's text as the stories carry it, else from the slug", () => {
    const feed = makeFeed([makeStory(0), makeStory(1)], { count: 20, next: 8 });
    expect(block.transform!({ stories: feed }, { published: true }, ctx()).title).toBe("Gustavo Petro");
    expect(block.transform!({ stories: feed }, { published: true }, ctx({ params: { tag: "reforma-pensional" } })).title).toBe("Reforma pensional");
  });

  it("renders the tag name as h1, the stories and 'Cargar más artículos'", () => {
    const data = block.transform!(
      {
        stories: makeFeed(
          [0, 1, 2, 3, 4, 5, 6, 7].map((i) => makeStory(i)),
          { count: 20, next: 8 },
        ),
      },
      { published: true },
      ctx(),
    );
    // The tags the query asked for (to name the page) stay on the server: only cards and the title travel.
    expect(JSON.stringify(data)).not.toMatch(/taxonomy|"slug"|credits/);
    render(<TagListing id="tema" pageId="tag" settings={{ published: true }} data={data} />);
    expect(screen.getByRole("heading", { level: 1, name: "Gustavo Petro" })).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(8);
    expect(screen.getByRole("button", { name: LOAD_MORE_LABEL })).toBeTruthy();
    expect(block.isEmpty!(block.transform!({ stories: makeFeed([]) }, { published: true }, ctx()), { published: true })).toBe(true);
  });
});
