// The browser: load the components of the blocks that hydrate on this page (each is a chunk of its
// own), then hydrate. Blocks that do not hydrate stay as the server rendered them; the page's one
// delegated script (enhance.ts) and the enhancers of the blocks on the page that have one (a
// carousel, a load-more list; each a chunk) give them what behaviour they have.
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { BLOCK_REPLACED_EVENT, enhance, reportPaywall } from "../../blocks/_shared/enhance";
import { blockEnhancers, hydratingBlockViews } from "../../blocks";
import { loadViews, RenderContext } from "./views";

enhance(document);
reportPaywall(document);
const enhanceFrame = (frame: HTMLElement) =>
  blockEnhancers[frame.dataset.block!]?.()
    .then((module) => module.default(frame))
    .catch((error) => console.error(`enhancer of block ${frame.dataset.block} failed:`, error instanceof Error ? error.message : error));
const enhancing = [...document.querySelectorAll<HTMLElement>("[data-block]")].map(enhanceFrame);
// A block whose HTML the page put in place again (a sign-in with storage blocked) gets its behaviour too.
document.addEventListener(BLOCK_REPLACED_EVENT, (event) => void enhanceFrame(event.target as HTMLElement));
// Tests (and other scripts) can tell when every block's behaviour is in place.
Promise.all(enhancing).then(() => (document.documentElement.dataset.enhanced = ""));

const hydrating = new Set([...document.querySelectorAll<HTMLElement>("[data-block][data-hydrate]")].map((element) => element.dataset.block!));

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

// Loaded before hydration, so that no block suspends while its server HTML is on screen.
Promise.all([loadViews(hydratingBlockViews, hydrating), pageDataDecoded()]).then(([views]) => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RenderContext.Provider value={{ views }}>
          <RemixBrowser />
        </RenderContext.Provider>
      </StrictMode>,
    );
  });
});
