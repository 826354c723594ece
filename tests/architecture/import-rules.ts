// The direction of imports between the project's top folders (docs/architecture.md#the-parts): two
// products, the page server (server/) and accounts (accounts/), on a shared platform (platform/:
// database, settings, logging, Redis, caching policy). server → accounts (only its public interface,
// accounts/index.ts), blocks, platform; accounts → platform, never server/ or blocks/; blocks →
// domain, brands, runtime; tooling → runtime → nothing of ours. A block imports no other block (only
// blocks/_shared, which imports none either). A block's browser half never imports a server module
// (*.server.ts) except for its types. The runtime, which runs on every request, reads no files and
// names no field of a content format. Test files, and tests/ (which tests accounts from outside), are exempt.
import fs from "node:fs";
import path from "node:path";

/** Which top folders each top folder may import from (besides itself and npm packages). */
const ALLOWED_IMPORTS: Record<string, string[]> = {
  domain: [],
  runtime: [],
  tooling: ["runtime"],
  brands: ["domain"],
  platform: ["domain", "runtime"],
  blocks: ["domain", "brands", "runtime", "schemas"],
  accounts: ["domain", "brands", "runtime", "platform"],
  server: ["domain", "brands", "runtime", "tooling", "blocks", "schemas", "page-definitions", "platform", "accounts"],
  tests: ["domain", "brands", "runtime", "tooling", "blocks", "schemas", "server", "page-definitions", "platform", "accounts"],
};

export interface SourceFile {
  /** Path relative to the project root, with forward slashes. */
  file: string;
  text: string;
}

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  rule: string;
}

/** How the accounts product's public interface is imported from outside it. */
const ACCOUNTS_INTERFACE = ["accounts", "accounts/index", "accounts/index.ts"];

/** `import … from`, `export … from`, `import("…")`, a side-effect `import "…"` and `require("…")`. */
const IMPORT =
  /(?:^|\n)\s*(import|export)(\s+type)?[^"';]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s*["']([^"']+)["']|\brequire\s*\(\s*["']([^"']+)["']\s*\)/g;

/** Every wrong import in these files. */
export function importViolations(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const { file, text } of files) {
    // Tests may reach across folders (integration tests run blocks against the real server).
    if (/\.test\.tsx?$/.test(file)) continue;
    const top = file.split("/")[0];
    const allowed = ALLOWED_IMPORTS[top];
    if (!allowed) continue;
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[3] ?? match[4] ?? match[5] ?? match[6];
      if (!specifier?.startsWith(".")) continue;
      const typeOnly = Boolean(match[2]);
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const targetTop = target.split("/")[0];
      const line = text.slice(0, match.index).split("\n").length + (text[match.index] === "\n" ? 1 : 0);
      if (targetTop !== top && !allowed.includes(targetTop)) {
        violations.push({ file, line, specifier, rule: `${top}/ no puede importar ${targetTop}/ (permitido: ${allowed.join(", ") || "nada del proyecto"})` });
      }
      // A block uses what blocks share (blocks/_shared), never another block: each folder can be
      // moved, removed or rewritten alone (docs/architecture.md#what-a-block-may-import).
      const block = blockOf(file);
      const targetBlock = blockOf(target);
      if (block && targetBlock && targetBlock !== block && targetBlock !== "_shared") {
        violations.push({ file, line, specifier, rule: `un bloque no importa otro bloque (${targetBlock}): lo común va en blocks/_shared` });
      }
      // The page side uses accounts through its public interface alone: the rest may change freely.
      if (targetTop === "accounts" && top !== "accounts" && top !== "tests" && !ACCOUNTS_INTERFACE.includes(target)) {
        violations.push({ file, line, specifier, rule: "fuera de accounts/ solo se importa su interfaz pública (accounts/index.ts)" });
      }
      const browserHalf = top === "blocks" && !/\.server\.tsx?$/.test(file);
      if (browserHalf && !typeOnly && /\.server(\.tsx?)?$/.test(target)) {
        violations.push({ file, line, specifier, rule: "la mitad del navegador de un bloque solo importa tipos de un módulo .server" });
      }
    }
  }
  return violations;
}

