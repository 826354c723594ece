// Watches the page-definitions folder for the live preview. Node 20's recursive fs.watch is not
// enough on Linux: it adds its watches asynchronously (an edit made just after it starts is missed,
// with no way to know when it is ready) and it keeps a saved-by-rename file's old inode, so later
// in-place saves of that file go unseen. chokidar watches every folder, re-arms on renames, follows
// new folders, and says when its first scan is done; polling stands in where the system cannot watch
// (PAGES_WATCH_POLL=1, or when it runs out of inotify watches).
import { watch, type FSWatcher } from "chokidar";
import path from "node:path";
import type { Logger } from "../../runtime/types";

export interface FolderWatcher {
  /** Settles once every file and folder is watched: an edit made after it is seen. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Errors after which the system's watches cannot be trusted, and polling takes over. */
const CANNOT_WATCH = new Set(["ENOSPC", "EMFILE", "ENFILE", "EPERM"]);

/** Calls `onChange` with the path of any file or folder under `dir` that is added, changed or removed. */
export function watchFolder(dir: string, onChange: (file: string) => void, options: { poll?: boolean; logger?: Logger } = {}): FolderWatcher {
  let watcher: FSWatcher;
  let closed = false;
  // Temporary files (the editor's own `.name.json.pid.tmp`, editors' swap files) are not pages.
  const ignored = (file: string) => file !== dir && path.basename(file).startsWith(".");

  let markReady: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const start = (poll: boolean) => {
    watcher = watch(dir, { ignoreInitial: true, ignored, usePolling: poll, interval: 100, persistent: true });
    // chokidar drops a file's "change" that follows another within 50 ms; its raw events (each system
    // event it receives, unthrottled) say it too. A reload with nothing new costs a read of the folder.
    watcher.on("all", (_event, file) => onChange(file));
    watcher.on("raw", (_event, file, details) => {
      // A folder's watch names the entry; a file's watch names itself.
      const watched = String((details as { watchedPath?: string })?.watchedPath ?? dir);
      const full = path.isAbsolute(String(file)) ? String(file) : path.basename(watched) === file ? watched : path.join(watched, String(file));
      if (!ignored(full)) onChange(full);
    });
    watcher.once("ready", () => markReady());
    watcher.on("error", (error) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (poll || closed || !code || !CANNOT_WATCH.has(code)) {
        options.logger?.warn("vista en vivo: error al vigilar los archivos", { error: (error as Error).message });
        return;
      }
      options.logger?.warn("vista en vivo: el sistema no deja vigilar más archivos; se revisan cada 100 ms", { error: (error as Error).message });
      // What changed while no watch was in place is read again.
      void watcher.close().then(() => {
        start(true);
        onChange(dir);
      });
    });
  };

  start(options.poll ?? false);
  return {
    ready,
    async close() {
      closed = true;
      await watcher.close();
    },
  };
}
