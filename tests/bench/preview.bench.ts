// npm run bench:preview: three times of the editors' and developers' tools in Chromium, on `npm run
// dev` (the supervisor, server/cli/dev.ts) in a temporary copy of the project (tests/support/project-copy.ts).
// 1. Live preview: saves semana/home.json with a new title N times and measures from the write to the
//    open tab, reloaded by the live-preview script, painting the page with the new title (its first
//    contentful paint), and where that time goes: the server seeing and checking the file (until its
//    event reaches a listener), the tab starting its reload, the server answering it, the browser
//    painting it.
// 2. Page editor: opens semana/section.json in /_editor/, selects the "lo-ultimo" list and types a new
//    feedSize N times, measuring from the keystroke to the preview pane showing that many stories
//    (the editor's pause before checking, the validation, the draft site and the iframe's load).
// 3. Code: changes the site footer's component (a text of blocks/site-footer/SiteFooter.tsx), its
//    stylesheet (a border) and its server half (the legal name in index.server.ts) COMPONENT_RUNS
//    times each, measuring from the write to the open tab showing it (rebuilt; loaded in place by the
//    serving process, or the server half by a new process; the tab reloaded by the live-preview script).
// Prints p50, p95 and max of each (and the median of each part of the first).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { projectCopy } from "../support/project-copy";
import { linkSharedImages } from "../support/shared-images";