/** Node's file system and the ANS fields the code of other folders reads (domain/ans.ts). */
const FILE_ACCESS = /(?:from\s*|import\s*\(\s*|require\s*\(\s*)["'](?:node:)?(?:fs|fs\/promises|path)["']/g;
const ANS_FIELDS = /\b(content_elements|taxonomy|promo_items|canonical_url|headlines|primary_section|display_date|first_publish_date)\b/g;

/**
 * What keeps runtime/ what runs per request: no file read (that is tooling/'s, at build and start),
 * and no field of a content format (emptiness and layout facts come from the sources and the blocks).
 */
export function runtimeImpurities(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const { file, text } of files) {
    if (!file.startsWith("runtime/") || /\.test\.tsx?$/.test(file)) continue;
    const lineOf = (index: number) => text.slice(0, index).split("\n").length;
    for (const match of text.matchAll(FILE_ACCESS)) {
      violations.push({
        file,
        line: lineOf(match.index),
        specifier: match[0],
        rule: "runtime/ no lee archivos: eso es de tooling/ (al construir y al arrancar)",
      });
    }
    for (const match of text.matchAll(ANS_FIELDS)) {
      violations.push({ file, line: lineOf(match.index), specifier: match[1], rule: "runtime/ no nombra campos de ANS: lo dicen las fuentes y los bloques" });
    }
  }
  return violations;
}

/** The block folder a path is in ("_shared" for the shared code); undefined outside blocks/ and for the registries at its top. */
function blockOf(file: string): string | undefined {
  const [top, folder, ...rest] = file.split("/");
  if (top !== "blocks" || !folder) return undefined;
  // "blocks/index.ts" is a registry; "blocks/section-listing" (an import of the folder) is a block.
  return rest.length === 0 && /\.[a-z]+$/.test(folder) ? undefined : folder;
}

/** The project's TypeScript files under its top folders. */
export function projectSources(root: string): SourceFile[] {
  const out: SourceFile[] = [];
  for (const top of Object.keys(ALLOWED_IMPORTS)) {
    const dir = path.join(root, top);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { recursive: true, encoding: "utf8" })) {
      if (!/\.(ts|tsx|mjs)$/.test(entry) || entry.includes("node_modules")) continue;
      const file = `${top}/${entry.split(path.sep).join("/")}`;
      out.push({ file, text: fs.readFileSync(path.join(root, file), "utf8") });
    }
  }
  return out;
}

const RESOLVE_SUFFIXES = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolveImport(root: string, from: string, specifier: string): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return RESOLVE_SUFFIXES.map((suffix) => base + suffix).find(
    (candidate) => fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile(),
  );
}

/** Packages that only a component may need: React, its DOM renderer, carousels, the browser SDKs. */
const BROWSER_PACKAGES = /^(react|react-dom|swiper|immer|@remix-run\/react|@arc-publishing\/)/;

/**
 * What a server half reaches that it must not: every file it imports, directly or not, with the
 * chain that leads there, when that file is a component (.tsx), a stylesheet or a browser package.
 * Server halves run in CLIs that load neither React nor CSS.
 */
export function serverHalfImpurities(root: string, entry: string): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(path.join(root, file), "utf8");
    for (const match of text.matchAll(IMPORT)) {
      if (match[2]) continue; // import type: erased
      const specifier = match[3] ?? match[4] ?? match[5] ?? match[6];
      if (!specifier) continue;
      const via = [...chain, specifier].join(" → ");
      if (!specifier.startsWith(".")) {
        if (BROWSER_PACKAGES.test(specifier)) problems.push(`${entry}: ${via}`);
        continue;
      }
      if (/\.css$/.test(specifier)) {
        problems.push(`${entry}: ${via}`);
        continue;
      }
      const target = resolveImport(root, file, specifier);
      if (!target || target.endsWith(".json")) continue;
      if (target.endsWith(".tsx")) problems.push(`${entry}: ${via}`);
      else visit(target, [...chain, specifier]);
    }
  };
  visit(entry, []);
  return problems;
}
