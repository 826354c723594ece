// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import type { PageContext } from "../../runtime/types";
import { makeFeed, makeStory, PRINT_EDITION } from "../_shared/StoryCard.fixtures";
import { LoadMoreContinuation } from "../_shared/Listing";
import { LOAD_MORE_LABEL, LOADING_LABEL } from "../_shared/loadMore";
import enhance from "./enhance";
import LatestStories from "./index";
import block, { LATEST_STORIES_FEED_SIZE } from "./index.server";
import schema from "./schema.json";

const context: PageContext = { brand: "semana", path: "/", params: {}, query: {} };
const settings = { published: true, title: "Últimas noticias", feedSize: 12, offset: 0 };

describe("latest-stories", () => {
  it("asks the latest-stories source for 12 stories by default", () => {
    expect(LATEST_STORIES_FEED_SIZE).toBe(12);
    expect(schema.properties.feedSize.default).toBe(LATEST_STORIES_FEED_SIZE);
    const { stories } = block.fetch!({ published: true }, context);
    expect(stories.source).toBe("latest-stories");
    expect(stories.query).toMatchObject({ website: "semana", feedSize: 12, feedOffset: 0 });
    expect(stories.query.sourceInclude).toContain("promo_items.basic");
  });

  it("takes the next page's offset from the cursor, and the brand from the context", () => {
    const { stories } = block.fetch!(settings, { ...context, brand: "fucsia", cursor: { offset: 24 } });
    expect(stories.query).toMatchObject({ website: "fucsia", feedSize: 12, feedOffset: 24 });
    expect(block.fetch!({ ...settings, offset: 3 }, context).stories.query.feedOffset).toBe(3);
  });

  it("drops stories without a promo image and print editions, even if the source let them through", () => {
    const feed = makeFeed([makeStory(0), makeStory(1, { noImage: true }), makeStory(2, { section: PRINT_EDITION }), makeStory(3)], { count: 40, next: 12 });
    const data = block.transform!({ stories: feed }, settings, context);
    expect(data.items.map((item) => item.id)).toEqual(["HISTORIA0000", "HISTORIA0003"]);
    expect(data).toMatchObject({ next: 12, count: 40 });
    expect(block.isEmpty!(data, settings)).toBe(false);
    expect(block.isEmpty!(block.transform!({ stories: makeFeed([makeStory(1, { noImage: true })]) }, settings, context), settings)).toBe(true);
    expect(block.isEmpty!(block.transform!({}, settings, context), settings)).toBe(true);
  });

  it("renders the grid under its title and loads the next 12 with 'Cargar más artículos'", async () => {
    const docs = Array.from({ length: 12 }, (_, i) => makeStory(i));
    const data = block.transform!({ stories: makeFeed(docs, { count: 30, next: 12 }) }, settings, context);
    // The server's HTML in the page, with the block's enhancer on it as the browser entry runs it.
    const frame = document.createElement("div");
    frame.innerHTML = renderToString(<LatestStories id="ultimas" pageId="home" settings={settings} data={data} />);
    document.body.replaceChildren(frame);
    enhance(frame);
    expect(screen.getByRole("heading", { level: 2, name: "Últimas noticias" })).toBeTruthy();
    const grid = screen.getByRole("list");
    expect(within(grid).getAllByRole("article")).toHaveLength(12);

    let release!: (value: Response) => void;
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise((resolve) => (release = resolve)));
    fireEvent.click(screen.getByRole("button", { name: LOAD_MORE_LABEL }));
    expect(screen.getByRole("button", { name: LOADING_LABEL })).toBeTruthy();
    expect(String(fetchSpy.mock.calls[0][0])).toBe("/_block/home/ultimas?offset=12&path=%2F");
    const next = block.transform!(
      {
        stories: makeFeed(
          Array.from({ length: 12 }, (_, i) => makeStory(12 + i)),
          { count: 30, next: 24 },
        ),
      },
      settings,
      { ...context, cursor: { offset: 12 } },
    );
    // What the block endpoint answers: the block rendered for that page.
    const html = renderToStaticMarkup(
      <LoadMoreContinuation.Provider value={true}>
        <LatestStories id="ultimas" pageId="home" settings={settings} data={next} />
      </LoadMoreContinuation.Provider>,
    );
    release(new Response(JSON.stringify({ html })));
    await waitFor(() => expect(within(grid).getAllByRole("article")).toHaveLength(24));
    expect(screen.getByRole("button", { name: LOAD_MORE_LABEL })).toBeTruthy();
    fetchSpy.mockRestore();
  });
});
