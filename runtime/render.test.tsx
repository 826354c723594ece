// @vitest-environment jsdom
// Islands: the browser renders only the blocks that hydrate; the others keep the server's HTML.
import { act, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { PageView } from "./render";
import { browserPageData, frameClassName } from "./page-data";
import type { ViewRegistry } from "./registry";
import type { BlockView, PageData } from "./types";

const Counter: BlockView<{ label: string }, null> = ({ settings }) => {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>{`${settings.label} ${count}`}</button>;
};
const Article: BlockView<unknown, { text: string }> = ({ data }) => (
  <article>
    <h1>Titular</h1>
    <p>{data.text}</p>
  </article>
);

const page: PageData = {
  id: "nota",
  brand: "semana",
  layout: "x",
  regions: {
    main: [
      { id: "a", type: "counter", settings: { label: "uno" }, data: null, hydrate: true },
      { id: "b", type: "article", settings: {}, data: { text: "Texto que solo está en el HTML del servidor." } },
      { id: "c", type: "counter", settings: { label: "dos" }, data: null, hydrate: true },
    ],
  },
};
/** What the browser gets: the static block named, without settings or data. */
const browserPage: PageData = {
  ...page,
  regions: { main: [page.regions.main[0], { id: "b", type: "article", settings: {}, data: null }, page.regions.main[2]] },
};

/** What React reported while hydrating, less its warnings about act(), which concern the test harness, not the page. */
const hydrationErrors = (calls: unknown[][]) => calls.filter((call) => !/not configured to support act|not wrapped in act/.test(String(call[0])));

it("keeps a static block's server HTML through hydration and later renders, while the others hydrate", async () => {
  const server: ViewRegistry = { blocks: { counter: Counter, article: Article }, layouts: {} };
  const browser: ViewRegistry = { blocks: { counter: Counter }, layouts: {} };
  const container = document.createElement("div");
  container.innerHTML = renderToString(<PageView page={page} views={server} />);
  document.body.appendChild(container);
  expect(container.querySelector('[data-block-id="a"]')!.hasAttribute("data-hydrate")).toBe(true);
  expect(container.querySelector('[data-block-id="b"]')!.hasAttribute("data-hydrate")).toBe(false);
  const html = container.querySelector('[data-block-id="b"]')!.innerHTML;
  expect(html).toContain("Texto que solo está en el HTML del servidor.");

  const errors = vi.spyOn(console, "error");
  let root!: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(container, <PageView page={browserPage} views={browser} />);
  });
  expect(container.querySelector('[data-block-id="b"]')!.innerHTML).toBe(html);
  await act(async () => container.querySelectorAll("button")[1].click());
  expect(container.querySelectorAll("button")[1].textContent).toBe("dos 1");
  await act(async () => root.render(<PageView page={browserPage} views={browser} />));
  expect(container.querySelector('[data-block-id="b"]')!.innerHTML).toBe(html);
  expect(hydrationErrors(errors.mock.calls)).toEqual([]);
  root.unmount();
  container.remove();
});

it("puts the editor's frame classes (addClass, classes) on the frame of any block, static or hydrating, the same in the browser", async () => {
  const settings = { addClass: "solo-movil", classes: " destacado  solo-movil fondo-gris " };
  const framed: PageData = {
    ...page,
    regions: {
      main: [
        { ...page.regions.main[0], frameClass: frameClassName(settings) },
        { ...page.regions.main[1], frameClass: frameClassName(settings) },
      ],
    },
  };
  const server: ViewRegistry = { blocks: { counter: Counter, article: Article }, layouts: {} };
  const container = document.createElement("div");
  container.innerHTML = renderToString(<PageView page={framed} views={server} />);
  document.body.appendChild(container);
  for (const id of ["a", "b"]) {
    expect(container.querySelector(`[data-block-id="${id}"]`)!.className).toBe("block solo-movil destacado fondo-gris");
  }
  // The static block's frame keeps its classes in what the browser gets, so hydration matches.
  const sent = browserPageData(framed);
  expect(sent.regions.main[1]).toEqual({ id: "b", type: "article", settings: {}, data: null, frameClass: "solo-movil destacado fondo-gris" });
  const errors = vi.spyOn(console, "error");
  let root!: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(container, <PageView page={sent} views={{ blocks: { counter: Counter }, layouts: {} }} />);
  });
  expect(container.querySelector('[data-block-id="b"]')!.className).toBe("block solo-movil destacado fondo-gris");
  expect(hydrationErrors(errors.mock.calls)).toEqual([]);
  root.unmount();
  container.remove();
});

it("reads only class names from the frame settings: nothing else reaches the page", () => {
  expect(frameClassName({})).toBeUndefined();
  expect(frameClassName({ addClass: "" })).toBeUndefined();
  expect(frameClassName({ addClass: 'x" onclick="alert(1)', classes: "ok 9no <b> -ok_2" })).toBe("ok -ok_2");
});

it("puts a block's server HTML back when it fails in the browser while hydrating, and keeps the other blocks", async () => {
  const server: ViewRegistry = { blocks: { counter: Counter, article: Article }, layouts: {} };
  let failing = false;
  /** Renders like Counter on the server; in the browser it throws when asked to. */
  const Fragile: BlockView<{ label: string }, null> = (props) => {
    if (failing) throw new Error("falla en el navegador");
    return <Counter {...props} />;
  };
  const browser: ViewRegistry = { blocks: { counter: Fragile }, layouts: {} };
  const container = document.createElement("div");
  container.innerHTML = renderToString(<PageView page={page} views={server} />);
  document.body.appendChild(container);
  const frames = [...container.querySelectorAll<HTMLElement>("[data-hydrate]")];
  const serverHtml = new Map(frames.map((frame) => [frame.dataset.blockId!, frame.innerHTML]));
  const reported = vi.fn();
  vi.spyOn(console, "error").mockImplementation(() => {});
  // React reports the error to the window too: the test expects it.
  const expected = (event: ErrorEvent) => event.preventDefault();
  window.addEventListener("error", expected);

  // While hydrating: the first counter's server HTML ("uno 0") stays on the page.
  failing = true;
  let root!: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(container, <PageView page={browserPage} views={browser} serverHtml={serverHtml} onRenderFailure={reported} />, {
      onRecoverableError: () => {},
    });
  });
  expect(container.querySelector('[data-block-id="a"]')?.textContent).toBe("uno 0");
  expect(container.querySelector('[data-block-id="a"]')?.getAttribute("data-block")).toBe("counter");
  expect(container.querySelector('[data-block-id="b"]')?.textContent).toContain("Texto que solo está en el HTML del servidor.");
  expect(reported).toHaveBeenCalledWith("nota", "a", "falla en el navegador");
  root.unmount();
  container.remove();
  window.removeEventListener("error", expected);
});
