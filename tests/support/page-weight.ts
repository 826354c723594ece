// What a page costs a reader's browser, read from the production build: its HTML and hydration data,
// and the JavaScript it loads (gzip) — the document's scripts, the chunks of the blocks that hydrate
// and the enhancers of the blocks on it, with their static imports (docs/decisions/0009-islands.md).
// "Later" adds what the page can load after that (a carousel's Swiper as it comes near the screen,
// the login modal when opened): every dynamic import reachable from the page.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { brands } from "../../brands";
import { layoutRulesSchema } from "../../domain/layout-rules";
import type { SeedCorpus } from "../../server/content/corpus";
import { freeForEverybody } from "../../accounts/entitlement";
import { chooseTemplate, type LayoutRules } from "../../domain/layout-rules";
import { sectionIds } from "../../domain/ans";
import { requestSite } from "./site-http";

interface MetafileOutput {
  entryPoint?: string;
  imports: Array<{ path: string; kind: string }>;
  /** The source modules bundled into this output. */
  inputs?: Record<string, unknown>;
}

export interface Build {
  outputs: Record<string, MetafileOutput>;
  /** Output file → its gzip size. */
  gzipSize(file: string): number;
  /** Block type → the output files of its component and of its enhancer. */
  blockChunk(type: string, part: "component" | "enhancer"): string | undefined;
  /** True for a block's component or enhancer chunk: loaded only for blocks on the page. */
  isBlockChunk(file: string): boolean;
}

export function readBuild(root: string): Build {
  const { outputs } = JSON.parse(fs.readFileSync(path.join(root, "build", "metafile.js.json"), "utf8")) as { outputs: Record<string, MetafileOutput> };
  const byEntry = new Map<string, string>();
  for (const [file, output] of Object.entries(outputs)) if (output.entryPoint) byEntry.set(output.entryPoint, file);
  const sizes = new Map<string, number>();
  return {
    outputs,
    gzipSize(file) {
      if (!sizes.has(file)) sizes.set(file, gzipSync(fs.readFileSync(path.join(root, file))).length);
      return sizes.get(file)!;
    },
    blockChunk: (type, part) => byEntry.get(part === "component" ? `blocks/${type}/index.tsx` : `blocks/${type}/enhance.ts`),
    isBlockChunk: (file) => /^blocks\/[^/_][^/]*\/(index\.tsx|enhance\.ts)$/.test(outputs[file]?.entryPoint ?? ""),
  };
}

export interface PageWeight {
  /** HTML, gzip. */
  html: number;
  /** The route data the browser hydrates from (window.__remixContext), uncompressed. */
  hydration: number;
  /** JavaScript loaded with the page, gzip. */
  js: number;
  /** Plus everything the page may load later, gzip. */
  jsLater: number;
  hydrating: string[];
  /** The source modules of the JavaScript loaded with the page (node_modules/…, blocks/…). */
  modulesAtLoad: string[];
}

export function pageWeight(html: string, build: Build): PageWeight {
  const documentScripts = [...html.matchAll(/(?:src|href)="\/build\/([^"]+\.js)"/g)].map((m) => `public/build/${m[1]}`);
  const present = new Set([...html.matchAll(/data-block="([^"]+)"/g)].map((m) => m[1]));
  const hydrating = [...new Set([...html.matchAll(/data-block="([^"]+)" data-block-id="[^"]+" data-hydrate=""/g)].map((m) => m[1]))];
  const roots = [
    ...documentScripts,
    ...hydrating.map((type) => build.blockChunk(type, "component")),
    ...[...present].map((type) => build.blockChunk(type, "enhancer")),
  ].filter((file): file is string => !!file);
  const closure = (followDynamic: boolean) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || !build.outputs[file]) return;
      seen.add(file);
      for (const imported of build.outputs[file].imports) {
        // The block registry can load any block's chunk; a page loads those of its own blocks (the roots).
        const later = followDynamic && imported.kind === "dynamic-import" && !build.isBlockChunk(imported.path);
        if (imported.kind === "import-statement" || later) visit(imported.path);
      }
    };
    roots.forEach(visit);
    return seen;
  };
  const size = (files: Set<string>) => [...files].reduce((sum, file) => sum + build.gzipSize(file), 0);
  const atLoad = closure(false);
  // The route data: window.__remixContext and the chunks streamed into it.
  const hydration = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((m) => m[1].includes("__remixContext"))
    .reduce((sum, m) => sum + Buffer.byteLength(m[1]), 0);
  const modulesAtLoad = [...atLoad].flatMap((file) => Object.keys(build.outputs[file].inputs ?? {}));
  return { html: gzipSync(html).length, hydration, js: size(atLoad), jsLater: size(closure(true)), hydrating, modulesAtLoad };
}

