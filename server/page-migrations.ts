// The migrations of page definitions, in order (tooling/migrate.ts). `npm run migrate:pages` applies
// them; the validator refuses a file whose version is not the current one and names that command.
import type { PageChange, PageMigration } from "../tooling/migrate";

function forEachBlockSettings(page: any, visit: (settings: any, path: Array<string | number>) => void) {
  for (const [region, blocks] of Object.entries<any>(page?.regions ?? {})) {
    if (!Array.isArray(blocks)) continue;
    blocks.forEach((block, index) => {
      if (block?.settings && typeof block.settings === "object") visit(block.settings, ["regions", region, index, "settings"]);
    });
  }
}

export const pageMigrations: PageMigration[] = [
  {
    to: 2,
    description: "los ids de colección ya no llevan la marca delante («fucsia-lo-ultimo» → «lo-ultimo»): cada marca tiene sus colecciones",
    changes(page) {
      const changes: PageChange[] = [];
      const prefix = typeof page?.brand === "string" ? `${page.brand}-` : undefined;
      if (!prefix) return changes;
      forEachBlockSettings(page, (settings, path) => {
        if (typeof settings.collectionId === "string" && settings.collectionId.startsWith(prefix)) {
          changes.push({ path: [...path, "collectionId"], value: settings.collectionId.slice(prefix.length) });
        }
      });
      return changes;
    },
  },
];
