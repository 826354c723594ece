import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { importViolations, projectSources, runtimeImpurities, serverHalfImpurities } from "./import-rules";

describe("import direction", () => {
  it("holds for every file of the project", () => {
    expect(importViolations(projectSources(path.resolve(".")))).toEqual([]);
  });

  it("fails on a planted wrong import, naming the file, the line and the rule", () => {
    const planted = [
      { file: "blocks/latest-stories/index.tsx", text: 'import { x } from "../../domain/ans";\nimport { Site } from "../../server/site";\n' },
      { file: "domain/sections.ts", text: 'import { brands } from "../brands";\n' },
      { file: "runtime/resolve.ts", text: 'import type { AnsDocument } from "../domain/ans";\n' },
      { file: "blocks/most-read/index.tsx", text: 'import type { Data } from "./index.server";\nimport server from "./index.server";\n' },
      // A side-effect import and a require are imports too.
      { file: "domain/brands.ts", text: 'import "./sections";\nimport "../server/log";\n' },
      { file: "brands/soho.ts", text: 'const x = 1;\nconst log = require("../server/log");\n' },
      // A block uses blocks/_shared, never another block (a file, or the folder itself); nor does _shared.
      { file: "blocks/url-section-listing/index.tsx", text: 'import { Shared } from "../_shared/cards";\nimport View from "../section-listing";\n' },
      { file: "blocks/_shared/outputs.ts", text: 'import { bodyItems } from "../article-body/items";\n' },
      // The runtime imports nothing of ours, not even the build tooling.
      { file: "runtime/validate.ts", text: 'import { JsonDocument } from "../tooling/json-position";\n' },
      // Accounts is a product of its own: it imports nothing of the page server or of the blocks, and
      // the page side uses only its public interface; the platform serves both and imports neither.
      {
        file: "accounts/sales/checkout.ts",
        text: 'import { createSite } from "../../server/site";\nimport { session } from "../../blocks/_shared/accounts/session";\n',
      },
      { file: "server/paywall.ts", text: 'import { freeForEverybody } from "../accounts";\nimport { entitlementFor } from "../accounts/entitlement";\n' },
      { file: "platform/log.ts", text: 'import { accountsMigrations } from "../accounts";\n' },
      { file: "blocks/login-modal/index.tsx", text: 'import { ACCESS_TOKEN_COOKIE } from "../../accounts";\n' },
      // The registries at blocks/'s top import every block.
      { file: "blocks/index.server.ts", text: 'import sectionListing from "./section-listing/index.server";\n' },
    ];
    const violations = importViolations(planted);
    expect(violations.map((v) => `${v.file}:${v.line} ${v.specifier}`)).toEqual([
      "blocks/latest-stories/index.tsx:2 ../../server/site",
      "domain/sections.ts:1 ../brands",
      "runtime/resolve.ts:1 ../domain/ans",
      "blocks/most-read/index.tsx:2 ./index.server",
      "domain/brands.ts:2 ../server/log",
      "brands/soho.ts:2 ../server/log",
      "blocks/url-section-listing/index.tsx:2 ../section-listing",
      "blocks/_shared/outputs.ts:1 ../article-body/items",
      "runtime/validate.ts:1 ../tooling/json-position",
      "accounts/sales/checkout.ts:1 ../../server/site",
      "accounts/sales/checkout.ts:2 ../../blocks/_shared/accounts/session",
      "server/paywall.ts:2 ../accounts/entitlement",
      "platform/log.ts:1 ../accounts",
      "blocks/login-modal/index.tsx:1 ../../accounts",
    ]);
    expect(violations[0].rule).toContain("blocks/ no puede importar server/");
    expect(violations[3].rule).toContain("solo importa tipos");
    expect(violations[6].rule).toContain("un bloque no importa otro bloque (section-listing)");
    expect(violations[9].rule).toContain("accounts/ no puede importar server/");
    expect(violations[11].rule).toContain("solo se importa su interfaz pública (accounts/index.ts)");
  });
});

describe("the login modal", () => {
  it("has one host, mounted by the document, not by the blocks that open it", () => {
    const mounting = projectSources(path.resolve("."))
      .filter(({ file, text }) => !/\.test\.tsx?$/.test(file) && /import \{ LoginModalHost \}/.test(text))
      .map(({ file }) => file);
    expect(mounting).toEqual(["server/app/root.tsx"]);
  });
});

describe("the runtime", () => {
  it("reads no file and names no ANS field", () => {
    expect(runtimeImpurities(projectSources(path.resolve(".")))).toEqual([]);
  });

  it("fails on a planted file read and a planted ANS field, naming the file and the line", () => {
    const planted = [
      { file: "runtime/registry.ts", text: 'import fs from "node:fs";\nconst blocks = fs.readdirSync("blocks");\n' },
      { file: "runtime/resolve.ts", text: "const ok = 1;\nconst empty = (answer: any) => answer.content_elements.length === 0;\n" },
      // Tests of the runtime may use anything.
      { file: "runtime/resolve.test.tsx", text: 'import fs from "node:fs";\nconst x = { content_elements: [] };\n' },
    ];
    expect(runtimeImpurities(planted).map((v) => `${v.file}:${v.line} ${v.specifier}`)).toEqual([
      'runtime/registry.ts:1 from "node:fs"',
      "runtime/resolve.ts:2 content_elements",
    ]);
  });
});

describe("server halves of blocks", () => {
  const root = path.resolve(".");
  const entries = fs
    .readdirSync(path.join(root, "blocks"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".server.ts"))
    .map((file) => `blocks/${file.split(path.sep).join("/")}`);

  it("are caught reaching a component through a shared module", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "server-half-"));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write("blocks/x/index.server.ts", 'import type { Props } from "./View";\nimport { feed } from "../_shared/feed";\n');
    write("blocks/_shared/feed.ts", 'import { Card } from "./Card";\nexport const feed = 1;\n');
    write("blocks/_shared/Card.tsx", 'import styles from "./Card.module.css";\n');
    expect(serverHalfImpurities(dir, "blocks/x/index.server.ts")).toEqual(["blocks/x/index.server.ts: ../_shared/feed → ./Card"]);
  });

  it.each(entries)("%s imports no component, stylesheet or browser package, however indirectly", (entry) => {
    expect(serverHalfImpurities(root, entry)).toEqual([]);
  });
});
