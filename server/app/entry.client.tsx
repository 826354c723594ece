// The browser: load the components of the blocks that hydrate on this page (each is a chunk of its
// own), then hydrate. Blocks that do not hydrate stay as the server rendered them; the page's one
// script (enhance.ts) gives them what behaviour they have.
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { enhance, reportPaywall } from "../../blocks/_shared/enhance";
import { loadViews, RenderContext } from "./views";

enhance(document);
reportPaywall(document);

const hydrating = new Set([...document.querySelectorAll<HTMLElement>("[data-block][data-hydrate]")].map((element) => element.dataset.block!));

// Loaded before hydration, so that no block suspends while its server HTML is on screen.
loadViews(hydrating).then((views) => {
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
