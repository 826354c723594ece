// The combined schema step of `npm run gen` (server/cli/gen.ts), in a process of its own: writes
// schemas/pages.schema.json, the schema page files point "$schema" at (editors' IDEs autocomplete
// block types and settings from it). With --check it writes nothing and exits 1 when stale.
import fs from "node:fs";
import path from "node:path";
import { combinedSchema, combinedSchemaPath } from "../project";

const text = JSON.stringify(combinedSchema(), null, 2) + "\n";
const current = fs.existsSync(combinedSchemaPath) ? fs.readFileSync(combinedSchemaPath, "utf8") : "";
const relative = path.relative(process.cwd(), combinedSchemaPath);
if (process.argv.includes("--check")) {
  if (current !== text) {
    console.error(`${relative} está desactualizado`);
    process.exit(1);
  }
} else if (current !== text) {
  fs.writeFileSync(combinedSchemaPath, text);
  console.log(`escrito ${relative}`);
}
