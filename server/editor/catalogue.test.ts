// Every registered block has a catalogue entry (blocks/<type>/catalogue.json) whose examples are
// valid settings, so that /_bloques/ shows it.
import fs from "node:fs";
import { currentVersion } from "../../tooling/migrate";
import { pageMigrations } from "../page-migrations";
import { projectRegistry, projectValidator } from "../project";
import { catalogueEntries, catalogueFile, readCatalogue } from "./catalogue";

describe("block catalogue", () => {
  const registry = projectRegistry();
  const entries = catalogueEntries(registry, projectValidator(registry), currentVersion(pageMigrations));

  it("has an entry for every registered block", () => {
    const missing = [...registry.blocks.keys()].filter((type) => !fs.existsSync(catalogueFile(type)) || !readCatalogue(type)?.examples.length);
    expect(missing, "bloques sin blocks/<tipo>/catalogue.json (npm run new:block lo crea)").toEqual([]);
    expect(entries.map((entry) => entry.type)).toEqual([...registry.blocks.keys()].sort());
  });

  it("has examples the validator accepts, with a settings table from the schema", () => {
    for (const entry of entries) {
      for (const example of entry.examples) expect(example.problems, `${entry.type}: ${example.name}`).toEqual([]);
      expect(
        entry.settings.some((setting) => setting.name === "published"),
        entry.type,
      ).toBe(true);
    }
  });

  it("shows blocks with a background on both", () => {
    const withBackground = entries.filter((entry) => entry.settings.some((setting) => setting.name === "background"));
    expect(withBackground.length).toBeGreaterThan(0);
    for (const entry of withBackground) expect(entry.examples[0].urls.map((u) => u.background)).toEqual(["White", "Dark"]);
  });
});
