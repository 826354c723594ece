// The layout rules file as the server reads it at start: a broken file or a rule naming a template
// no page defines stops the server with the file, line and column, before it takes a reader.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CheckedPage } from "../tooling/page-files";
import { InvalidPagesError, layoutRuleProblems, loadLayoutRules } from "./load-pages";

const pages = ["article-default", "not-found", "error"].map(
  (template) => ({ file: `${template}.json`, page: { id: template, brand: "semana", template } }) as unknown as CheckedPage,
);
let dir = "";
const rulesFile = (text: string) => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "reglas-"));
  fs.writeFileSync(path.join(dir, "layout-rules.json"), text);
  return dir;
};
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the layout rules file at start-up", () => {
  it("names the file, line and column of a truncated file", () => {
    const problems = layoutRuleProblems(pages, rulesFile('{\n  "default": "article-default",\n  "rules": ['));
    expect(problems[0].file).toMatch(/layout-rules\.json$/);
    expect(problems[0]).toMatchObject({ line: 3 });
    expect(() => loadLayoutRules(pages, dir)).toThrow(InvalidPagesError);
  });

  it("refuses a rule that points at a template no page defines", () => {
    const text = JSON.stringify({ default: "article-default", rules: [{ when: [{ section: ["/galerias"] }], template: "article-gallery" }] }, null, 2);
    expect(() => loadLayoutRules(pages, rulesFile(text))).toThrow(
      /layout-rules\.json:\d+:\d+ {2}\/rules\/0\/template {2}ninguna página define esta plantilla {2}\("article-gallery"\)/,
    );
  });

  it("names a wrong shape in Spanish", () => {
    const text = JSON.stringify({ default: "article-default", rules: [{ when: { section: "/galerias" }, template: "article-default" }] }, null, 2);
    expect(layoutRuleProblems(pages, rulesFile(text))[0]).toMatchObject({
      pointer: "/rules/0/when",
      message: "Entrada inválida: se esperaba arreglo, recibido objeto",
    });
  });

  it("loads rules whose templates all exist", () => {
    expect(loadLayoutRules(pages, rulesFile(JSON.stringify({ default: "article-default", rules: [] }))).default).toBe("article-default");
  });
});
