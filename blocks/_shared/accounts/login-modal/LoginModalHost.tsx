// Where the login modal lives on a page (docs/login-modal.md): the document mounts one host
// (server/app/root.tsx), so any block opens the modal without carrying one. The modal itself (LoginModal.tsx, its panes
// after it) loads the first time it opens, so pages carry only this host until then.
import { lazy, Suspense, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { hasStoredIdentity } from "../identity";
import { openLoginModal, paneFromQuery, REDIRECT_QUERY_PARAM, useModalHost, useModalState } from "../loginModal";

/** The page element the modal renders into (server/app/root.tsx). */
const MODAL_ELEMENT_ID = "modal";

const LoginModal = lazy(() => import("./LoginModal"));

/** Also opens the modal when the address asks for it with ?form=login|register|recovery and the reader is signed out. */
export function LoginModalHost() {
  const active = useModalHost();
  const state = useModalState();
  const [target, setTarget] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (!active) return;
    setTarget(document.getElementById(MODAL_ELEMENT_ID) ?? document.body);
    const query = new URLSearchParams(window.location.search);
    const pane = paneFromQuery(window.location.search);
    if (pane !== null && !hasStoredIdentity()) openLoginModal({ pane, redirect: query.get(REDIRECT_QUERY_PARAM) });
  }, [active]);

  if (!active || !target || !state.open) return null;
  return createPortal(
    <Suspense fallback={null}>
      <LoginModal pane={state.pane} closing={state.closing} />
    </Suspense>,
    target,
  );
}
