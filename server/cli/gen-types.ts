// npm run gen:types [-- --check]: writes blocks/<type>/settings.ts from each schema.json.
// With --check it writes nothing and exits 1 when a committed file is stale.
import fs from "node:fs";
import path from "node:path";
import { listBlockFolders, settingsTypesSource } from "../../tooling/block-files";

const check = process.argv.includes("--check");
const blocksDir = path.resolve("blocks");
let stale = 0;
for (const folder of listBlockFolders(blocksDir)) {
  const source = await settingsTypesSource(folder);
  const current = fs.existsSync(folder.settingsTypesPath) ? fs.readFileSync(folder.settingsTypesPath, "utf8") : "";
  if (current === source) continue;
  stale++;
  if (check) console.error(`${path.relative(process.cwd(), folder.settingsTypesPath)} está desactualizado: ejecute npm run gen:types`);
  else {
    fs.writeFileSync(folder.settingsTypesPath, source);
    console.log(`escrito ${path.relative(process.cwd(), folder.settingsTypesPath)}`);
  }
}
if (check && stale) process.exit(1);
if (!check) console.log(stale ? `${stale} archivo(s) de tipos actualizados` : "tipos al día");
