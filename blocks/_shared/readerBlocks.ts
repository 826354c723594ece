// Signing in on a locked article while the browser blocks storage (docs/login-modal.md#close-rules):
// the session lives in this page's memory, so a reload would sign the reader out again. Instead the
// page asks the server for itself once more — the request carries the identity cookie the sign-in
// set — and puts in place the blocks the paywall had cut (the body behind the notice, a locked
// gallery's photos). Loaded on use only.
import { BLOCK_REPLACED_EVENT } from "./enhance";

/** What marks a block the paywall cut for this reader: the notice, or a locked gallery shown by its lead photo. */
const PAYWALL_CUT_SELECTOR = "[data-paywall], [data-paywall-cut]";

/** Replaces each block frame holding a paywall cut with the server's fresh render of it; true when any changed (nothing is asked without one). */
export async function refreshReaderBlocks(root: Document = document): Promise<boolean> {
  const frames = [...root.querySelectorAll<HTMLElement>("[data-block][data-block-id]")].filter(
    (frame) => !frame.hasAttribute("data-hydrate") && frame.querySelector(PAYWALL_CUT_SELECTOR),
  );
  if (!frames.length) return false;
  const response = await fetch(window.location.href, { credentials: "same-origin", cache: "no-store", headers: { accept: "text/html" } });
  if (!response.ok) return false;
  const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
  let changed = false;
  for (const frame of frames) {
    const id = frame.dataset.blockId!;
    const replacement = [...fresh.querySelectorAll<HTMLElement>("[data-block-id]")].find((candidate) => candidate.dataset.blockId === id);
    // Gone from the fresh page (nothing to show this reader): leave what is there.
    if (!replacement || replacement.innerHTML === frame.innerHTML) continue;
    frame.replaceChildren(...[...replacement.childNodes].map((node) => root.importNode(node, true)));
    changed = true;
    // The page's script gives the new HTML its block's behaviour (a gallery's carousel), as at load.
    frame.dispatchEvent(new Event(BLOCK_REPLACED_EVENT, { bubbles: true }));
  }
  return changed;
}
