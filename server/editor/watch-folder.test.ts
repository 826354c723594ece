// The live preview's watcher reports every kind of write once it says it is ready: in place, by rename
// (the editor's own save), in place again after a rename (what VS Code does next), a new file in a new
// brand folder, many files at once, a real git checkout (files rewritten, added and removed in two
// folders), a removal; and the same when polling.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { watchFolder, type FolderWatcher } from "./watch-folder";

const page = (title: string) => `${JSON.stringify({ id: "portada", metadata: { title } }, null, 2)}\n`;

describe.each([
  ["system watches", false],
  ["polling", true],
])("watchFolder (%s)", (_name, poll) => {
  let dir: string;
  let watcher: FolderWatcher | undefined;
  let reported: string[];
  let waiting: Array<{ file: string; resolve: () => void }>;
  let sentinels = 0;

  afterEach(async () => {
    await watcher?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Starts watching a folder with one brand and one page; settles once the watcher is ready. */
  async function start() {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "vigilar-"));
    fs.mkdirSync(path.join(dir, "semana"));
    fs.writeFileSync(path.join(dir, "semana", "home.json"), page("Portada"));
    reported = [];
    waiting = [];
    watcher = watchFolder(
      dir,
      (file) => {
        reported.push(path.relative(dir, file));
        for (const wait of waiting.filter((wait) => wait.file === file)) {
          waiting.splice(waiting.indexOf(wait), 1);
          wait.resolve();
        }
      },
      { poll },
    );
    await watcher.ready;
  }

  const reportOf = (file: string) => new Promise<void>((resolve) => waiting.push({ file, resolve }));

  /**
   * Does `write` and settles once the watcher reports `file`. A new file written first, and reported,
   * makes sure that what the watcher reports next comes from `write`, not from an earlier write.
   */
  async function reports(file: string, write: () => void) {
    const sentinel = path.join(path.dirname(file), `centinela-${++sentinels}.json`);
    const settled = reportOf(sentinel);
    fs.writeFileSync(sentinel, page("Centinela"));
    await settled;
    const reported = reportOf(file);
    write();
    await reported;
  }

  it("reports an in-place save made right after it is ready", async () => {
    await start();
    const file = path.join(dir, "semana", "home.json");
    const reported = reportOf(file);
    fs.writeFileSync(file, page("Editada"));
    await reported;
  });

  it("reports an in-place save of a file that was saved by rename before", async () => {
    await start();
    const file = path.join(dir, "semana", "home.json");
    await reports(file, () => {
      fs.writeFileSync(path.join(dir, "semana", ".home.json.tmp"), page("Por renombre"));
      fs.renameSync(path.join(dir, "semana", ".home.json.tmp"), file);
    });
    await reports(file, () => fs.writeFileSync(file, page("En su sitio")));
    await reports(file, () => fs.writeFileSync(file, page("Otra vez en su sitio")));
  });

  it("reports a new brand folder, a new file in it, and then its in-place save", async () => {
    await start();
    const folder = path.join(dir, "fucsia");
    const file = path.join(folder, "home.json");
    const added = reportOf(folder);
    fs.mkdirSync(folder);
    await added;
    const created = reportOf(file);
    fs.writeFileSync(file, page("Fucsia"));
    await created;
    await reports(file, () => fs.writeFileSync(file, page("Fucsia editada")));
  });

  it("reports many files replaced at once, and a removal", async () => {
    await start();
    const files = Array.from({ length: 20 }, (_, i) => path.join(dir, "semana", `seccion-${i}.json`));
    const all = Promise.all(files.map(reportOf));
    for (const file of files) fs.writeFileSync(file, page(path.basename(file)));
    await all;
    await reports(path.join(dir, "semana", "home.json"), () => fs.rmSync(path.join(dir, "semana", "home.json")));
  });

  it("reports every file a git checkout rewrites, adds or removes, back and forth", async () => {
    await start();
    fs.mkdirSync(path.join(dir, "soho"));
    const pages = Array.from({ length: 30 }, (_, i) => path.join(dir, i % 2 ? "semana" : "soho", `pagina-${i}.json`));
    const added = path.join(dir, "soho", "nueva.json");
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=Prueba", "-c", "user.email=prueba@example.com", "-c", "commit.gpgsign=false", ...args], {
        cwd: dir,
        stdio: "pipe",
      });
    for (const file of pages) fs.writeFileSync(file, page(`Primera ${path.basename(file)}`));
    git("init", "-q", "-b", "principal");
    git("add", "-A");
    git("commit", "-q", "-m", "primera");
    git("checkout", "-q", "-b", "cambios");
    for (const file of pages) fs.writeFileSync(file, page(`Segunda ${path.basename(file)}`));
    fs.rmSync(pages[0]);
    fs.writeFileSync(added, page("Nueva"));
    git("add", "-A");
    git("commit", "-q", "-m", "segunda");
    for (const branch of ["principal", "cambios"]) {
      // Whatever the writes above reported comes before a new file in each folder is reported.
      const settled = [dir, path.join(dir, "soho"), path.join(dir, "semana")].map((folder) => {
        const sentinel = path.join(folder, `centinela-${++sentinels}.json`);
        const reported = reportOf(sentinel);
        fs.writeFileSync(sentinel, page("Centinela"));
        return reported;
      });
      await Promise.all(settled);
      const all = Promise.all([...pages, added].map(reportOf));
      git("checkout", "-q", branch);
      await all;
      expect(fs.existsSync(added)).toBe(branch === "cambios");
    }
  });

  it("does not report the editors' temporary files", async () => {
    await start();
    fs.writeFileSync(path.join(dir, "semana", ".home.json.123.tmp"), page("Temporal"));
    await reports(path.join(dir, "semana", "otra.json"), () => fs.writeFileSync(path.join(dir, "semana", "otra.json"), page("Otra")));
    expect(reported.filter((file) => path.basename(file).startsWith("."))).toEqual([]);
  });
});
