// @vitest-environment jsdom
// 'Cargar más artículos' as a reader meets it: the grid as the server renders it, the enhancer on
// it, and a fetch answering like the server's block endpoint ({ html } of the block's next page).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { feedPage, type CardStory, type Page } from "./cards";
import { LoadMoreContinuation, PagedStories } from "./Listing";
import { blockEndpoint, enhanceLoadMore, hasNextPage, LOAD_MORE_LABEL, LOADING_LABEL } from "./loadMore";
import { LoadMoreButton } from "./LoadMoreButton";
import { makeFeed, makeStory } from "./StoryCard.fixtures";

const page = (from: number, size: number, count: number) =>
  feedPage(
    makeFeed(
      Array.from({ length: size }, (_, i) => makeStory(from + i)),
      { count, next: from + size < count ? from + size : undefined },
    ),
  );

/** What the endpoint answers for a next page: the block rendered with the continuation flag. */
const nextPageHtml = (initial: Page<CardStory>, lead = false) =>
  renderToStaticMarkup(
    <LoadMoreContinuation.Provider value={true}>
      <PagedStories pageId="home" blockId="ultimas" initial={initial} lead={lead} />
    </LoadMoreContinuation.Provider>,
  );

/** A browser fetch answering like the server's block endpoint, released by hand. */
function deferredFetch() {
  const calls: string[] = [];
  let release!: (response: Response) => void;
  vi.spyOn(globalThis, "fetch").mockImplementation((input) => {
    calls.push(String(input));
    return new Promise<Response>((resolve) => (release = resolve));
  });
  return { calls, answer: (body: unknown, status = 200) => release(new Response(JSON.stringify(body), { status })) };
}

/** The block's server HTML in the page, enhanced as the browser entry does. */
function serverRendered(initial: Page<CardStory>, lead = false, moreLabel?: string) {
  const frame = document.createElement("div");
  frame.innerHTML = renderToString(<PagedStories pageId="home" blockId="ultimas" initial={initial} lead={lead} leadPriority={lead} moreLabel={moreLabel} />);
  document.body.replaceChildren(frame);
  enhanceLoadMore(frame);
  return frame;
}

const articles = () => within(screen.getByRole("list")).getAllByRole("article");

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

describe("'Cargar más artículos' before and without script", () => {
  it("is a form that opens the same page with the block at its next page (?bloque=…&offset=…)", () => {
    const frame = document.createElement("div");
    frame.innerHTML = renderToString(<PagedStories pageId="home" blockId="ultimas" initial={page(0, 12, 30)} />);
    const button = within(frame).getByRole("button", { name: LOAD_MORE_LABEL }) as HTMLButtonElement;
    expect(button.type).toBe("submit");
    expect(button.form?.method).toBe("get");
    expect(Object.fromEntries(new FormData(button.form!))).toEqual({ bloque: "ultimas", offset: "12" });
  });

  it("keeps the search's own parameters on the next page's address", () => {
    const html = renderToString(
      <LoadMoreButton pageId="buscar" blockId="resultados" next={10} label={LOAD_MORE_LABEL} pagePath="/buscador/?query=econom%C3%ADa&bloque=x&offset=3" />,
    );
    const frame = document.createElement("div");
    frame.innerHTML = html;
    expect([...new FormData(frame.querySelector("form")!)]).toEqual([
      ["query", "economía"],
      ["bloque", "resultados"],
      ["offset", "10"],
    ]);
  });

  it("once enhanced, appends in place (the form is not sent) and then names the page after the one appended", async () => {
    const server = deferredFetch();
    const frame = serverRendered(page(0, 12, 30));
    const button = screen.getByRole("button", { name: LOAD_MORE_LABEL }) as HTMLButtonElement;
    const submitted = vi.fn((event: Event) => event.preventDefault());
    button.form!.addEventListener("submit", submitted);
    fireEvent.click(button);
    expect(submitted).not.toHaveBeenCalled();
    server.answer({ html: nextPageHtml(page(12, 12, 30)) });
    await waitFor(() => expect(articles()).toHaveLength(24));
    expect(Object.fromEntries(new FormData(frame.querySelector("form")!))).toEqual({ bloque: "ultimas", offset: "24" });
  });
});

