// npm run validate:pages [files…] [--json | --format github]
// Checks every page definition (or the named ones, against all the others for clashes) and prints
// each problem as `file:line:column  /pointer  message  (value)`. Exit 1 on any problem.
import fs from "node:fs";
import path from "node:path";
import { formatProblem, type Problem } from "../../tooling/page-files";
import { listPageFiles, projectValidator, readPageFiles } from "../project";
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
const all = [...new Set([...listPageFiles(), ...namedFiles.filter((f) => !missing.includes(f))])];
const read = readPageFiles(all, relative);
const { problems: validated, pages } = projectValidator().checkAll(read.sources);
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
const checked = named.length ? namedFiles.length : all.length;
if (format !== "json") {
  console.error(problems.length ? `${problems.length} problema(s) en ${new Set(problems.map((p) => p.file)).size} archivo(s)` : `${checked} página(s) válidas`);
}
process.exit(problems.length ? 1 : 0);
