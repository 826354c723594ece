// The browser: load the components of the blocks that hydrate on this page (each is a chunk of its
// own), then hydrate. Blocks that do not hydrate stay as the server rendered them; the page's one
// delegated script (enhance.ts) and the enhancers of the blocks on the page that have one (a
// carousel, a load-more list; each a chunk) give them what behaviour they have.
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { BLOCK_REPLACED_EVENT, enhance, reportPaywall } from "../../blocks/_shared/enhance";
import { blockEnhancers, hydratingBlockViews } from "../../blocks";
import { loadChunk, retryFailedStylesheets } from "./chunks";
import { loadViews, RenderContext } from "./views";

// A style sheet that did not load is asked for once more (./chunks.ts).
retryFailedStylesheets(document);
enhance(document);
reportPaywall(document);
const enhanceFrame = (frame: HTMLElement) => {
  const loader = blockEnhancers[frame.dataset.block!];
  return loader
    ? loadChunk(loader)
        .then((module) => module.default(frame))
        // The block's type, then the error as the console shows it (its name, message and stack).
        .catch((error) => console.error(frame.dataset.block, error))
    : undefined;
};
const enhancing = [...document.querySelectorAll<HTMLElement>("[data-block]")].map(enhanceFrame);
// A block whose HTML the page put in place again (a sign-in with storage blocked) gets its behaviour too.
document.addEventListener(BLOCK_REPLACED_EVENT, (event) => void enhanceFrame(event.target as HTMLElement));
// Tests (and other scripts) can tell when every block's behaviour is in place.
Promise.all(enhancing).then(() => (document.documentElement.dataset.enhanced = ""));

const hydratingFrames = [...document.querySelectorAll<HTMLElement>("[data-block][data-hydrate]")];
const hydrating = new Set(hydratingFrames.map((element) => element.dataset.block!));
// Each hydrating block's server HTML, kept before React touches it: a block that fails to render in
// the browser shows it again (docs/error-catalogue.md#chunk-errors).
const serverHtml = new Map(hydratingFrames.map((frame) => [frame.dataset.blockId!, frame.innerHTML]));

/**
 * Remix's single fetch decodes the page's data from a stream when RemixBrowser first renders, and
 * until then RemixBrowser suspends the root. A click in that moment makes React 18 hydrate the root
 * synchronously, which cannot suspend: "Root did not complete" (React error #345) instead of the click.
 * Calling RemixBrowser once before hydrating starts that decoding (it throws its promise before any
 * hook runs); waiting for it leaves hydration nothing to suspend on.
 */
async function pageDataDecoded(): Promise<void> {
  const context = (window as { __remixContext?: { future?: { v3_singleFetch?: boolean }; stream?: unknown } }).__remixContext;
  if (!context?.future?.v3_singleFetch || !context.stream) return;
  try {
    (RemixBrowser as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown && typeof (thrown as PromiseLike<unknown>).then === "function") await thrown;
  }
}

// Loaded before hydration, so that no block suspends while its server HTML is on screen. A block whose
// chunk cannot be loaded (after its one retry) hydrates without its component: its server HTML stays.
const loadView = (type: string, loader: (typeof hydratingBlockViews)[string]) =>
  loadChunk(loader).catch((error: Error) => {
    console.error(type, error.name, error.message);
    return undefined;
  });
Promise.all([loadViews(hydratingBlockViews, hydrating, loadView), pageDataDecoded()]).then(([views]) => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RenderContext.Provider value={{ views, serverHtml }}>
          <RemixBrowser />
        </RenderContext.Provider>
      </StrictMode>,
    );
  });
});
