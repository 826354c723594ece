// Opening a share link (./share.ts) in a popup: the page's one script (enhance.ts) does it for every
// [data-share-popup] link. Its own small module, so that the builders stay out of every page's script.

/** How often the page checks whether the popup was closed (ms). */
export const POPUP_POLL_MS = 1000;

/**
 * Opens a share link in a popup of its size (WhatsApp's app link on phones), and checks every second
 * whether the reader closed it (then stops checking). False when no popup could open: the link then
 * works as a link.
 */
export function openSharePopup(link: HTMLAnchorElement): boolean {
  const mobile = link.dataset.shareMobile;
  if (mobile && window.matchMedia?.("(max-width: 767px)").matches) {
    window.location.href = mobile;
    return true;
  }
  const [width, height] = (link.dataset.sharePopup ?? "").split("x");
  const popup = window.open(link.href, "compartir", `width=${width},height=${height}`);
  if (!popup) return false;
  const timer = window.setInterval(() => popup.closed && window.clearInterval(timer), POPUP_POLL_MS);
  return true;
}
