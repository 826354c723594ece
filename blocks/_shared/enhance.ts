// What the blocks that are HTML only (no component in the browser) still do, by one listener on the
// document: a few lines for the whole page instead of each block's code and data.
//   <button data-toggle aria-controls="id" aria-expanded="false">: shows or hides #id (its `hidden`).
//   <a data-video-embed="https://…/embed/…" href="https://…/watch?v=…">: becomes the video's iframe
//   (the link still opens the video where scripts do not run).
//   <a data-open-login href="/-revista-semana/…">: opens the login modal when the page has one
//   (its host listens for OPEN_LOGIN_EVENT); otherwise the link goes to the login page.
//   <a data-share-popup="550x400" href="https://…">: a share link (./sharePopup.ts) opens in a popup of that
//   size (WhatsApp's data-share-mobile link on phones; the popup's code loads on the first share);
//   without script it is a plain link.
//   <button data-ad-close> in the phone's bottom ad ([data-ad-anchor]): takes the ad off the page (and
//   with it the room the page kept under its last line).
//   [data-paywall]: the paywall notice is on the page: report it (PAYWALL_EVENT for other scripts,
//   and a beacon the server counts per article per day).
import { IDENTITY_STORAGE_KEY } from "./accounts/identity";

/** Asks the login modal's host to open it (cancelled by the host when it did). */
export const OPEN_LOGIN_EVENT = "bloques:abrir-ingreso";
/** Dispatched on window when a paywall notice is shown: detail { contentId, contentType, section, uuid }. */
const PAYWALL_EVENT = "bloques:muro-de-pago";
/** Dispatched on a block's frame whose HTML was put in place again (./readerBlocks.ts): its enhancer runs again. */
export const BLOCK_REPLACED_EVENT = "bloques:bloque-nuevo";
/** Where the notice is counted (server/paywall-views.ts). */
const PAYWALL_VIEW_PATH = "/_muro-de-pago/vista";

interface PaywallEventDetail {
  contentId: string;
  contentType: "story";
  section: string | null;
  /** The signed-in reader's uuid, when the browser knows it. */
  uuid: string | null;
}

function storedUuid(): string | null {
  try {
    const stored = window.localStorage.getItem(IDENTITY_STORAGE_KEY) ?? window.sessionStorage.getItem(IDENTITY_STORAGE_KEY);
    const uuid = stored ? JSON.parse(stored)?.uuid : null;
    return typeof uuid === "string" && uuid ? uuid : null;
  } catch {
    return null;
  }
}

/** Reports the paywall notice of the page, if there is one. */
export function reportPaywall(root: Document): void {
  const notice = root.querySelector<HTMLElement>("[data-paywall]");
  if (!notice) return;
  const detail: PaywallEventDetail = {
    contentId: notice.dataset.contentId ?? "",
    contentType: "story",
    section: notice.dataset.section ?? null,
    uuid: storedUuid(),
  };
  window.dispatchEvent(new CustomEvent(PAYWALL_EVENT, { detail }));
  const body = JSON.stringify({ path: window.location.pathname });
  if (!navigator.sendBeacon?.(PAYWALL_VIEW_PATH, new Blob([body], { type: "application/json" }))) {
    fetch(PAYWALL_VIEW_PATH, { method: "POST", body, headers: { "content-type": "application/json" }, keepalive: true }).catch(() => {});
  }
}

/** Documents whose clicks enhance() already handles: a second listener would undo every toggle. */
const enhancedDocuments = new WeakSet<Document>();

export function enhance(root: Document): void {
  if (enhancedDocuments.has(root)) return;
  enhancedDocuments.add(root);
  root.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const toggle = target?.closest<HTMLElement>("[data-toggle][aria-controls]");
    if (toggle) {
      const panel = root.getElementById(toggle.getAttribute("aria-controls")!);
      if (!panel) return;
      const open = toggle.getAttribute("aria-expanded") !== "true";
      toggle.setAttribute("aria-expanded", String(open));
      panel.hidden = !open;
      return;
    }
    const closeAd = target?.closest("[data-ad-close]");
    if (closeAd) {
      closeAd.closest("[data-ad-anchor]")?.remove();
      return;
    }
    const share = target?.closest<HTMLAnchorElement>("a[data-share-popup]");
    if (share) {
      // The popup's code loads on the first share (within the click's activation): every page's script stays small.
      event.preventDefault();
      void import("./sharePopup").then(({ openSharePopup }) => openSharePopup(share) || window.open(share.href, "_blank", "noopener"));
      return;
    }
    const login = target?.closest<HTMLAnchorElement>("a[data-open-login]");
    if (login) {
      // The host cancels the event when it opened the modal; otherwise the link works as a link.
      if (!window.dispatchEvent(new CustomEvent(OPEN_LOGIN_EVENT, { cancelable: true }))) event.preventDefault();
      return;
    }
    const video = target?.closest<HTMLAnchorElement>("a[data-video-embed]");
    if (video && !(event as MouseEvent).ctrlKey && !(event as MouseEvent).metaKey) {
      event.preventDefault();
      const frame = root.createElement("iframe");
      frame.src = video.dataset.videoEmbed!;
      frame.title = video.dataset.videoTitle ?? "";
      if (video.dataset.videoFrameClass) frame.className = video.dataset.videoFrameClass;
      frame.allow = "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share";
      frame.referrerPolicy = "strict-origin-when-cross-origin";
      frame.allowFullscreen = true;
      video.replaceWith(frame);
      frame.focus();
    }
  });
}
