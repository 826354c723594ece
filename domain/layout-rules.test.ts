import { describe, expect, it } from "vitest";
import rulesJson from "../page-definitions/layout-rules.json";
import { chooseTemplate, layoutRulesSchema } from "./layout-rules";

const rules = layoutRulesSchema.parse(rulesJson);
const doc = (sections: string[], primary?: string) => ({
  taxonomy: { sections: sections.map((_id) => ({ _id })), primary_section: primary ? { _id: primary, path: primary } : undefined },
});

describe("article layout rules (docs/article-pages.md#layouts)", () => {
  it.each([
    [doc(["/galerias"], "/galerias"), "article-gallery"],
    [doc(["/gente"], "/gente/galeria"), "article-gallery"],
    [doc(["/caricaturas/galeria"], "/caricaturas/galeria"), "article-default"],
    [doc(["/galerias"], "/caricaturas/galeria"), "article-default"],
    [doc(["/especiales"], "/nacion"), "article-special"],
    [doc(["/cultura"], "/especiales-editoriales"), "article-special"],
    [doc(["/cultura"], "/especiales-multimedia/la-paz"), "article-special"],
    [doc(["/live", "/nacion"], "/nacion"), "article-live"],
    [doc(["/confidenciales"], "/confidenciales"), "article-confidenciales"],
    [doc(["/videos"], "/videos"), "article-video"],
    [doc(["/semanaplay"], "/semanaplay"), "article-video-article"],
    [doc(["/nacion"], "/nacion"), "article-default"],
    [{}, "article-default"],
  ])("%j → %s", (document, template) => {
    expect(chooseTemplate(rules, document)).toBe(template);
  });

  it("rejects a rule file with an unknown condition", () => {
    const result = layoutRulesSchema.safeParse({ rules: [{ template: "x", when: [{ seccion: ["/a"] }] }], default: "d" });
    expect(result.success).toBe(false);
  });
});
