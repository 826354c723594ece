// npm run gen [-- --check]: writes every file derived from the block folders — each block's
// settings.ts (from its schema.json), the two registries (blocks/index.ts, blocks/index.server.ts)
// and the combined schema page files point "$schema" at (schemas/pages.schema.json). With --check it
// writes nothing and exits 1 when one is stale (blocks/blocks.test.ts fails then too, in npm test).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { listBlockFolders, settingsTypesSource, writeBlockRegistries } from "../../tooling/block-files";

const check = process.argv.includes("--check");
const blocksDir = path.resolve("blocks");
const relative = (file: string) => path.relative(process.cwd(), file);
const stale: string[] = [];

for (const folder of listBlockFolders(blocksDir)) {
  const source = await settingsTypesSource(folder);
  const current = fs.existsSync(folder.settingsTypesPath) ? fs.readFileSync(folder.settingsTypesPath, "utf8") : "";
  if (current === source) continue;
  stale.push(folder.settingsTypesPath);
  if (!check) fs.writeFileSync(folder.settingsTypesPath, source);
}
stale.push(...writeBlockRegistries(blocksDir, check));
for (const file of stale) console[check ? "error" : "log"](check ? `${relative(file)} está desactualizado` : `escrito ${relative(file)}`);

// The combined schema reads the block registry, which may have just changed: a new process imports it.
const schema = spawnSync(process.execPath, [...process.execArgv, path.join(import.meta.dirname, "gen-schema.ts"), ...(check ? ["--check"] : [])], {
  stdio: "inherit",
});
if (check && (stale.length || schema.status !== 0)) {
  console.error("ejecute npm run gen");
  process.exit(1);
}
if (schema.status !== 0) process.exit(schema.status ?? 1);
if (!check) console.log(stale.length ? `${stale.length} archivo(s) regenerados` : `archivos derivados al día (${listBlockFolders(blocksDir).length} bloques)`);
