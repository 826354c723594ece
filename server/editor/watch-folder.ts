// Watches the page-definitions folder for the live preview. Node 20's recursive fs.watch is not
// enough on Linux: it adds its watches asynchronously (an edit made just after it starts is missed,
// with no way to know when it is ready) and it keeps a saved-by-rename file's old inode, so later
// in-place saves of that file go unseen. chokidar watches every folder, re-arms on renames, follows
// new folders, and says when its first scan is done. Where the system cannot watch
// (PAGES_WATCH_POLL=1, or when it runs out of inotify watches) the folder is read every 100 ms and
// compared with the previous reading: chokidar's own polling misses a file written into a folder
// just before it starts polling that folder.
import { watch, type FSWatcher } from "chokidar";
import fs from "node:fs";
import path from "node:path";
import type { Logger } from "../../runtime/types";

export interface FolderWatcher {
  /** Settles once every file and folder is watched: an edit made after it is seen. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Errors after which the system's watches cannot be trusted, and polling takes over. */
const CANNOT_WATCH = new Set(["ENOSPC", "EMFILE", "ENFILE", "EPERM"]);
const POLL_INTERVAL_MS = 100;

/** Temporary files (the editor's own `.name.json.pid.tmp`, editors' swap files) are not pages. */
const isTemporary = (file: string) => path.basename(file).startsWith(".");

/** Calls `onChange` with the path of any file or folder under `dir` that is added, changed or removed. */
export function watchFolder(dir: string, onChange: (file: string) => void, options: { poll?: boolean; logger?: Logger } = {}): FolderWatcher {
  if (options.poll) return pollFolder(dir, onChange);
  let polling: FolderWatcher | undefined;
  let closed = false;
  const ignored = (file: string) => file !== dir && isTemporary(file);
  const watcher: FSWatcher = watch(dir, { ignoreInitial: true, ignored, persistent: true });
  // chokidar drops a file's "change" that follows another within 50 ms; its raw events (each system
  // event it receives, unthrottled) say it too. A reload with nothing new costs a read of the folder.
  watcher.on("all", (_event, file) => onChange(file));
  watcher.on("raw", (_event, file, details) => {
    // A folder's watch names the entry; a file's watch names itself.
    const watched = String((details as { watchedPath?: string })?.watchedPath ?? dir);
    const full = path.isAbsolute(String(file)) ? String(file) : path.basename(watched) === file ? watched : path.join(watched, String(file));
    if (!ignored(full)) onChange(full);
  });
  const ready = new Promise<void>((resolve) => watcher.once("ready", resolve));
  watcher.on("error", (error) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (closed || polling) return;
    if (!code || !CANNOT_WATCH.has(code)) return options.logger?.warn("vista en vivo: error al vigilar los archivos", { error: (error as Error).message });
    options.logger?.warn("vista en vivo: el sistema no deja vigilar más archivos; se revisan cada 100 ms", { error: (error as Error).message });
    polling = pollFolder(dir, onChange);
    void watcher.close();
    // What changed while no watch was in place is read again.
    void polling.ready.then(() => onChange(dir));
  });
  return {
    ready,
    async close() {
      closed = true;
      await Promise.all([watcher.close(), polling?.close()]);
    },
  };
}

/** Each file and folder under `dir` with what changes when it is written (time, size, inode). */
function reading(dir: string, into = new Map<string, string>()): Map<string, string> {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return into; // removed while being read
  }
  for (const entry of entries) {
    if (isTemporary(entry.name)) continue;
    const full = path.join(dir, entry.name);
    const stat = fs.statSync(full, { throwIfNoEntry: false, bigint: true });
    if (!stat) continue;
    into.set(full, `${stat.mtimeNs}:${stat.size}:${stat.ino}`);
    if (stat.isDirectory()) reading(full, into);
  }
  return into;
}

/** Reads the folder every POLL_INTERVAL_MS and reports what differs from the reading before. */
function pollFolder(dir: string, onChange: (file: string) => void): FolderWatcher {
  let before = reading(dir);
  const timer = setInterval(() => {
    const now = reading(dir);
    for (const [file, signature] of now) if (before.get(file) !== signature) onChange(file);
    for (const file of before.keys()) if (!now.has(file)) onChange(file);
    before = now;
  }, POLL_INTERVAL_MS);
  return {
    ready: Promise.resolve(),
    close: async () => clearInterval(timer),
  };
}
