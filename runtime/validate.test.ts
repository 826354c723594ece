// The page checks on a parsed page definition, wherever it is kept: findings by JSON pointer, no file.
// Their wording and every check are tested through page files (tooling/page-files.test.ts).
import { describe, expect, it } from "vitest";
import { testRegistry, testValidatorSchemas } from "../tests/support/runtime-fixtures";
import { createPageChecker, pageClashes } from "./validate";

const checker = createPageChecker({ ...testValidatorSchemas, registry: testRegistry() });
const page = (main: unknown[], overrides: Record<string, unknown> = {}) => ({
  id: "portada",
  brand: "semana",
  route: "/",
  layout: "main-sidebar",
  metadata: { title: "Portada" },
  regions: { main },
  ...overrides,
});

describe("page checks on a parsed page", () => {
  it("name each problem by its pointer and value, the misplaced property at its name", () => {
    const { page: checked, findings } = checker.check(page([{ type: "story-list", id: "a", settings: { feedSize: 0, colour: "rojo" } }]));
    expect(checked).toBeUndefined();
    expect(findings).toEqual([
      expect.objectContaining({ pointer: "/regions/main/0/settings/colour", value: "colour", atKey: true }),
      expect.objectContaining({ pointer: "/regions/main/0/settings/feedSize", value: 0 }),
    ]);
  });

  it("give a good page back with its defaults filled in", () => {
    const { page: checked, findings } = checker.check(page([{ type: "story-list", id: "a", settings: { section: "/nacion" } }]));
    expect(findings).toEqual([]);
    expect(checked?.regions.main[0].settings).toMatchObject({ published: false, section: "/nacion", feedSize: expect.any(Number) });
  });

  it("find the same route twice in a brand, on the later page", () => {
    const pages = [
      { name: "semana/portada.json", page: page([]) },
      { name: "semana/otra.json", page: page([], { id: "otra" }) },
      { name: "soho/portada.json", page: page([], { id: "soho-portada", brand: "soho" }) },
    ];
    expect(pageClashes(pages).map(({ of, finding }) => `${of.name} ${finding.pointer} ${finding.message}`)).toEqual([
      "semana/otra.json /route la ruta choca con la de semana/portada.json (misma marca «semana»)",
    ]);
  });
});
