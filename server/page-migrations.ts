// The migrations of page definitions, in order (tooling/migrate.ts). `npm run migrate:pages` applies
// them; the validator refuses a file whose version is not the current one and names that command.
import { pageBlocks, type PageChange, type PageMigration } from "../tooling/migrate";

export const pageMigrations: PageMigration[] = [
  {
    to: 2,
    description: "los ids de colección ya no llevan la marca delante («fucsia-lo-ultimo» → «lo-ultimo»): cada marca tiene sus colecciones",
    changes(page) {
      const changes: PageChange[] = [];
      const prefix = typeof page?.brand === "string" ? `${page.brand}-` : undefined;
      if (!prefix) return changes;
      for (const { block, path } of pageBlocks(page)) {
        const collectionId = block?.settings?.collectionId;
        if (typeof collectionId === "string" && collectionId.startsWith(prefix)) {
          changes.push({ path: [...path, "settings", "collectionId"], value: collectionId.slice(prefix.length) });
        }
      }
      return changes;
    },
  },
];
