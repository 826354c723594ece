// The login modal's close rules (docs/login-modal.md#close-rules). Only the modal's own code (loaded
// when it first opens) closes it, so these rules, and what signing in with storage blocked needs,
// load with it and weigh nothing on a page whose modal was never opened.
import { hasStoredIdentity, navigation, usingMemoryStorage, withOfferId } from "./identity";
import { CLOSED, MODAL_CLOSE_DELAY_MS, modal, pendingClose } from "./loginModal";
import { refreshReaderBlocks } from "../readerBlocks";
import { reloadSession } from "./session";

/** Closing while signed out on these addresses sends the reader to '/' (locked content stays hidden). */
const SIGNED_OUT_EXIT_PATTERN = /articulo|multimedia|galeria|flip/;

export type CloseAction = { kind: "assign"; url: string } | { kind: "reload" } | { kind: "stay" };

/**
 * What happens once the modal has closed (docs/login-modal.md#close-rules): with a stored identity, the redirect
 * target (given an offerId when it has none) or a reload of the current address; signed out on an
 * article, multimedia, gallery or flip address, the home page; otherwise the reader stays.
 */
export function actionAfterClose(input: { address: string; redirect: string | null; storedIdentity: boolean }): CloseAction {
  if (input.storedIdentity) return input.redirect ? { kind: "assign", url: withOfferId(input.redirect) } : { kind: "reload" };
  if (SIGNED_OUT_EXIT_PATTERN.test(input.address)) return { kind: "assign", url: "/" };
  return { kind: "stay" };
}

/**
 * Closes the modal: waits MODAL_CLOSE_DELAY_MS, sets the pane to 0 (closed), then applies the close
 * rules. Signing in or up ends with this too, so the page reloads (or moves on) as a reader who is
 * signed in.
 */
export function closeLoginModal(): void {
  if (!modal.get().open || pendingClose.timer) return;
  modal.update((state) => ({ ...state, closing: true }));
  pendingClose.timer = setTimeout(() => {
    pendingClose.timer = null;
    const { redirect } = modal.get();
    modal.replace(CLOSED);
    // Storage blocked: the session lives in this page's memory, so a reload or another page would
    // sign the reader out again; the page shows the session instead (docs/accounts.md#storage), and
    // what the paywall cut comes again from the server, which reads the identity cookie.
    if (usingMemoryStorage() && hasStoredIdentity()) {
      void reloadSession();
      void refreshReaderBlocks();
      return;
    }
    const action = actionAfterClose({ address: window.location.pathname + window.location.search, redirect, storedIdentity: hasStoredIdentity() });
    if (action.kind === "assign") navigation.assign(action.url);
    else if (action.kind === "reload") navigation.reload();
  }, MODAL_CLOSE_DELAY_MS);
}
