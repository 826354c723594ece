// Citations of the project's documents (`docs/…md#anchor`, `docs/decisions/0005`, relative Markdown
// links between documents) must name a file that exists and a heading it has: comments and documents
// cite the rules by those anchors (docs/README.md#conventions), and a renamed heading or a moved record
// otherwise leaves them pointing nowhere without anyone noticing.
import fs from "node:fs";
import path from "node:path";

export interface SourceFile {
  /** Path relative to the project root, with forward slashes. */
  file: string;
  text: string;
}

export interface Citation {
  file: string;
  line: number;
  /** As written, e.g. `docs/article-pages.md#byline`. */
  cited: string;
}

export interface BrokenCitation extends Citation {
  problem: string;
}

/** Folders and files that are not the project's own text. */
const SKIPPED = new Set(["node_modules", ".cache", "public", "build", "data", ".git", "test-results", "playwright-report", "build.lock"]);
const SCANNED = /\.(ts|tsx|js|mjs|cjs|md|json)$/;

/** Every .ts/.tsx/.js/.md/.json file of the project, top-level files (README.md, CONTRIBUTING.md) included. */
export function projectTexts(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(rel);
      } else if (SCANNED.test(entry.name) && entry.name !== "package-lock.json") {
        files.push({ file: rel, text: fs.readFileSync(path.join(root, rel), "utf8") });
      }
    }
  };
  walk("");
  return files;
}

/**
 * The anchors GitHub gives a document's headings: the heading's text without its Markdown, lower case,
 * punctuation dropped, each space a hyphen; a repeated heading gets `-1`, `-2`, … Explicit
 * `<a id="…">` / `<a name="…">` anchors count too. Headings inside code fences are not headings.
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split("\n")) {
    const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMark) {
      if (fence === null) fence = fenceMark[1][0];
      else if (fenceMark[1][0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // links and images: their text
    .replace(/<[^>]+>/g, "") // HTML tags
    .replace(/`/g, "")
    .replace(/(\*\*|__|\*|~~)/g, "");
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}

/** `docs/…` written from the project root: in comments, strings, JSON and prose (not inside another path or a URL). */
const ROOT_CITATION = /(?<![\w./-])docs\/[\p{L}\p{N}_./-]*(?:#[\p{L}\p{N}_-]+)?/gu;
/** A Markdown link's target: `[text](target)`. */
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;

/** Every citation of a document in these files. */
export function docCitations(files: SourceFile[]): Citation[] {
  const citations: Citation[] = [];
  for (const { file, text } of files) {
    const lineOf = (index: number) => text.slice(0, index).split("\n").length;
    for (const match of text.matchAll(ROOT_CITATION)) {
      // A sentence's full stop is not part of the path.
      const cited = match[0].replace(/\.+$/, "");
      citations.push({ file, line: lineOf(match.index), cited });
    }
    if (!file.endsWith(".md")) continue;
    for (const match of text.matchAll(MARKDOWN_LINK)) {
      const target = match[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      const [filePart] = target.split("#");
      if (filePart !== "" && !filePart.endsWith(".md")) continue;
      // Relative to the document that links, written from the root like the rest.
      const resolved = filePart === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), filePart));
      const anchor = target.includes("#") ? target.slice(target.indexOf("#")) : "";
      citations.push({ file, line: lineOf(match.index), cited: resolved + anchor });
    }
  }
  return citations;
}

/**
 * The citations among these whose file, decision record or heading does not exist under root. `texts`
 * stand in for files of the same name (a planted document in a test).
 */
export function brokenCitations(root: string, citations: Citation[], texts: SourceFile[] = []): BrokenCitation[] {
  const given = new Map(texts.map(({ file, text }) => [file, text]));
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    let found = anchorsOf.get(file);
    if (!found) anchorsOf.set(file, (found = headingAnchors(given.get(file) ?? fs.readFileSync(path.join(root, file), "utf8"))));
    return found;
  };
  const records = fs.readdirSync(path.join(root, "docs/decisions"));
  const broken: BrokenCitation[] = [];
  for (const citation of citations) {
    const [target, anchor] = citation.cited.split("#");
    const shortRecord = /^docs\/decisions\/(\d{4})$/.exec(target);
    let problem: string | null = null;
    if (shortRecord) {
      if (!records.some((name) => name.startsWith(`${shortRecord[1]}-`))) problem = `no hay registro de decisión ${shortRecord[1]}`;
    } else if (!given.has(target) && !fs.existsSync(path.join(root, target))) {
      problem = `no existe ${target}`;
    } else if (anchor !== undefined && !anchors(target).has(anchor)) {
      problem = `${target} no tiene el encabezado #${anchor}`;
    }
    if (problem) broken.push({ ...citation, problem });
  }
  return broken;
}
