// The block catalogue page (/_bloques/) as an editor's browser gets it from the real server: each
// block's settings by their label (the schema's title, the name when it has none) with type, default
// and description, and the ANS fields its catalogue.json declares (docs/editor-tools.md#block-catalogue).
import { JSDOM } from "jsdom";
import { buildSettingsSchemas } from "../../tooling/schema-builder";
import { startSiteServer, type SiteServer } from "../../tests/support/site-server";
import { schemaInput } from "../project";
import { readCatalogue } from "./catalogue";

let site: SiteServer;
let document: Document;

beforeAll(async () => {
  site = await startSiteServer({ env: { EDITOR: "1" } });
  const answer = await fetch(`${site.origin}/_bloques/`);
  expect(answer.status).toBe(200);
  document = new JSDOM(await answer.text()).window.document;
}, 300_000);
afterAll(() => site?.close());

const section = (type: string) => {
  const found = document.querySelector(`[data-catalogue-block="${type}"]`);
  if (!found) throw new Error(`/_bloques/ no muestra el bloque ${type}`);
  return found;
};
const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

describe("block catalogue page", () => {
  it("lists each setting by its label, with its name, type, default and description", () => {
    const schema = buildSettingsSchemas(schemaInput())["section-listing"];
    const rows = [...section("section-listing").querySelectorAll("tr[data-setting]")];
    expect(rows.map((row) => row.getAttribute("data-setting"))).toEqual(Object.keys(schema.properties));
    for (const row of rows) {
      const name = row.getAttribute("data-setting")!;
      const property = schema.properties[name];
      const [label, type, defaultValue, description] = [...row.children].map((cell) => clean(cell.textContent));
      expect(label.startsWith(property.title ?? name), name).toBe(true);
      if (property.title && property.title !== name) expect(row.querySelector("th code")?.textContent, name).toBe(name);
      expect(type, name).not.toBe("");
      expect(defaultValue, name).toBe(property.default === undefined ? "—" : JSON.stringify(property.default));
      expect(description, name).toBe(clean(property.description));
    }
  });

  it("lists the ANS fields a block declares, and says so of a block that reads none", () => {
    const declared = readCatalogue("article-header")!.ansFields;
    expect(declared).toContain("headlines.basic");
    const shown = [...section("article-header").querySelectorAll("[data-ans-fields] li")].map((item) => item.textContent);
    expect(shown).toEqual(declared);
    expect(readCatalogue("raw-html")!.ansFields).toEqual([]);
    expect(clean(section("raw-html").querySelector("[data-ans-fields]")?.textContent)).toBe("No lee contenido ANS.");
  });

  it("reaches every block from the index by keyboard: a link to each block's section", () => {
    const links = [...document.querySelectorAll('nav[aria-label="Bloques"] a')];
    expect(links.length).toBeGreaterThan(40);
    for (const link of links) expect(document.getElementById(link.getAttribute("href")!.slice(1)), link.getAttribute("href")!).not.toBeNull();
  });
});
