// npm run gen:schema [-- --check]: writes schemas/pages.schema.json, the combined schema that page
// files point "$schema" at (editors' IDEs autocomplete block types and settings from it).
import fs from "node:fs";
import path from "node:path";
import { combinedSchema, combinedSchemaPath } from "../project";

const text = JSON.stringify(combinedSchema(), null, 2) + "\n";
const current = fs.existsSync(combinedSchemaPath) ? fs.readFileSync(combinedSchemaPath, "utf8") : "";
const relative = path.relative(process.cwd(), combinedSchemaPath);
if (process.argv.includes("--check")) {
  if (current !== text) {
    console.error(`${relative} está desactualizado: ejecute npm run gen:schema`);
    process.exit(1);
  }
} else if (current !== text) {
  fs.writeFileSync(combinedSchemaPath, text);
  console.log(`escrito ${relative}`);
} else console.log(`${relative} al día`);
