// The full-screen gallery viewer (docs/article-pages.md#gallery-modals), built in the browser from
// a gallery's server HTML (./GalleryCarousel.tsx: the gallery page's, or one in an article's body) when a photo is clicked: a modal <dialog> at that photo with the slide
// counter, previous/next, close and share. After 3 s without activity the caption and the tools
// hide; a tap on the photo shows them again (and hides them). At 640 px wide or less it is the
// mobile viewer (photo across the width, caption below). Keyboard: arrows move, Escape closes, focus
// stays inside and returns to the photo that opened it. Over it, the gallery's modals: the blur modal
// for a signed-out reader on a gallery without the paywall flag, the promo subscription modal for a
// signed-in reader without a subscription on one with it (docs/article-pages.md#gallery-modals).
import { shareLinks } from "../_shared/share";
import styles from "./GalleryViewer.module.css";

/** Caption and tools hide after this long without activity (ms). */
const IDLE_MS = 3000;
/** The mobile viewer is used at this width or less (px). */
const MOBILE_MAX_WIDTH = 640;
/** The blur modal's animation (ms): the photo blurs and the modal comes in over this long. */
export const BLUR_ANIMATION_MS = 500;

export type GalleryModal = "blur" | "promo";

/**
 * The modal a reader gets on opening the gallery (docs/article-pages.md#gallery-modals), as the
 * server decided it for this request (data-gallery-modal: the paywall's view of the reader), or null.
 * This chunk loads neither the session store nor the SDKs: the article's JavaScript stays in budget.
 */
export function galleryModalOf(gallery: HTMLElement): GalleryModal | null {
  const modal = gallery.dataset.galleryModal;
  return modal === "blur" || modal === "promo" ? modal : null;
}

const VIEWER_LABELS = {
  dialog: "Galería en pantalla completa",
  previous: "Foto anterior",
  next: "Foto siguiente",
  close: "Cerrar",
  share: "Compartir",
} as const;

interface Photo {
  src: string;
  srcset?: string;
  alt: string;
  subtitle?: string;
  caption?: string;
}

function photosOf(gallery: HTMLElement): Photo[] {
  return [...gallery.querySelectorAll<HTMLImageElement>("[data-gallery-open] img")].map((img) => ({
    src: img.currentSrc || img.src,
    srcset: img.getAttribute("srcset") ?? undefined,
    alt: img.alt,
    subtitle: img.dataset.subtitle,
    caption: img.dataset.caption,
  }));
}

function button(className: string, label: string, text: string): HTMLButtonElement {
  const element = document.createElement("button");
  element.type = "button";
  element.className = className;
  element.setAttribute("aria-label", label);
  element.textContent = text;
  return element;
}

