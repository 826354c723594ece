// npm run validate:pages [files…] [--json | --format github]
// Checks every page definition and layout file (or the named ones, against all the others for clashes
// and inheritance) and prints each problem as `file:line:column  /pointer  message  (value)`; for a
// page named, the blocks it inherits and the layout file each comes from. Exit 1 on any problem.
import fs from "node:fs";
import path from "node:path";
import { inheritedById } from "../../runtime/inherited-blocks";
import { formatProblem, type Problem } from "../../tooling/page-files";
import { listDefinitionFiles, projectValidator, readPageFiles } from "../project";
import { layoutRuleProblems } from "../load-pages";

const args = process.argv.slice(2);
const named: string[] = [];
let format = "text";
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--json") format = "json";
  else if (args[i] === "--format") format = args[++i] ?? "";
  else if (args[i].startsWith("--format=")) format = args[i].slice("--format=".length);
  else named.push(args[i]);
}
if (!["text", "json", "github"].includes(format)) {
  console.error(`formato desconocido «${format}»: use text, json o github`);
  process.exit(2);
}

const cwd = process.cwd();
const relative = (file: string) => path.relative(cwd, path.resolve(file)) || file;
const namedFiles = named.map((f) => path.resolve(f));
const missing = namedFiles.filter((f) => !fs.existsSync(f));
const all = [...new Set([...listDefinitionFiles(), ...namedFiles.filter((f) => !missing.includes(f))])];
const read = readPageFiles(all, relative);
const { problems: validated, pages, inherited } = projectValidator().checkAll(read.sources);
const found = [...read.problems, ...validated];
// The layout rules must name templates the default brand defines (every brand can use them).
found.push(...layoutRuleProblems(pages));
const wanted = new Set(namedFiles.map(relative));
const problems: Problem[] = [
  ...missing.map((f) => ({ file: relative(f), line: 1, column: 1, pointer: "", message: "el archivo no existe" })),
  ...(named.length ? found.filter((p) => wanted.has(p.file)) : found),
];

if (format === "json") {
  console.log(JSON.stringify(problems, null, 2));
} else if (format === "github") {
  // GitHub Actions workflow commands: the problem shows on the line of the pull request's diff.
  const escape = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  for (const p of problems) {
    console.log(
      `::error file=${p.file},line=${p.line},col=${p.column},title=Página inválida::${escape(`${p.pointer || "/"} ${p.message}${p.value === undefined ? "" : `  (${JSON.stringify(p.value)})`}`)}`,
    );
  }
} else {
  for (const p of problems) console.log(formatProblem(p));
}
// What each page named inherits, and from which layout file (docs/decisions/0074-layouts-own-the-shared-blocks.md).
if (format === "text") {
  for (const { file, page } of pages.filter(({ file }) => wanted.has(file))) {
    const from = inheritedById(page.layout ? (inherited(page.brand, page.layout) ?? {}) : {});
    const lines = Object.entries(page.regions).flatMap(([region, blocks]) =>
      blocks.flatMap((b) => {
        const what = b.inherited ? `de ${b.inherited}` : from.has(b.id) ? `sustituye al de ${from.get(b.id)!.inherited}` : undefined;
        return what ? [`  /regions/${region}  ${b.id} (${b.type})  ${what}`] : [];
      }),
    );
    const hidden = page.hide?.map((id) => `  oculta ${id} (${from.get(id)?.type})  de ${from.get(id)?.inherited}`) ?? [];
    if (lines.length || hidden.length) console.error([`${file}: bloques heredados del diseño «${page.layout}»`, ...lines, ...hidden].join("\n"));
  }
}
const checked = named.length ? namedFiles.map(relative) : read.sources.map((source) => source.file);
const layoutFiles = read.sources.filter((source) => source.layout && checked.includes(source.file)).length;
if (format !== "json") {
  const pages = `${checked.length - layoutFiles} página(s)`;
  const valid = layoutFiles ? `${pages} y ${layoutFiles} archivo(s) de diseño válidos` : `${pages} válidas`;
  console.error(problems.length ? `${problems.length} problema(s) en ${new Set(problems.map((p) => p.file)).size} archivo(s)` : valid);
}
process.exit(problems.length ? 1 : 0);