interface PageToWeigh {
  brand: string;
  host: string;
  kind: "portada" | "sección" | "artículo" | "galería" | "en vivo" | "video";
  path: string;
}

const ARTICLE_KINDS: Array<[PageToWeigh["kind"], string]> = [
  ["artículo", "article-default"],
  ["galería", "article-gallery"],
  ["en vivo", "article-live"],
  ["video", "article-video"],
];

/**
 * Per brand: the home, a section, and a free article of each kind the layout rules tell apart
 * (default, gallery, live blog, video), where the corpus has one. Section pages are found by the
 * caller (their routes differ per brand): `sections` lists candidates.
 */
function pagesToWeigh(corpus: SeedCorpus, rules: LayoutRules, hostOf: (brand: string) => string): { pages: PageToWeigh[]; sections: Map<string, string[]> } {
  const pages: PageToWeigh[] = [];
  const sections = new Map<string, string[]>();
  const brands = [...new Set(corpus.documents.map((doc: any) => doc.canonical_website as string))].sort();
  for (const brand of brands) {
    const host = hostOf(brand);
    pages.push({ brand, host, kind: "portada", path: "/" });
    const docs = corpus.documents.filter(
      (doc: any) =>
        doc.canonical_website === brand &&
        doc.canonical_url &&
        !doc.related_content?.redirect?.length &&
        freeForEverybody(doc.content_restrictions?.content_code, sectionIds(doc)),
    );
    for (const [kind, template] of ARTICLE_KINDS) {
      const doc = docs.find((candidate: any) => chooseTemplate(rules, candidate) === template);
      if (doc) pages.push({ brand, host, kind, path: doc.canonical_url });
    }
    sections.set(brand, [...new Set(docs.map((doc: any) => doc.taxonomy?.primary_section?._id).filter(Boolean))] as string[]);
  }
  return { pages, sections };
}

export const KIB = 1024;

/** Pages every brand shares (the default brand's), weighed once. */
const GROUP_PAGES = [
  "/store/",
  "/suscripciones-online/?offerId=466",
  "/autogestion/mis-suscripciones/",
  "/-revista-semana/",
  "/no-existe/",
  "/servicio-al-cliente/?categoria=pqrs&tema=peticiones-quejas-y-reclamos",
  "/boletines/",
];

/** Semana's video channel (docs/video-channel.md): its home weighs as a home, its list pages as sections. */
const VIDEO_CHANNEL_PAGES: Array<Pick<PageToWeigh, "kind" | "path">> = [
  { kind: "portada", path: "/tv/" },
  { kind: "sección", path: "/semana-tv/categorias/" },
  { kind: "sección", path: "/semana-tv/virales/" },
];

export type FetchedPage = (PageToWeigh | { brand: string; host: string; kind: "grupo"; path: string }) & { html: string; status: number };

/**
 * Fetches, from a server seeded with `corpus` on `port`, the pages to weigh: per brand a home, a
 * section (the first primary section that answers with a listing) and each article kind; Semana's
 * video home and two of its list pages; then the group's store, checkout, account, login and 404 pages.
 */
export async function fetchPagesToWeigh(port: number, corpus: SeedCorpus): Promise<FetchedPage[]> {
  const rules = layoutRulesSchema.parse(JSON.parse(fs.readFileSync("page-definitions/layout-rules.json", "utf8")));
  const hostOf = (brand: string) => brands[brand as keyof typeof brands].hosts[0];
  const chosen = pagesToWeigh(corpus, rules, hostOf);
  const pages: FetchedPage[] = [];
  for (const page of chosen.pages) {
    const answer = await requestSite(port, { host: page.host, path: page.path });
    pages.push({ ...page, html: answer.body, status: answer.status });
  }
  for (const [brand, ids] of chosen.sections) {
    for (const id of ids.slice(0, 5)) {
      const candidates = [`${id}/`, `/seccion${id}/`];
      const found = await Promise.all(candidates.map((candidate) => requestSite(port, { host: hostOf(brand), path: candidate })));
      const index = found.findIndex((answer) => answer.status === 200 && /data-block="[a-z-]*listing"/.test(answer.body));
      if (index >= 0) {
        pages.push({ brand, host: hostOf(brand), kind: "sección", path: candidates[index], html: found[index].body, status: found[index].status });
        break;
      }
    }
  }
  for (const { kind, path } of VIDEO_CHANNEL_PAGES) {
    const answer = await requestSite(port, { host: "localhost", path });
    pages.push({ brand: "semana", host: "localhost", kind, path, html: answer.body, status: answer.status });
  }
  for (const groupPage of GROUP_PAGES) {
    const answer = await requestSite(port, { host: "localhost", path: groupPage });
    pages.push({ brand: "semana", host: "localhost", kind: "grupo", path: groupPage, html: answer.body, status: answer.status });
  }
  return pages.filter((page) => page.html.includes("<!DOCTYPE html>"));
}
