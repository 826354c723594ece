// npm run migrate:pages [files…] [-- --check]: brings every page definition and layout file (or the
// named ones) to the current schema version with the migrations of server/page-migrations.ts, then
// every block's settings through its type's own migrations (blocks/<type>/migrations.ts), editing
// each file in place (key order and formatting kept): the layout files first, then the pages, which
// the migrations see with the blocks they inherit from those. --check changes nothing and exits 1
// when a file is behind.
import fs from "node:fs";
import path from "node:path";
import { blockMigrations } from "../../blocks/index.server";
import { migratePageText, type MigrationContext } from "../../tooling/migrate";
import { pageMigrations, writtenInheritance } from "../page-migrations";
import { layoutScopeOf, listDefinitionFiles, listLayoutFiles, pagesDir, readPageFiles } from "../project";

const args = process.argv.slice(2);
const check = args.includes("--check");
const named = args.filter((a) => !a.startsWith("--"));
const isLayout = (file: string) => layoutScopeOf(pagesDir, file) !== undefined;
const chosen = named.length ? named.map((f) => path.resolve(f)) : listDefinitionFiles();
const files = [...chosen.filter(isLayout), ...chosen.filter((f) => !isLayout(f))];
let behind = 0;
let failed = 0;
let context: MigrationContext | undefined;
for (const file of files) {
  const relative = path.relative(process.cwd(), file);
  let result;
  try {
    // The pages see the layout files as they are once those are migrated (written, or checked only).
    if (!isLayout(file)) context ??= { inherited: writtenInheritance(readPageFiles(listLayoutFiles(), (f) => path.relative(process.cwd(), f)).sources) };
    result = migratePageText(fs.readFileSync(file, "utf8"), pageMigrations, isLayout(file) ? {} : context, blockMigrations);
  } catch (error) {
    failed++;
    console.error(`${relative}: ${(error as Error).message}`);
    continue;
  }
  if (!result.applied.length) continue;
  behind++;
  if (check) {
    console.error(`${relative}: pendiente\n${result.applied.map((a) => `  ${a}`).join("\n")}`);
    continue;
  }
  fs.writeFileSync(file, result.text);
  const version = result.from === result.to ? `v${result.to}` : `v${result.from} → v${result.to}`;
  console.log(`${relative}: ${version}\n${result.applied.map((a) => `  ${a}`).join("\n")}`);
}
if (!check) console.error(behind ? `${behind} página(s) migradas` : `${files.length - failed} página(s) al día`);
process.exit(failed || (check && behind) ? 1 : 0);
