// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { feedPage } from "./cards";
import { PagedStories } from "./Listing";
import { makeFeed, makeStory } from "./StoryCard.fixtures";
import { blockEndpoint, hasNextPage, LOAD_MORE_LABEL, LOADING_LABEL } from "./useLoadMore";

/** A browser fetch answering like the server's block endpoint, released by hand. */
function deferredFetch() {
  const calls: string[] = [];
  let release!: (response: Response) => void;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input) => {
    calls.push(String(input));
    return new Promise<Response>((resolve) => (release = resolve));
  });
  return { spy, calls, answer: (body: unknown, status = 200) => release(new Response(JSON.stringify(body), { status })) };
}

const page = (from: number, size: number, count: number) =>
  feedPage(
    makeFeed(
      Array.from({ length: size }, (_, i) => makeStory(from + i)),
      { count, next: from + size < count ? from + size : undefined },
    ),
  );

afterEach(() => vi.restoreAllMocks());

describe("hasNextPage", () => {
  it("shows the button only while next > 0 and next < count", () => {
    expect(hasNextPage({ next: 12, count: 40 })).toBe(true);
    expect(hasNextPage({ next: 40, count: 40 })).toBe(false);
    expect(hasNextPage({ next: 50, count: 40 })).toBe(false);
    expect(hasNextPage({ next: 0, count: 40 })).toBe(false);
    expect(hasNextPage({ count: 40 })).toBe(false);
  });

  it("asks the block endpoint for the next offset with the page's path", () => {
    expect(blockEndpoint("seccion", "listado", 11, "/nacion/")).toBe("/_block/seccion/listado?offset=11&path=%2Fnacion%2F");
  });
});

describe("'Cargar más artículos'", () => {
  it("goes idle → 'Cargando...' (disabled) → idle and appends the next page without a reload", async () => {
    const server = deferredFetch();
    render(<PagedStories pageId="home" blockId="ultimas" initial={page(0, 12, 30)} />);
    const list = screen.getByRole("list");
    expect(within(list).getAllByRole("article")).toHaveLength(12);

    fireEvent.click(screen.getByRole("button", { name: LOAD_MORE_LABEL }));
    const busy = screen.getByRole("button", { name: LOADING_LABEL }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(server.calls).toEqual(["/_block/home/ultimas?offset=12&path=%2F"]);
    // A second click while loading asks nothing more.
    fireEvent.click(busy);
    expect(server.calls).toHaveLength(1);

    await act(async () => server.answer({ data: page(12, 12, 30) }));
    expect(within(list).getAllByRole("article")).toHaveLength(24);
    expect(screen.getByRole("link", { name: /\(24\)$/ }).getAttribute("href")).toBe("/nacion/articulo/historia-24/100023/");
    const idle = screen.getByRole("button", { name: LOAD_MORE_LABEL }) as HTMLButtonElement;
    expect(idle.disabled).toBe(false);

    // The last page: next is no longer below count, so the button goes away.
    fireEvent.click(idle);
    expect(server.calls[1]).toBe("/_block/home/ultimas?offset=24&path=%2F");
    await act(async () => server.answer({ data: page(24, 6, 30) }));
    expect(within(list).getAllByRole("article")).toHaveLength(30);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("does not show the button when next >= count or next is 0", () => {
    const { rerender } = render(<PagedStories pageId="p" blockId="b" initial={{ ...page(0, 4, 4), next: 4 }} />);
    expect(screen.queryByRole("button")).toBeNull();
    rerender(<PagedStories pageId="p" blockId="b" initial={{ ...page(0, 4, 40), next: 0 }} />);
    expect(screen.queryByRole("button")).toBeNull();
    rerender(<PagedStories pageId="p" blockId="b" initial={{ ...page(0, 4, 40), next: 4 }} />);
    expect(screen.getByRole("button", { name: LOAD_MORE_LABEL })).toBeTruthy();
  });

  it("returns to idle without a message to the reader when the fetch fails, and logs it", async () => {
    const server = deferredFetch();
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    render(<PagedStories pageId="home" blockId="ultimas" initial={page(0, 12, 30)} />);
    fireEvent.click(screen.getByRole("button", { name: LOAD_MORE_LABEL }));
    await act(async () => server.answer({ error: "fallo" }, 500));
    expect(screen.getByRole("button", { name: LOAD_MORE_LABEL })).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(12);
    expect(log).toHaveBeenCalledWith(expect.stringContaining("ultimas"), expect.stringContaining("HTTP 500"));
    expect(document.body.textContent).not.toMatch(/error|fallo/i);
  });

  it("treats a malformed answer as a failure and skips stories already shown", async () => {
    const server = deferredFetch();
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(<PagedStories pageId="home" blockId="ultimas" initial={page(0, 12, 30)} />);
    fireEvent.click(screen.getByRole("button", { name: LOAD_MORE_LABEL }));
    await act(async () => server.answer({ data: { items: "no" } }));
    expect(screen.getAllByRole("article")).toHaveLength(12);
    // The feed moved by two stories between loads: the repeated ones are not shown twice.
    fireEvent.click(screen.getByRole("button", { name: LOAD_MORE_LABEL }));
    await act(async () => server.answer({ data: page(10, 12, 30) }));
    expect(screen.getAllByRole("article")).toHaveLength(22);
  });

  it("ends the list when the server has nothing more at that offset ({ data: null })", async () => {
    const server = deferredFetch();
    render(<PagedStories pageId="home" blockId="ultimas" initial={page(0, 12, 30)} />);
    fireEvent.click(screen.getByRole("button", { name: LOAD_MORE_LABEL }));
    await act(async () => server.answer({ data: null }));
    expect(screen.getAllByRole("article")).toHaveLength(12);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("shows the first story as the lead when asked", () => {
    render(<PagedStories pageId="p" blockId="b" initial={page(0, 5, 5)} lead leadPriority />);
    const images = screen.getAllByRole("img");
    expect(images[0].getAttribute("loading")).toBe("eager");
    expect(within(screen.getByRole("list")).getAllByRole("article")).toHaveLength(4);
  });
});
