// Content from other newsrooms (docs/article-pages.md#content-from-other-newsrooms): every ANS
// fixture of tests/fixtures/ans and ../shared/ans-fixtures goes through the importer
// (npm run content:import) into a real store, and the production server renders it at its path:
// whole documents as article pages, content elements inside a story. No 500, a title on every page.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brands, GROUP_HOSTS } from "../../brands";
import { brandIds, type BrandId } from "../../domain/brands";
import { contentPath, safeRedirectTarget } from "../../domain/urls";
import { getPage } from "../../tests/support/site-http";
import { quietServerRenderWarnings, startSiteServer, type SiteServer } from "../../tests/support/site-server";
import { importContent } from "../cli/content-import";
import { AUTHOR_TYPE, DOCUMENT_TYPES } from "./documents";
import { openContentStore } from "./setup";
import { makeTestCorpus } from "./testing/corpus";

const repoRoot = path.resolve(import.meta.dirname, "../..");
/**
 * The other team's fixtures: shared/ beside the repository (../shared/ans-fixtures), or beside the
 * folder of worktrees (../../shared); ANS_FIXTURES_DIR names another place. The repository keeps a
 * copy of them (tests/fixtures/ans), which is always run and must not drift from theirs: where their
 * folder is found (a developer's machine), its documents run too and the copy is compared with it;
 * a clone alone (CI may have no shared/ beside it) runs the copy.
 */
const SHARED_CANDIDATES = [
  process.env.ANS_FIXTURES_DIR,
  path.resolve(repoRoot, "../shared/ans-fixtures"),
  path.resolve(repoRoot, "../../shared/ans-fixtures"),
].filter((dir): dir is string => Boolean(dir));
const REPO_FIXTURES = path.join(repoRoot, "tests/fixtures/ans");
const SHARED_FIXTURES = SHARED_CANDIDATES.find((dir) => fs.existsSync(dir));
const FIXTURE_DIRS = [REPO_FIXTURES, ...(SHARED_FIXTURES ? [SHARED_FIXTURES] : [])];
/** Author fixtures are imported as authors (the store's author records), not as pages. */
const authorsPlanned: Array<{ file: string; slug: string; name: string }> = [];

interface Planned {
  file: string;
  brand: BrandId;
  path: string;
  /** The fixture's own absolute canonical_url, when it has one. */
  absolute?: string;
  kind: "document" | "element";
  /**
   * 404: the document redirects to another newsroom's site, which the site refuses to do
   * (docs/decisions/0012-threat-model.md), and shows the brand's 404 page instead of a story its
   * newsroom withdrew.
   */
  status: 200 | 404;
}

/** The page at this path of the brand, following one redirect of the site's own (a slash added). */
async function get(port: number, brand: BrandId, pagePath: string, redirects = 1): Promise<{ status: number; body: string }> {
  const answer = await getPage(port, brand, pagePath);
  if (answer.status === 301 && answer.location?.startsWith("/") && redirects > 0) return get(port, brand, answer.location, redirects - 1);
  return answer;
}

const stem = (file: string) => path.basename(file, ".json");
const idOf = (dirIndex: number, file: string) =>
  `ANS-${dirIndex}-${stem(file)
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "-")}`;

/**
 * Each fixture as its own document, as an editor would import it: a distinct _id (several fixtures
 * share "unique ANS id"), a path when it has none (a document without canonical_url has no page),
 * and a brand of the group when it names none we serve, chosen so that no two share a brand and a
 * path (two fixtures carry the same story's relative and absolute URLs). Content elements go inside
 * a story each. The fixtures' own fields are left as they are.
 */
