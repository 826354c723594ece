// Not a benchmark but a tool run by hand like them: the HTML of every page of every brand, written to
// a folder with its per-request values (the script nonce, the render time) and the build's asset
// hashes neutralised, on the production build with the generated corpus and a fixed clock. It proves
// that a change to the page definitions that must not change what readers get (the layouts' shared
// blocks, docs/decisions/0074-layouts-own-the-shared-blocks.md) changes no byte of HTML:
//
//   NODE_ENV=production npx tsx tests/bench/page-html.ts /tmp/before            # chooses the addresses
//   … change the page definitions …
//   NODE_ENV=production npx tsx tests/bench/page-html.ts /tmp/after --urls /tmp/before/urls.json
//   diff -r /tmp/before /tmp/after
//
// The addresses: per brand its home, every route without parameters it serves, an article of each
// template, an address that names nothing (404), and up to two addresses of each page with route
// parameters, taken from the brand's sections and the links of those pages (the error page, 503 while
// content cannot be read, is not among them). urls.json keeps them for the second run.
import fs from "node:fs";
import path from "node:path";
import { brandIds, type BrandId } from "../../domain/brands";
import { chooseTemplate, layoutRulesSchema } from "../../domain/layout-rules";
import { sectionPagePath, sectionsByBrand } from "../../domain/sections";
import { generateCorpus } from "../../server/content/seed";
import { RouteTable } from "../../runtime/routes";
import { routeShape } from "../../runtime/validate";
import { getPage, mapWithConcurrency, pageLinks } from "../support/site-http";
import { startSiteServer } from "../support/site-server";

const FIXED_NOW = new Date("2026-03-02T15:00:00Z");
const PER_PARAMETER_PAGE = 2;
const CONCURRENCY = 3;

const args = process.argv.slice(2);
const out = args.find((arg) => !arg.startsWith("--"));
const urlsAt = args.includes("--urls") ? args[args.indexOf("--urls") + 1] : undefined;
if (!out) {
  console.error("uso: tsx tests/bench/page-html.ts <carpeta> [--urls <urls.json>]");
  process.exit(2);
}

interface Address {
  brand: BrandId;
  path: string;
}

/** The pages' own fields that say where they answer, from the files as written (every folder but _-prefixed ones). */
function pageFiles(dir = "page-definitions"): Array<{ id: string; brand: string; route?: string; template?: string; allBrands?: boolean; html: boolean }> {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".json") && file.includes(path.sep) && !file.split(path.sep).some((part) => part.startsWith("_")))
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")))
    .map((page) => ({ ...page, html: !page.redirect && (page.outputType ?? "html") === "html" }));
}

/** Times read from the system's clock while rendering (a header's render time, a countdown's): within a day of this run. */
const started = Date.now();
const DAY_MS = 86_400_000;
const recent = (ms: number) => Math.abs(ms - started) < DAY_MS;
/**
 * The per-request values, and what a change to browser code changes without changing the page: the
 * build's asset names (their content hashes) and the manifest's version.
 */
const neutralised = (html: string) =>
  html
    .replace(/\/build\/([\w$/.-]*?)-[A-Z0-9]{8}\.(js|css)/g, "/build/$1-….$2")
    .replace(/"version": "[0-9a-f]{8}"/g, '"version": "…"')
    .replace(/nonce="[^"]*"/g, 'nonce="…"')
    .replace(/"nonce":"[^"]*"/g, '"nonce":"…"')
    .replace(/\b\d{13}\b/g, (ms) => (recent(Number(ms)) ? "…" : ms))
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, (iso) => (recent(Date.parse(iso)) ? "…" : iso));
const fileFor = (address: Address) => path.join(out!, address.brand, `${encodeURIComponent(address.path) || "_"}.html`);
const pageIdOf = (html: string) => /data-page-id="([^"]+)"/.exec(html)?.[1];

