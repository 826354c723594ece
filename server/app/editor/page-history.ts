// The edited page's history: each change a step that undo and redo walk (the bar's buttons, or
// Ctrl/Cmd+Z, Ctrl/Cmd+Y and Ctrl/Cmd+Shift+Z outside the form's fields), the last 200 kept.
import { useCallback, useEffect, useRef, useState } from "react";
import { clone, type Page } from "./page-data";

/** Edits the page (a draft copy of it) as one step of its history. */
export type ChangePage = (edit: (draft: Page) => void) => void;

export function usePageHistory() {
  const [history, setHistory] = useState<{ past: Page[]; present: Page | null; future: Page[] }>({ past: [], present: null, future: [] });
  const page = history.present;
  const presentRef = useRef<Page | null>(null);
  presentRef.current = page;

  /** A page loaded: the history starts at it. */
  const start = useCallback((loaded: Page) => setHistory({ past: [], present: loaded, future: [] }), []);
  /** Records an edit as a step; false when it changes nothing. */
  const record = useCallback((edit: (draft: Page) => void): boolean => {
    // A change that changes nothing (a form's first render) is no step to undo, nor clears the message.
    const changes = (present: Page) => {
      const next = clone(present);
      edit(next);
      return JSON.stringify(next) === JSON.stringify(present) ? null : next;
    };
    if (presentRef.current && !changes(presentRef.current)) return false;
    setHistory((history) => {
      const next = history.present && changes(history.present);
      return next ? { past: [...history.past, history.present!].slice(-200), present: next, future: [] } : history;
    });
    return true;
  }, []);
  /** Replaces the whole page as one step (the disk's version taken, a merge saved): undo brings the one before back. */
  const replace = useCallback(
    (next: Page) =>
      record((draft) => {
        for (const key of Object.keys(draft)) delete draft[key];
        Object.assign(draft, clone(next));
      }),
    [record],
  );
  /** The page as it is now, also inside a callback that started before the last change. */
  const current = useCallback(() => presentRef.current, []);
  const undo = useCallback(
    () =>
      setHistory(({ past, present, future }) =>
        past.length && present ? { past: past.slice(0, -1), present: past[past.length - 1], future: [present, ...future] } : { past, present, future },
      ),
    [],
  );
  const redo = useCallback(
    () =>
      setHistory(({ past, present, future }) =>
        future.length && present ? { past: [...past, present], present: future[0], future: future.slice(1) } : { past, present, future },
      ),
    [],
  );

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || (event.target as HTMLElement)?.closest?.("input, textarea, select")) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if (key === "y" || (key === "z" && event.shiftKey)) {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  return { history, page, start, record, replace, current, undo, redo };
}