function plan(folder: string): Planned[] {
  const planned: Planned[] = [];
  const taken = new Set<string>();
  const place = (pathname: string, own: unknown): BrandId => {
    const candidates = typeof own === "string" && (brandIds as string[]).includes(own) ? [own as BrandId] : brandIds;
    const brand = candidates.find((b) => !taken.has(`${b}|${pathname}`)) ?? candidates[0];
    taken.add(`${brand}|${pathname}`);
    return brand;
  };
  FIXTURE_DIRS.forEach((dir, dirIndex) => {
    for (const name of fs
      .readdirSync(dir)
      .filter((n) => n.endsWith(".json"))
      .sort()) {
      const file = path.join(dir, name);
      const fixture = JSON.parse(fs.readFileSync(file, "utf8"));
      const id = idOf(dirIndex, file);
      if (fixture.type === AUTHOR_TYPE) {
        // Each folder's author under an id of its own (both folders hold the same author).
        const slug = `${fixture.slug}-${dirIndex}`;
        fs.writeFileSync(path.join(folder, `${id}.json`), JSON.stringify({ ...fixture, _id: `${fixture._id}-${dirIndex}`, slug, _website: "semana" }));
        authorsPlanned.push({ file, slug, name: fixture.byline ?? fixture.name });
        continue;
      }
      if ((DOCUMENT_TYPES as readonly string[]).includes(fixture.type)) {
        const own = typeof fixture.canonical_url === "string" ? fixture.canonical_url : undefined;
        const pathname = contentPath(own) ?? `/importados/${dirIndex}/${stem(file)}/`;
        const brand = place(pathname, fixture.canonical_website);
        const doc = { ...fixture, _id: id, canonical_website: brand, canonical_url: own ?? pathname };
        fs.writeFileSync(path.join(folder, `${id}.json`), JSON.stringify(doc));
        const redirect = fixture.related_content?.redirect?.[0]?.redirect_url;
        const status = redirect !== undefined && !safeRedirectTarget(redirect, GROUP_HOSTS) ? 404 : 200;
        planned.push({ file, brand, path: pathname, kind: "document", status, ...(own && /^https?:/.test(own) ? { absolute: own } : {}) });
      } else {
        const pathname = `/importados/${dirIndex}/elemento-${stem(file)}/`;
        const story = {
          _id: id,
          type: "story",
          version: "0.10.12",
          canonical_website: "semana",
          canonical_url: pathname,
          headlines: { basic: `Elemento ${fixture.type}` },
          content_elements: [{ _id: `${id}-antes`, type: "text", content: "Párrafo antes del elemento." }, fixture],
        };
        fs.writeFileSync(path.join(folder, `${id}.json`), JSON.stringify(story));
        planned.push({ file, brand: "semana", path: pathname, kind: "element", status: 200 });
      }
    }
  });
  return planned;
}

/**
 * The other team's video as a newsroom whose renditions are MP4 would send it: the same document
 * (no headline, a YouTube reference, a promo image) with MP4 streams of several widths, one of them
 * on a host a page must never load (the reader's own machine).
 */
const MP4_VIDEO_PATH = "/importados/video-mp4/";
function writeMp4Video(folder: string) {
  const fixture = JSON.parse(fs.readFileSync(path.join(REPO_FIXTURES, "video-fixture-good.json"), "utf8"));
  const base = "https://videos.example.org/sailing";
  const doc = {
    ...fixture,
    _id: "ANS-VIDEO-MP4",
    canonical_website: "semana",
    canonical_url: MP4_VIDEO_PATH,
    streams: [
      { streamType: "mp4", url: `${base}-640.mp4`, width: 640, height: 360, bitrate: 600 },
      { streamType: "mp4", url: `${base}-1280.mp4`, width: 1280, height: 720, bitrate: 2000 },
      { streamType: "mp4", url: "https://127.0.0.1/router-1920.mp4", width: 1920, height: 1080, bitrate: 4000 },
      { streamType: "mp4", url: "javascript:alert(1)//.mp4", width: 1600, height: 900, bitrate: 3000 },
    ],
  };
  fs.writeFileSync(path.join(folder, "ANS-VIDEO-MP4.json"), JSON.stringify(doc));
}

let site: SiteServer;
let dataDir: string;
let planned: Planned[];
let importedAuthors: Array<{ slug: string; byline: string }> = [];

beforeAll(async () => {
  quietServerRenderWarnings();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ans-ajeno-"));
  const folder = path.join(dataDir, "fixtures");
  fs.mkdirSync(folder);
  planned = plan(folder);
  writeMp4Video(folder);
  // The site's own small corpus first, then the other newsrooms' documents through the importer.
  const store = await openContentStore({ database: { dataDir: path.join(dataDir, "pglite") } });
  try {
    await store.loadCorpus(makeTestCorpus());
    const report = await importContent(store, [folder], { log: () => {} });
    expect(report.problems).toEqual([]);
    expect(report.documents).toBe(planned.length + 1);
    expect(report.authors).toBe(authorsPlanned.length);
    importedAuthors = await store.getAuthors(
      "semana",
      authorsPlanned.map((author) => author.slug),
    );
  } finally {
    await store.db.close();
  }
  site = await startSiteServer({ env: { DATA_DIR: dataDir } });
}, 240_000);

