import path from "node:path";
import { importViolations, projectSources } from "./import-rules";

describe("import direction", () => {
  it("holds for every file of the project", () => {
    expect(importViolations(projectSources(path.resolve(".")))).toEqual([]);
  });

  it("fails on a planted wrong import, naming the file, the line and the rule", () => {
    const planted = [
      { file: "blocks/latest-stories/index.tsx", text: 'import { x } from "../../domain/ans";\nimport { openDatabase } from "../../server/db/database";\n' },
      { file: "domain/sections.ts", text: 'import { brands } from "../brands";\n' },
      { file: "runtime/resolve.ts", text: 'import type { AnsDocument } from "../domain/ans";\n' },
      { file: "blocks/most-read/index.tsx", text: 'import type { Data } from "./index.server";\nimport server from "./index.server";\n' },
    ];
    const violations = importViolations(planted);
    expect(violations.map((v) => `${v.file}:${v.line} ${v.specifier}`)).toEqual([
      "blocks/latest-stories/index.tsx:2 ../../server/db/database",
      "domain/sections.ts:1 ../brands",
      "runtime/resolve.ts:1 ../domain/ans",
      "blocks/most-read/index.tsx:2 ./index.server",
    ]);
    expect(violations[0].rule).toContain("blocks/ no puede importar server/");
    expect(violations[3].rule).toContain("solo importa tipos");
  });
});
