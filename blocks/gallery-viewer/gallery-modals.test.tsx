// @vitest-environment jsdom
// The gallery's modals (docs/article-pages.md#gallery-modals): which reader gets which, and what
// they show, from the block's server HTML as the viewer uses it.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import GalleryViewer from "./index";
import { BLUR_TITLE, galleryModal, galleryViewerData } from "./index.server";
import { BLUR_ANIMATION_MS, galleryModalOf, showGalleryModal } from "../_shared/galleryViewer";

const story = (contentCode: string) => ({
  _id: "G1",
  type: "story",
  headlines: { basic: "Las imágenes del viaje" },
  content_restrictions: { content_code: contentCode },
  promo_items: {
    gallery: {
      content_elements: [
        { type: "image", url: "/images/a.jpg" },
        { type: "image", url: "/images/b.jpg" },
      ],
    },
  },
});
const forSubscribers = (doc: unknown) => (doc as ReturnType<typeof story>).content_restrictions.content_code === "3";

/** The block's server HTML, parsed as the browser parses the page (templates' content is inert). */
function renderGallery(contentCode = "0", brand = "semana", access?: { locked: boolean; signedIn: boolean }) {
  const container = document.createElement("div");
  container.innerHTML = renderToStaticMarkup(
    <GalleryViewer id="g" pageId="p" settings={{ published: true }} data={galleryViewerData(story(contentCode), brand, forSubscribers, access)} />,
  );
  document.body.append(container);
  return container.querySelector<HTMLElement>("[data-gallery]")!;
}

describe("which modal a reader gets", () => {
  const signedOut = { locked: false, signedIn: false };
  it("the blur modal only when the login state is false (the request carries no identity) and the gallery has no paywall flag", () => {
    expect(galleryModal(false, signedOut)).toBe("blur");
    expect(galleryModal(false, { locked: false, signedIn: true })).toBeUndefined();
    expect(galleryModal(true, { locked: true, signedIn: false })).toBeUndefined();
    // Not an article page's request: nothing known, no modal.
    expect(galleryModal(false, undefined)).toBeUndefined();
  });

  it("the promo subscription modal on a gallery with the paywall flag to a signed-in reader not entitled to it", () => {
    expect(galleryModal(true, { locked: true, signedIn: true })).toBe("promo");
    // A subscriber (entitled): nothing to offer.
    expect(galleryModal(true, { locked: false, signedIn: true })).toBeUndefined();
  });

  it("the gallery's HTML names it for the viewer", () => {
    const data = (code: string, access: { locked: boolean; signedIn: boolean }) => galleryViewerData(story(code), "semana", forSubscribers, access)!;
    expect(data("3", { locked: true, signedIn: true }).modal).toBe("promo");
    expect(data("0", { locked: false, signedIn: false }).modal).toBe("blur");
    expect(data("0", { locked: false, signedIn: true })).not.toHaveProperty("modal");
    expect(galleryModalOf(renderGallery("0", "semana", { locked: false, signedIn: false }))).toBe("blur");
    expect(galleryModalOf(renderGallery("0", "semana", { locked: false, signedIn: true }))).toBeNull();
  });
});

describe("the gallery's modals", () => {
  it("carry the paywall flag of an article for subscribers", () => {
    expect(renderGallery("3").hasAttribute("data-gallery-paywall")).toBe(true);
    expect(renderGallery("0").hasAttribute("data-gallery-paywall")).toBe(false);
  });

  it("the blur modal blurs the photo over 500 ms and offers sign-up and sign-in, in the brand's words", () => {
    const gallery = renderGallery("0", "fucsia");
    const dialog = document.createElement("dialog");
    const close = document.createElement("button");
    dialog.append(close);
    document.body.append(dialog);
    const layer = showGalleryModal(gallery, dialog, "blur", close)!;
    expect(BLUR_ANIMATION_MS).toBe(500);
    expect(layer.style.animationDuration).toBe("500ms");
    expect(dialog.hasAttribute("data-blurred")).toBe(true);
    expect(dialog.style.getPropertyValue("--blur-duration")).toBe("500ms");
    const modal = layer.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(modal.querySelector("h2")!.textContent).toBe(BLUR_TITLE);
    expect(modal.textContent).toContain("Crea tu cuenta en Fucsia o inicia sesión");
    const links = [...modal.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href"), a.dataset.openLogin]);
    expect(links).toEqual([
      ["Crea tu cuenta", "/-revista-semana/?=1", undefined],
      ["Iniciar sesión", "/-revista-semana/", ""],
    ]);
    expect(document.activeElement).toBe(modal.querySelector("a"));
  });

  it("the promo modal offers the subscription at offer 466 and goes with 'Ahora no'", () => {
    const gallery = renderGallery("3", "soho");
    const dialog = document.createElement("dialog");
    const close = document.createElement("button");
    dialog.append(close);
    document.body.append(dialog);
    const layer = showGalleryModal(gallery, dialog, "promo", close)!;
    expect(dialog.hasAttribute("data-blurred")).toBe(false);
    expect(layer.querySelector("h2")!.textContent).toBe("Suscríbete a Soho y disfruta todas sus galerías");
    expect(layer.textContent).toContain("$199.000 al año. Cancela cuando quieras.");
    expect(layer.querySelector("a")!.getAttribute("href")).toBe("/store/?offerId=466");
    layer.querySelector<HTMLButtonElement>("[data-gallery-dismiss]")!.click();
    expect(dialog.contains(layer)).toBe(false);
    expect(document.activeElement).toBe(close);
  });
});
