// npm run bench:weight — what each page type costs a reader's browser, on the production build with
// the seeded content: HTML (gzip), hydration data, JavaScript at load and counting what may load
// later (gzip), and which blocks hydrate. The budgets are enforced by
// tests/architecture/budgets.integration.test.ts; this prints the figures.
import { generateCorpus } from "../../server/content/seed";
import { fetchPagesToWeigh, KIB, pageWeight, readBuild } from "../support/page-weight";
import { startSiteServer } from "../support/site-server";

const corpus = generateCorpus();
const site = await startSiteServer({ corpus });
try {
  const pages = await fetchPagesToWeigh(site.port, corpus);
  const build = readBuild(".");
  const kib = (bytes: number) => (bytes / KIB).toFixed(1).padStart(7);
  console.log("marca        tipo       HTML gz  hidratación  JS al cargar  JS con lo posterior  bloques que hidratan   ruta");
  for (const page of pages) {
    const weight = pageWeight(page.html, build);
    console.log(
      `${page.brand.padEnd(12)} ${page.kind.padEnd(9)} ${kib(weight.html)} ${kib(weight.hydration)}     ${kib(weight.js)}       ${kib(weight.jsLater)}            ${weight.hydrating.join(",").padEnd(20)} ${page.path.slice(0, 60)}`,
    );
  }
  console.log("(KiB; HTML y JavaScript con gzip; hidratación sin comprimir)");
} finally {
  await site.close();
}