afterAll(async () => {
  await site?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("content from other newsrooms", () => {
  it("reads the repository's copy of the fixtures, and the other team's folder where it is found", () => {
    expect(fs.existsSync(REPO_FIXTURES), `falta la carpeta de fixtures ANS del repositorio: ${REPO_FIXTURES}`).toBe(true);
    if (!SHARED_FIXTURES)
      console.warn(`[aviso] no se encontró la carpeta de fixtures del otro equipo (${SHARED_CANDIDATES.join(", ")}): se prueba la copia del repositorio`);
    for (const dir of FIXTURE_DIRS) expect(planned.filter((p) => p.file.startsWith(dir)).length, dir).toBeGreaterThanOrEqual(18);
  });

  it.skipIf(!SHARED_FIXTURES)("keeps the repository's copy the same as the other team's folder", () => {
    const files = (dir: string) =>
      fs
        .readdirSync(dir)
        .filter((file) => file.endsWith(".json"))
        .sort();
    expect(files(REPO_FIXTURES)).toEqual(files(SHARED_FIXTURES!));
    for (const file of files(REPO_FIXTURES)) {
      expect(fs.readFileSync(path.join(REPO_FIXTURES, file), "utf8"), file).toBe(fs.readFileSync(path.join(SHARED_FIXTURES!, file), "utf8"));
    }
  });

  it("imports the author fixtures as authors the store reads back", () => {
    expect(authorsPlanned.map((author) => path.basename(author.file))).toEqual(FIXTURE_DIRS.map(() => "author-fixture-good.json"));
    expect(importedAuthors.map((author) => [author.slug, author.byline]).sort()).toEqual(authorsPlanned.map((author) => [author.slug, author.name]).sort());
  });

  it("renders every imported fixture at its path with a title, never a 500", async () => {
    const failures: string[] = [];
    for (const item of planned) {
      const { status, body } = await get(site.port, item.brand, item.path);
      const title = /<title>([^<]*)<\/title>/.exec(body)?.[1]?.trim();
      if (status !== item.status || !title) failures.push(`${path.basename(item.file)} (${item.brand}${item.path}): ${status}, título «${title ?? ""}»`);
      if (item.kind === "element" && !body.includes("Párrafo antes del elemento.")) failures.push(`${path.basename(item.file)}: sin cuerpo`);
    }
    expect(failures).toEqual([]);
  });

  it("serves a story with an absolute canonical_url at its path on its brand, canonical link to the original", async () => {
    const absolute = planned.filter((p) => p.absolute && p.status === 200);
    expect(absolute.length).toBeGreaterThan(0);
    for (const item of absolute) {
      const { status, body } = await get(site.port, item.brand, item.path);
      expect(status).toBe(200);
      expect(body).toContain(`<link rel="canonical" href="${item.absolute!.replace(/&/g, "&amp;")}"`);
    }
    // Absolute URL from another host, on this brand's page: its path, without the host's query.
    const video = planned.find((p) => p.absolute?.startsWith("https://www.youtube.com/watch"));
    expect(video?.path).toBe("/watch");
  });

  it("gives a document without headlines the brand's name as its title", async () => {
    const untitled = planned.find((p) => p.kind === "document" && stem(p.file) === "image-fixture-good");
    const { body } = await get(site.port, untitled!.brand, untitled!.path);
    const title = /<title>([^<]*)<\/title>/.exec(body)?.[1];
    expect(title).toBe(brands[untitled!.brand].displayName);
  });

  it("titles a video without headlines by its description, in the page's title and an h1", async () => {
    const item = planned.find((p) => p.kind === "document" && stem(p.file) === "video-fixture-good");
    const { status, body } = await get(site.port, item!.brand, item!.path);
    expect(status).toBe(200);
    const expected = "We went out in 25+ knots and massive waves with two 420&#x27;s and a 470 off Sandringham Yacht Club...";
    expect(/<title>([^<]*)<\/title>/.exec(body)?.[1]).toMatch(new RegExp(`^${expected.replace(/[.+]/g, "\\$&")}`));
    expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1]).toMatch(/^We went out in 25\+ knots/);
  });

  it("plays a video document's MP4 streams in a <video> with its poster, never a YouTube frame, and only from allowed hosts", async () => {
    const { status, body } = await get(site.port, "semana", MP4_VIDEO_PATH);
    expect(status).toBe(200);
    const video = /<video\b[^>]*>[\s\S]*?<\/video>/.exec(body)?.[0];
    expect(video, "sin elemento <video>").toBeDefined();
    expect(video).toContain(
      'poster="https://img.washingtonpost.com/rf/image_908w/2010-2019/WashingtonPost/2012/06/29/Outlook/Advance/Images/511969927-363.jpg"',
    );
    const sources = [...video!.matchAll(/<source\b[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1]);
    // The best MP4 first for large screens, the phone's rendition before it; nothing from 127.0.0.1 or javascript:.
    expect(sources).toEqual(["https://videos.example.org/sailing-640.mp4", "https://videos.example.org/sailing-1280.mp4"]);
    expect(body).not.toContain("data-video-embed=");
    expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1]).toMatch(/^We went out in 25\+ knots/);
  });
});