const corpus = generateCorpus({ now: FIXED_NOW });
const site = await startSiteServer({ corpus, boot: { now: () => FIXED_NOW }, pageCache: { freshSeconds: 0, staleSeconds: 0 } });
try {
  const get = async (address: Address) => {
    const answer = await getPage(site.port, address.brand, address.path);
    return { ...address, status: answer.status, location: answer.location, body: neutralised(answer.body) };
  };
  let addresses: Address[];
  if (urlsAt) addresses = JSON.parse(fs.readFileSync(urlsAt, "utf8"));
  else {
    const pages = pageFiles();
    const rules = layoutRulesSchema.parse(JSON.parse(fs.readFileSync("page-definitions/layout-rules.json", "utf8")));
    addresses = [];
    for (const brand of brandIds) {
      // The brand's routes as the site builds them: its own pages, then the group's for the other shapes.
      const own = pages.filter((page) => page.brand === brand && page.route);
      const shapes = new Set(own.map((page) => routeShape(page.route!)));
      const served = [...own, ...pages.filter((page) => page.allBrands && page.brand !== brand && page.route && !shapes.has(routeShape(page.route)))];
      const table = new RouteTable<(typeof served)[number]>();
      for (const page of served) table.add(page.route!, page);
      const seeds: Address[] = [
        { brand, path: "/" },
        { brand, path: "/esta-direccion-no-existe/" },
      ];
      for (const page of served) if (page.html && !/[:*]/.test(page.route!) && page.route !== "/") seeds.push({ brand, path: page.route! });
      const articles = new Map<string, string>();
      for (const doc of corpus.documents as Array<Record<string, any>>) {
        if (doc.canonical_website !== brand || typeof doc.canonical_url !== "string" || !doc.canonical_url.startsWith("/") || doc.related_content?.redirect)
          continue;
        const template = chooseTemplate(rules, doc);
        if (!articles.has(template)) articles.set(template, doc.canonical_url);
      }
      seeds.push(...[...articles.values()].map((url) => ({ brand, path: url })));
      const answers = await mapWithConcurrency(seeds, CONCURRENCY, get);
      // Pages with route parameters: the first links of the seeds that their routes answer.
      const taken = new Map<string, number>();
      const more: Address[] = [];
      // The brand's sections first: the nested ones are the only addresses of the group's subsection pages.
      const sections = sectionsByBrand[brand].flatMap((section) => sectionPagePath(brand, section.id) ?? []);
      const links = [...new Set([...sections, ...answers.flatMap((answer) => pageLinks(answer.body)).sort()])];
      for (const link of links) {
        const page = table.match(link.split("?")[0])?.value;
        if (!page?.html || !/[:*]/.test(page.route!)) continue;
        const count = taken.get(page.id) ?? 0;
        if (count >= PER_PARAMETER_PAGE) continue;
        taken.set(page.id, count + 1);
        more.push({ brand, path: link });
      }
      addresses.push(...seeds, ...more);
    }
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, "urls.json"), JSON.stringify(addresses, null, 2) + "\n");
  }
  const seen: string[] = [];
  await mapWithConcurrency(addresses, CONCURRENCY, async (address) => {
    const answer = await get(address);
    fs.mkdirSync(path.dirname(fileFor(address)), { recursive: true });
    fs.writeFileSync(fileFor(address), `<!-- ${answer.status} ${answer.location ?? ""} -->\n${answer.body}`);
    seen.push(`${address.brand} ${address.path} ${answer.status} ${pageIdOf(answer.body) ?? ""}`);
  });
  fs.writeFileSync(path.join(out, "pages.txt"), seen.sort().join("\n") + "\n");
  const pagesSeen = new Set(seen.map((line) => `${line.split(" ")[0]} ${line.split(" ")[3]}`));
  console.log(`${addresses.length} direcciones, ${pagesSeen.size} páginas (marca e id) escritas en ${out}`);
} finally {
  await site.close();
}
