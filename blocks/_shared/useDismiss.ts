import { useEffect, type RefObject } from "react";

/**
 * While `open`, closes on a click outside (where `isInside` says no) and on Escape, which also
 * gives the focus back to `returnFocus` (the button that opened it).
 */
export function useDismiss(open: boolean, close: () => void, isInside: (target: Node) => boolean, returnFocus?: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Node | null;
      if (!target || !isInside(target)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      returnFocus?.current?.focus();
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKeyDown);
    };
    // The callbacks are read when an event comes; re-subscribing on their identity is not needed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}