export function openGalleryViewer(gallery: HTMLElement, start: number, opener?: HTMLElement): HTMLDialogElement {
  const photos = photosOf(gallery);
  let index = Math.min(Math.max(0, start || 0), photos.length - 1);
  const dialog = document.createElement("dialog");
  dialog.className = styles.viewer;
  dialog.setAttribute("aria-label", VIEWER_LABELS.dialog);
  dialog.dataset.galleryViewer = "";
  const mobile = window.matchMedia?.(`(max-width: ${MOBILE_MAX_WIDTH}px)`).matches ?? false;
  if (mobile) dialog.dataset.mobile = "";

  const tools = document.createElement("div");
  tools.className = styles.tools;
  const counter = document.createElement("p");
  counter.className = styles.counter;
  counter.setAttribute("aria-live", "polite");
  counter.dataset.viewerCounter = "";
  const shareButton = button(styles.tool, VIEWER_LABELS.share, "Compartir");
  shareButton.setAttribute("aria-expanded", "false");
  const close = button(styles.tool, VIEWER_LABELS.close, "✕");
  close.dataset.viewerClose = "";
  tools.append(counter, shareButton, close);

  const shareMenu = document.createElement("ul");
  shareMenu.className = styles.shareMenu;
  shareMenu.hidden = true;
  const url = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? window.location.href;
  for (const link of shareLinks({ url, title: gallery.dataset.galleryTitle || document.title })) {
    const item = document.createElement("li");
    const anchor = document.createElement("a");
    anchor.href = link.href;
    anchor.target = "_blank";
    anchor.rel = "noopener noreferrer";
    anchor.textContent = link.label;
    anchor.dataset.sharePopup = link.popup;
    if (link.mobileHref) anchor.dataset.shareMobile = link.mobileHref;
    item.append(anchor);
    shareMenu.append(item);
  }
  shareButton.addEventListener("click", () => {
    shareMenu.hidden = !shareMenu.hidden;
    shareButton.setAttribute("aria-expanded", String(!shareMenu.hidden));
  });

  const stage = document.createElement("figure");
  stage.className = styles.stage;
  const image = document.createElement("img");
  image.className = styles.image;
  image.dataset.viewerImage = "";
  const caption = document.createElement("figcaption");
  caption.className = styles.caption;
  stage.append(image, caption);
  const previous = button(`${styles.nav} ${styles.previous}`, VIEWER_LABELS.previous, "‹");
  const next = button(`${styles.nav} ${styles.next}`, VIEWER_LABELS.next, "›");
  dialog.append(tools, shareMenu, stage);
  // One photo (a locked gallery shows its lead photo only): nothing to move to.
  if (photos.length > 1) dialog.append(previous, next);

  const show = (position: number) => {
    index = (position + photos.length) % photos.length;
    const photo = photos[index];
    image.src = photo.src;
    if (photo.srcset) image.srcset = photo.srcset;
    else image.removeAttribute("srcset");
    image.sizes = "100vw";
    image.alt = photo.alt;
    // The photo's subtitle (its own title) above its caption, as the gallery shows them.
    caption.replaceChildren();
    if (photo.subtitle) {
      const subtitle = document.createElement("strong");
      subtitle.className = styles.subtitle;
      subtitle.textContent = photo.subtitle;
      caption.append(subtitle);
    }
    if (photo.caption) caption.append(photo.caption);
    caption.hidden = !photo.caption && !photo.subtitle;
    counter.textContent = `${index + 1} / ${photos.length}`;
    dialog.dataset.index = String(index);
  };

  // Idle: the caption and the tools hide after IDLE_MS without activity; a tap on the photo toggles them.
  let timer: number | undefined;
  const setIdle = (idle: boolean) => {
    dialog.classList.toggle(styles.idle, idle);
    dialog.toggleAttribute("data-idle", idle);
  };
  const wake = () => {
    setIdle(false);
    window.clearTimeout(timer);
    timer = window.setTimeout(() => setIdle(true), IDLE_MS);
  };
  image.addEventListener("click", (event) => {
    event.stopPropagation();
    if (dialog.hasAttribute("data-idle")) wake();
    else {
      window.clearTimeout(timer);
      setIdle(true);
    }
  });
  for (const type of ["pointermove", "keydown"] as const) dialog.addEventListener(type, wake);
  previous.addEventListener("click", () => {
    show(index - 1);
    wake();
  });
  next.addEventListener("click", () => {
    show(index + 1);
    wake();
  });
  dialog.addEventListener("keydown", (event) => {
    if (dialog.hasAttribute("data-blurred")) return;
    if (event.key === "ArrowLeft") show(index - 1);
    else if (event.key === "ArrowRight") show(index + 1);
  });
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    window.clearTimeout(timer);
    dialog.remove();
    document.documentElement.classList.remove(styles.locked);
    opener?.focus();
  });

  document.body.append(dialog);
  document.documentElement.classList.add(styles.locked);
  show(index);
  dialog.showModal();
  close.focus();
  wake();
  const modal = galleryModalOf(gallery);
  if (modal) showGalleryModal(gallery, dialog, modal, close);
  return dialog;
}

/**
 * Shows a modal of the gallery's templates over the viewer. The blur modal blurs the photo and
 * stops the browsing (its links sign up or sign in; 'Cerrar' leaves the viewer); the promo modal
 * goes with 'Ahora no'.
 */
export function showGalleryModal(gallery: HTMLElement, dialog: HTMLDialogElement, modal: GalleryModal, close: HTMLElement): HTMLElement | null {
  const template = gallery.querySelector<HTMLTemplateElement>(`template[data-gallery-modal="${modal}"]`);
  if (!template) return null;
  const layer = document.createElement("div");
  layer.className = styles.modalLayer;
  layer.dataset.galleryModalLayer = modal;
  layer.style.animationDuration = `${BLUR_ANIMATION_MS}ms`;
  layer.append(template.content.cloneNode(true));
  if (modal === "blur") {
    dialog.toggleAttribute("data-blurred", true);
    dialog.style.setProperty("--blur-duration", `${BLUR_ANIMATION_MS}ms`);
    // The login modal opens on the page, under the viewer: the viewer gives way first.
    layer.addEventListener("click", (event) => {
      if (event.target instanceof Element && event.target.closest("a[data-open-login]")) dialog.close();
    });
  }
  layer.querySelector("[data-gallery-dismiss]")?.addEventListener("click", () => {
    layer.remove();
    close.focus();
  });
  dialog.append(layer);
  layer.querySelector<HTMLElement>("a, button")?.focus();
  return layer;
}