describe("'Cargar más artículos'", () => {
  it("goes idle → 'Cargando...' (disabled) → idle and appends the next page without a reload", async () => {
    const server = deferredFetch();
    serverRendered(page(0, 12, 30));
    expect(articles()).toHaveLength(12);

    fireEvent.click(screen.getByRole("button", { name: LOAD_MORE_LABEL }));
    const busy = screen.getByRole("button", { name: LOADING_LABEL }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute("aria-busy")).toBe("true");
    expect(server.calls).toEqual(["/_block/home/ultimas?offset=12&path=%2F"]);
    // A second click while loading asks nothing more.
    fireEvent.click(busy);
    expect(server.calls).toHaveLength(1);

    server.answer({ html: nextPageHtml(page(12, 12, 30)) });
    await waitFor(() => expect(articles()).toHaveLength(24));
    expect(screen.getByRole("link", { name: /\(24\)$/ }).getAttribute("href")).toBe("/nacion/articulo/historia-24/100023/");
    const idle = screen.getByRole("button", { name: LOAD_MORE_LABEL }) as HTMLButtonElement;
    expect(idle.disabled).toBe(false);

    // The last page: next is no longer below count, so the button goes away.
    fireEvent.click(idle);
    expect(server.calls[1]).toBe("/_block/home/ultimas?offset=24&path=%2F");
    server.answer({ html: nextPageHtml(page(24, 6, 30)) });
    await waitFor(() => expect(articles()).toHaveLength(30));
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("keeps a block's own label: 'Más videos' → 'Cargando...' → 'Más videos'", async () => {
    const server = deferredFetch();
    serverRendered(page(0, 12, 30), false, "Más videos");
    expect(screen.queryByRole("button", { name: LOAD_MORE_LABEL })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Más videos" }));
    expect(screen.getByRole("button", { name: LOADING_LABEL })).toBeTruthy();
    server.answer({ html: nextPageHtml(page(12, 12, 30)) });
    await waitFor(() => expect(articles()).toHaveLength(24));
    expect((screen.getByRole("button", { name: "Más videos" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("keeps a block's own label on a short page too: 'VER MÁS CARICATURAS' again, not the default", async () => {
    const server = deferredFetch();
    serverRendered(page(0, 4, 10), false, "VER MÁS CARICATURAS");
    expect(screen.queryByRole("button", { name: LOAD_MORE_LABEL })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "VER MÁS CARICATURAS" }));
    expect(screen.getByRole("button", { name: LOADING_LABEL })).toBeTruthy();
    server.answer({ html: nextPageHtml(page(4, 2, 10)) });
    await waitFor(() => expect(articles()).toHaveLength(6));
    expect(screen.getByRole("button", { name: "VER MÁS CARICATURAS" })).toBeTruthy();
  });

  it("does not show the button when next >= count or next is 0", () => {
    serverRendered({ ...page(0, 4, 4), next: 4 });
    expect(screen.queryByRole("button")).toBeNull();
    serverRendered({ ...page(0, 4, 40), next: 0 });
    expect(screen.queryByRole("button")).toBeNull();
    serverRendered({ ...page(0, 4, 40), next: 4 });
    expect(screen.getByRole("button", { name: LOAD_MORE_LABEL })).toBeTruthy();
  });

  it("returns to idle without a message to the reader when the fetch fails, and logs it", async () => {
    const server = deferredFetch();
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    serverRendered(page(0, 12, 30));
    fireEvent.click(screen.getByRole("button", { name: LOAD_MORE_LABEL }));
    server.answer({ error: "fallo" }, 500);
    await waitFor(() => expect(screen.getByRole("button", { name: LOAD_MORE_LABEL })).toBeTruthy());
    expect(articles()).toHaveLength(12);
    expect(log).toHaveBeenCalledWith("load more failed:", expect.stringContaining("HTTP 500"));
    expect(document.body.textContent).not.toMatch(/error|fallo/i);
  });

  it("treats a malformed answer as a failure and skips stories already shown", async () => {
    const server = deferredFetch();
    vi.spyOn(console, "error").mockImplementation(() => {});
    serverRendered(page(0, 12, 30));
    fireEvent.click(screen.getByRole("button", { name: LOAD_MORE_LABEL }));
    server.answer({ data: { items: "no" } });
    await waitFor(() => expect(screen.getByRole("button", { name: LOAD_MORE_LABEL })).toBeTruthy());
    expect(articles()).toHaveLength(12);
    // The feed moved by two stories between loads: the repeated ones are not shown twice.
    fireEvent.click(screen.getByRole("button", { name: LOAD_MORE_LABEL }));
    server.answer({ html: nextPageHtml(page(10, 12, 30)) });
    await waitFor(() => expect(articles()).toHaveLength(22));
  });

  it("ends the list when the server has nothing more at that offset ({ html: '' })", async () => {
    const server = deferredFetch();
    serverRendered(page(0, 12, 30));
    fireEvent.click(screen.getByRole("button", { name: LOAD_MORE_LABEL }));
    server.answer({ html: "" });
    await waitFor(() => expect(screen.queryByRole("button")).toBeNull());
    expect(articles()).toHaveLength(12);
  });

  it("shows the first story as the lead on the first page only; a next page's stories all join the grid", async () => {
    const server = deferredFetch();
    serverRendered(page(0, 5, 10), true);
    const images = screen.getAllByRole("img");
    expect(images[0].getAttribute("loading")).toBe("eager");
    expect(articles()).toHaveLength(4);
    fireEvent.click(screen.getByRole("button", { name: LOAD_MORE_LABEL }));
    server.answer({ html: nextPageHtml(page(5, 5, 10), true) });
    await waitFor(() => expect(articles()).toHaveLength(9));
  });
});
