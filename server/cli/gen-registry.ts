// npm run gen:registry [-- --check]: writes blocks/index.ts (components by type, for the browser and
// the server render) and blocks/index.server.ts (server halves by type) from the block folders.
import path from "node:path";
import { listBlockFolders, writeBlockRegistries } from "../../tooling/block-files";

const check = process.argv.includes("--check");
const blocksDir = path.resolve("blocks");
const stale = writeBlockRegistries(blocksDir, check);
for (const file of stale) {
  const relative = path.relative(process.cwd(), file);
  if (check) console.error(`${relative} está desactualizado: ejecute npm run gen:registry`);
  else console.log(`escrito ${relative}`);
}
if (check && stale.length) process.exit(1);
if (!stale.length) console.log(`registros de bloques al día (${listBlockFolders(blocksDir).length} bloques)`);
