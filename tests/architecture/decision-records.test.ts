// The decision records' shape (docs/decisions/README.md): a numbered title, a Date and a Status
// (Accepted, or Superseded by a record that exists), and a row in the index.
import fs from "node:fs";
import path from "node:path";

const DIR = path.resolve("docs/decisions");
const records = fs
  .readdirSync(DIR)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .sort();

/** What is wrong with one record's text, given the record files that exist. */
function recordProblems(name: string, text: string, existing: string[]): string[] {
  const problems: string[] = [];
  const number = name.slice(0, 4);
  if (!text.startsWith(`# ${number} — `)) problems.push(`${name}: el título debe empezar por «# ${number} — »`);
  const date = /^- Date: (\d{4}-\d{2}-\d{2})$/m.exec(text);
  if (!date || Number.isNaN(Date.parse(date[1]))) problems.push(`${name}: falta la línea «- Date: AAAA-MM-DD»`);
  const status = /^- Status: (.+)$/m.exec(text);
  if (!status || !/^(Accepted|Superseded by \d{4})\b/.test(status[1])) {
    problems.push(`${name}: falta la línea «- Status: Accepted» o «- Status: Superseded by NNNN»`);
  }
  // Every record a status names (superseded by, in part superseded by) exists.
  for (const [, cited] of (status?.[1] ?? "").matchAll(/superseded by \[?(\d{4})/gi)) {
    if (!existing.some((other) => other.startsWith(`${cited}-`))) problems.push(`${name}: el registro ${cited} no existe`);
  }
  return problems;
}

describe("decision records", () => {
  it("each carry a numbered title, a Date and a Status", () => {
    expect(records.length).toBeGreaterThan(40);
    expect(records.flatMap((name) => recordProblems(name, fs.readFileSync(path.join(DIR, name), "utf8"), records))).toEqual([]);
  });

  it("are each listed once in docs/decisions/README.md", () => {
    const index = fs.readFileSync(path.join(DIR, "README.md"), "utf8");
    const listed = [...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\)/gm)].map((m) => m[2]);
    expect(listed).toEqual(records);
  });

  it("fail on a record without a Date, or superseded by one that does not exist", () => {
    const planted = "# 0099 — Something\n\n- Status: Superseded by 0098\n\n## Context\n";
    expect(recordProblems("0099-something.md", planted, records)).toEqual([
      "0099-something.md: falta la línea «- Date: AAAA-MM-DD»",
      "0099-something.md: el registro 0098 no existe",
    ]);
  });
});
