// The login / register / recovery modal (docs/login-modal.md), rendered by LoginModalHost through a
// portal into the page element named 'modal'. It loads when first opened, its panes lazily after it;
// 'Cargando...' shows meanwhile.
import { lazy, Suspense, useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { Spinner } from "../AccountUi";
import { isSubscriptionPage } from "../identity";
import { LOGIN_PANE, MODAL_WIDTH, RECOVERY_PANE, REGISTER_PANE } from "../loginModal";
import { closeLoginModal } from "../loginModalClose";
import styles from "./styles.module.css";

const LOADING_TEXT = "Cargando...";

const RecoveryPane = lazy(() => import("./panes/RecoveryPane"));
const LoginPane = lazy(() => import("./panes/LoginPane"));
const RegisterPane = lazy(() => import("./panes/RegisterPane"));

const PANE_TITLES = { [RECOVERY_PANE]: "Recupera tu contraseña", [LOGIN_PANE]: "Iniciar sesión", [REGISTER_PANE]: "Crea tu cuenta" } as const;

function LoginModal({ pane, closing }: { pane: number; closing: boolean }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // Rendered only in the browser, after the host has mounted: the address is known.
  const closable = !isSubscriptionPage(window.location.pathname);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  // Escape leaves the modal on every page: subscription pages only have no close button
  // (docs/login-modal.md#close-button); they offer 'Volver' instead.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeLoginModal();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  // Tab and Shift+Tab cycle inside the dialog (aria-modal): the page behind is out of reach.
  const keepFocusInside = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Tab" || !dialogRef.current) return;
    const focusable = [
      ...dialogRef.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex='0']"),
    ];
    if (!focusable.length) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const Pane = pane === RECOVERY_PANE ? RecoveryPane : pane === REGISTER_PANE ? RegisterPane : LoginPane;
  return (
    <div className={`${styles.backdrop} ${closing ? styles.closing : ""}`} data-login-modal="" data-pane={pane}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        style={{ width: MODAL_WIDTH }}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={keepFocusInside}
      >
        {closable ? (
          <button type="button" className={styles.close} onClick={closeLoginModal} disabled={closing}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Cerrar</span>
          </button>
        ) : null}
        <h2 id={titleId} className={styles.title}>
          {PANE_TITLES[pane as keyof typeof PANE_TITLES] ?? PANE_TITLES[LOGIN_PANE]}
        </h2>
        <Suspense
          fallback={
            <p className={styles.loading} role="status">
              <Spinner />
              {LOADING_TEXT}
            </p>
          }
        >
          <Pane />
        </Suspense>
        {closable ? null : (
          <button type="button" className={styles.back} onClick={closeLoginModal} disabled={closing}>
            Volver
          </button>
        )}
      </div>
    </div>
  );
}

export default LoginModal;