const RUNS = Number(process.env.RUNS || 30);
const COMPONENT_RUNS = Number(process.env.COMPONENT_RUNS || 5);
const port = Number(process.env.PORT || 3141);
const origin = `http://localhost:${port}`;
const copy = projectCopy("bench-vista-");
const pagesDir = path.join(copy.dir, "page-definitions");
const dataDir = path.resolve(process.env.DATA_DIR || ".cache/bench-preview");
linkSharedImages(dataDir);
const server = spawn(process.execPath, ["--import", "tsx", "server/cli/dev.ts"], {
  cwd: copy.dir,
  env: {
    ...process.env,
    PORT: String(port),
    NODE_ENV: "development",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  },
  stdio: "inherit",
});
/** Milliseconds since 1970 with a fraction, the clock a page's performance.timeOrigin is on. */
const now = () => performance.timeOrigin + performance.now();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
function report(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  console.log(`${label}: p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, máx ${sorted.at(-1)!.toFixed(0)} ms`);
}
try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 900) throw new Error("el servidor no arrancó");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => (window as any).__vistaEnVivo === true);
  // The server's live-preview events, as a tab receives them: when each version was announced.
  const announced = new Map<number, number>();
  const events = new AbortController();
  const stream = await fetch(`${origin}/_editor/api/eventos`, { signal: events.signal });
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    const reader = stream.body!.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffer += decoder.decode(chunk.value, { stream: true });
      // Whole lines only: a message may arrive in pieces.
      const end = buffer.lastIndexOf("\n") + 1;
      for (const match of buffer.slice(0, end).matchAll(/^data: (.*)$/gm)) announced.set(JSON.parse(match[1]).version, now());
      buffer = buffer.slice(end);
    }
  })().catch(() => {});
  const file = path.join(pagesDir, "semana", "home.json");
  const parts = {
    "el servidor lee y comprueba": [] as number[],
    "la pestaña pide la página": [] as number[],
    "el servidor responde": [] as number[],
    "el navegador la pinta": [] as number[],
  };
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const definition = JSON.parse(fs.readFileSync(file, "utf8"));
    const title = `Portada ${run} | Semana`;
    definition.metadata.title = title;
    const version = Math.max(0, ...announced.keys());
    const started = now();
    fs.writeFileSync(file, `${JSON.stringify(definition, null, 2)}\n`);
    await page.waitForFunction((wanted) => document.title === wanted && performance.getEntriesByName("first-contentful-paint").length > 0, title, {
      timeout: 10_000,
      polling: 10,
    });
    // The new document's own clock: when its navigation started, its answer came and it was first painted.
    const tab = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      response: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseStart,
      painted: performance.getEntriesByName("first-contentful-paint")[0].startTime,
    }));
    const told = announced.get(version + 1) ?? NaN;
    times.push(tab.origin + tab.painted - started);
    parts["el servidor lee y comprueba"].push(told - started);
    parts["la pestaña pide la página"].push(tab.origin - told);
    parts["el servidor responde"].push(tab.response);
    parts["el navegador la pinta"].push(tab.painted - tab.response);
    await page.waitForFunction(() => (window as any).__vistaEnVivo === true);
  }
  events.abort();
  report(`vista en vivo, guardar → pestaña recargada y pintada en Chromium (${RUNS} guardados)`, times);
  console.log(
    `  medianas: ${Object.entries(parts)
      .map(([part, values]) => `${part} ${median(values).toFixed(0)} ms`)
      .join(", ")}`,
  );

  // The page editor: form change → preview showing it.
  const editor = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await editor.goto(`${origin}/_editor/?archivo=semana/section.json`);
  const shown = () =>
    editor.evaluate(() => {
      const frame = document.querySelector<HTMLIFrameElement>("iframe[name=vista-previa]");
      const block = frame?.contentDocument?.readyState === "complete" ? frame.contentDocument.querySelector('[data-block-id="lo-ultimo"]') : null;
      return block ? block.querySelectorAll("article, li").length : -1;
    });
  await editor.waitForFunction(() => !!document.querySelector("iframe[name=vista-previa]")?.getAttribute("src"));
  await editor.locator('[data-block-id="lo-ultimo"]').click();
  const feedSize = editor.locator("input[id$=feedSize]");
  await feedSize.waitFor();
  // Stories shown per feedSize: measured once at 5, the file's value (the list's items).
  await editor.waitForFunction(() => {
    const frame = document.querySelector<HTMLIFrameElement>("iframe[name=vista-previa]");
    return frame?.contentDocument?.readyState === "complete" && !!frame.contentDocument.querySelector('[data-block-id="lo-ultimo"]');
  });
  const atFive = await shown();
  if (atFive <= 0) throw new Error("la vista previa no muestra la lista «lo-ultimo»");
  const perStory = atFive / 5;
  const formTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const size = 3 + (run % 5);
    const before = await shown();
    const started = performance.now();
    await feedSize.fill(String(size));
    if (before === size * perStory) {
      // Same value as shown already (cannot happen with this sequence, but never wait for nothing).
      continue;
    }
    await editor.waitForFunction(
      ([wanted]) => {
        const frame = document.querySelector<HTMLIFrameElement>("iframe[name=vista-previa]");
        const block = frame?.contentDocument?.readyState === "complete" ? frame.contentDocument.querySelector('[data-block-id="lo-ultimo"]') : null;
        return !!block && block.querySelectorAll("article, li").length === wanted;
      },
      [size * perStory],
      { timeout: 10_000, polling: 10 },
    );
    formTimes.push(performance.now() - started);
  }
  report(`editor, cambio en el formulario → vista previa actualizada en Chromium (${formTimes.length} cambios)`, formTimes);

  // Code: save → the open tab showing it (rebuilt, loaded in place or by a new server process, the
  // tab reloaded by the live-preview script).
  const footerFile = (name: string) => path.join(copy.dir, "blocks", "site-footer", name);
  async function codeEdits(
    label: string,
    file: string,
    change: (text: string, run: number) => string,
    wanted: (run: number) => string,
    shows: (wanted: string) => boolean,
  ) {
    const original = fs.readFileSync(file, "utf8");
    const times: number[] = [];
    await page.waitForFunction(() => (window as any).__vistaEnVivo === true);
    for (let run = 0; run < COMPONENT_RUNS; run++) {
      const started = performance.now();
      fs.writeFileSync(file, change(original, run));
      await page.waitForFunction(shows, wanted(run), { timeout: 600_000, polling: 20 });
      times.push(performance.now() - started);
      await page.waitForFunction(() => (window as any).__vistaEnVivo === true, undefined, { timeout: 600_000 });
    }
    report(`${label} (${COMPONENT_RUNS} guardados)`, times);
  }
  await codeEdits(
    "componente, guardar → pestaña recargada con el código nuevo en Chromium",
    footerFile("SiteFooter.tsx"),
    (text, run) => text.replace("<span>NIT {", `<span>NIT medido ${run} {`),
    (run) => `NIT medido ${run}`,
    (text) => !!document.body?.textContent?.includes(text),
  );
  await codeEdits(
    "estilo, guardar → pestaña recargada con la hoja nueva en Chromium",
    footerFile("styles.module.css"),
    (text, run) => text.replace("margin-top: 3rem;", `margin-top: 3rem;\n  border-top: ${run + 1}px solid;`),
    (run) => `${run + 1}px`,
    (width) => [...document.querySelectorAll("footer")].some((footer) => getComputedStyle(footer).borderTopWidth === width),
  );
  await codeEdits(
    "mitad de servidor, guardar → pestaña recargada por un proceso nuevo en Chromium",
    footerFile("index.server.ts"),
    (text, run) => text.replace("legalName: brand.legalName,", `legalName: \`\${brand.legalName} recargado ${run}\`,`),
    (run) => ` recargado ${run}`,
    (text) => !!document.body?.textContent?.includes(text),
  );
  await browser.close();
} finally {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
  copy.remove();
}
