import path from "node:path";
import { brokenCitations, docCitations, headingAnchors, projectTexts } from "./doc-anchors";

const root = path.resolve(".");
const THIS_TEST = "tests/architecture/doc-anchors.test.ts";

describe("citations of the documents", () => {
  it("name a document, a decision record and a heading that exist, in every file of the project", () => {
    const citations = docCitations(projectTexts(root).filter(({ file }) => file !== THIS_TEST));
    // The scan finds the comments' citations at all (a broken pattern would pass on nothing).
    expect(citations.length).toBeGreaterThan(600);
    expect(brokenCitations(root, citations).map((c) => `${c.file}:${c.line} ${c.cited}: ${c.problem}`)).toEqual([]);
  });

  it("fail on a planted citation of a missing heading, document or record, naming the file and the line", () => {
    const planted = [
      { file: "server/x.ts", text: "// ok: docs/article-pages.md#byline\n// docs/article-pages.md#firma-del-autor\n" },
      { file: "blocks/y/index.tsx", text: "/* docs/no-such-page.md */\nconst a = 1; // docs/decisions/0999\n" },
      { file: "docs/z.md", text: "# Z\n\nSee [byline](article-pages.md#byline), [the top](#z) and [gone](#nowhere).\n" },
    ];
    const broken = brokenCitations(root, docCitations(planted), planted);
    expect(broken.map((c) => `${c.file}:${c.line} ${c.cited}`)).toEqual([
      "server/x.ts:2 docs/article-pages.md#firma-del-autor",
      "blocks/y/index.tsx:1 docs/no-such-page.md",
      "blocks/y/index.tsx:2 docs/decisions/0999",
      "docs/z.md:3 docs/z.md#nowhere",
    ]);
    expect(broken[0].problem).toBe("docs/article-pages.md no tiene el encabezado #firma-del-autor");
  });
});

describe("heading anchors", () => {
  it("are GitHub's: lower case, punctuation and Markdown dropped, spaces as hyphens, repeats numbered", () => {
    const anchors = headingAnchors(
      [
        "# Decision records",
        "## `LOG_LEVEL` and the logger (0005)",
        "## Sign-in, sign-up & social",
        "### Señal de Semana TV",
        "## Notes",
        "## Notes",
        "```",
        "## not a heading",
        "```",
        '<a id="custom-anchor"></a>',
      ].join("\n"),
    );
    expect([...anchors]).toEqual([
      "decision-records",
      "log_level-and-the-logger-0005",
      "sign-in-sign-up--social",
      "señal-de-semana-tv",
      "notes",
      "notes-1",
      "custom-anchor",
    ]);
  });
});
