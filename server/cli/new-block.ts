// npm run new:block <name> [-- --root <dir>]: scaffolds blocks/<name>/ (schema.json, the server half
// index.server.ts, the component index.tsx, styles.module.css, a test, the catalogue's example) and
// runs npm run gen (its settings.ts, the block registries, schemas/pages.schema.json). The new block
// passes the tests as it is: a section listing to adapt.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const rootIndex = args.indexOf("--root");
const root = path.resolve(rootIndex >= 0 ? args[rootIndex + 1] : ".");
// The name is the first argument that is not an option or the --root folder.
const name = args.find((a, i) => !a.startsWith("--") && (rootIndex < 0 || i !== rootIndex + 1));

if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
  console.error("uso: npm run new:block <nombre-en-kebab-case>   (ej.: npm run new:block lo-mas-leido)");
  process.exit(2);
}
const dir = path.join(root, "blocks", name);
if (fs.existsSync(dir)) {
  console.error(`ya existe blocks/${name}/`);
  process.exit(1);
}
const identifier = name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const component = identifier[0].toUpperCase() + identifier.slice(1);
const common = (setting: string) => ({ $ref: `../../schemas/block-settings.schema.json#/definitions/${setting}` });

const schema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: component,
  description: "Describa aquí qué muestra el bloque a los lectores.",
  type: "object",
  additionalProperties: false,
  properties: {
    published: common("published"),
    title: common("title"),
    section: { ...common("section"), default: "/nacion" },
    feedSize: common("feedSize"),
  },
};

const server = `import type { AnsFeed } from "../../domain/ans";
import { defineBlockServer } from "../../runtime/define";
import type { Settings } from "./settings";

/** Exactly what the component renders: this travels to the browser. */
export interface Data {
  items: Array<{ id: string; headline: string; url: string }>;
}

/** ${component}: the latest stories of a section (the server half: what to fetch and what to keep). */
export default defineBlockServer<Settings, Data>({
  fetch: (settings, context) => ({
    stories: {
      source: "content-apir",
      query: { website: context.brand, includeSections: settings.section ?? "/nacion", feedSize: settings.feedSize ?? 6 },
    },
  }),
  transform: (data) => ({
    items: ((data.stories as AnsFeed | undefined)?.content_elements ?? []).map((story) => ({
      id: story._id,
      headline: story.headlines?.basic ?? "",
      url: story.canonical_url ?? "#",
    })),
  }),
  isEmpty: (data) => data.items.length === 0,
});
`;

const index = `import type { BlockProps } from "../../runtime/types";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** ${component}: the latest stories of a section, as a list of headlines. */
export default function ${component}({ settings, data }: BlockProps<Settings, Data>) {
  return (
    <section className={styles.root}>
      {settings.title && <h2 className={styles.title}>{settings.title}</h2>}
      <ul className={styles.list}>
        {data.items.map((item) => (
          <li key={item.id}>
            <a href={item.url}>{item.headline}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
`;

const styles = `.root {
  margin-block: 1.5rem;
}

.title {
  font-family: var(--font-heading);
  color: var(--color-primary);
}

.list {
  display: grid;
  gap: 0.75rem;
  padding: 0;
  list-style: none;
}
`;

const test = `// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ${component} from "./index";
import server from "./index.server";

const context = { brand: "semana", path: "/", params: {}, query: {} };
const settings = { published: true, title: "Lo último", section: "/nacion", feedSize: 2 };
const feed = {
  type: "results",
  count: 2,
  content_elements: [
    { _id: "a", type: "story", headlines: { basic: "Primera noticia" }, canonical_url: "/nacion/articulo/primera/" },
    { _id: "b", type: "story", headlines: { basic: "Segunda noticia" }, canonical_url: "/nacion/articulo/segunda/" },
  ],
};

describe("${name}", () => {
  it("asks its section's latest stories", () => {
    expect(server.fetch!(settings, context)).toEqual({
      stories: { source: "content-apir", query: { website: "semana", includeSections: "/nacion", feedSize: 2 } },
    });
  });

  it("shows the title and each headline as a link", () => {
    const data = server.transform!({ stories: feed }, settings, context);
    render(<${component} id="x" pageId="p" settings={settings} data={data} />);
    expect(screen.getByRole("heading", { name: "Lo último" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Segunda noticia" }).getAttribute("href")).toBe("/nacion/articulo/segunda/");
  });

  it("is empty without stories", () => {
    expect(server.isEmpty!(server.transform!({ stories: { ...feed, content_elements: [] } }, settings, context), settings)).toBe(true);
  });
});
`;

fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "schema.json"), JSON.stringify(schema, null, 2) + "\n");
fs.writeFileSync(path.join(dir, "index.server.ts"), server);
fs.writeFileSync(path.join(dir, "index.tsx"), index);
fs.writeFileSync(path.join(dir, "styles.module.css"), styles);
fs.writeFileSync(path.join(dir, `${name}.test.tsx`), test);
// The block catalogue's example (/_bloques/, docs/decisions/0018-editor-tools.md): the new block appears there untouched;
// and the ANS fields its transform reads (docs/architecture.md#ans-fields).
const catalogue = {
  examples: [{ name: "Valores por defecto", brand: "semana", settings: { title: component, section: "/nacion", feedSize: 4 } }],
  ansFields: ["_id", "canonical_url", "headlines.basic"],
};
fs.writeFileSync(path.join(dir, "catalogue.json"), JSON.stringify(catalogue, null, 2) + "\n");
// Its settings.ts, the registries and the combined schema: every derived file, as npm run gen writes them.
execFileSync(process.execPath, [...process.execArgv, path.join(root, "server", "cli", "gen.ts")], { cwd: root, stdio: "inherit" });
console.log(`blocks/${name}/ creado y registrado. Siguientes pasos:
  1. edite blocks/${name}/schema.json (cada ajuste con su title y su description) y ejecute npm run gen
  2. adapte fetch y transform en blocks/${name}/index.server.ts y el componente en blocks/${name}/index.tsx
  3. npx vitest run blocks/${name}
  4. úselo en una página de page-definitions/ y ejecute npm run validate:pages`);
