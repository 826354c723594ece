// The editors' and developers' commands, run as they run them: validate:pages and new:block.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(".");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cli-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function run(script: string, args: string[], cwd = root) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "--import", path.join(root, "server/node/register-css.mjs"), path.join(root, script), ...args], { cwd, encoding: "utf8", timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const brokenPage = `{
  "$schema": "../../schemas/pages.schema.json",
  "id": "prueba-cli",
  "brand": "semana",
  "route": "/prueba-cli/",
  "layout": "main-sidebar",
  "regions": {
    "main": [
      { "type": "seo-title", "id": "titulo", "settings": { "published": "sí", "text": "Prueba" } },
      { "type": "seo-titel", "id": "otro" }
    ]
  }
}
`;

describe("npm run validate:pages", () => {
  const file = path.join(tmp, "rota.json");
  fs.writeFileSync(file, brokenPage);

  it("prints each problem as file:line:column  pointer  message  (value) and exits 1", () => {
    const { status, stdout, stderr } = run("server/cli/validate-pages.ts", [file]);
    expect(status).toBe(1);
    const rel = path.relative(root, file);
    expect(stdout.trim().split("\n")).toEqual([
      `${rel}:9:73  /regions/main/0/settings/published  debe ser true o false  ("sí")`,
      expect.stringMatching(new RegExp(`^${rel.replace(/[.]/g, "\\.")}:10:17  /regions/main/1/type  tipo de bloque desconocido; ¿quiso decir «seo-title»\\? .*\\("seo-titel"\\)$`)),
    ]);
    expect(stderr).toContain("2 problema(s) en 1 archivo(s)");
  });

  it("prints the same as JSON with --json, and GitHub annotations with --format github", () => {
    const json = run("server/cli/validate-pages.ts", ["--json", file]);
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout)[0]).toMatchObject({ line: 9, column: 73, pointer: "/regions/main/0/settings/published", value: "sí" });
    const github = run("server/cli/validate-pages.ts", ["--format", "github", file]);
    expect(github.stdout.split("\n")[0]).toBe(
      `::error file=${path.relative(root, file)},line=9,col=73,title=Página inválida::/regions/main/0/settings/published debe ser true o false  ("sí")`,
    );
  });

  it("reports malformed JSON where it breaks, and exits 0 on the repository's own pages", () => {
    const bad = path.join(tmp, "mal.json");
    fs.writeFileSync(bad, '{\n  "id": "x",\n  "brand": "semana"\n  "route": "/x/"\n}\n');
    const { status, stdout } = run("server/cli/validate-pages.ts", [bad]);
    expect(status).toBe(1);
    expect(stdout).toContain(`${path.relative(root, bad)}:4:3  /  JSON mal formado: falta una coma (,)`);
    expect(run("server/cli/validate-pages.ts", []).status).toBe(0);
  });
});

describe("npm run new:block", () => {
  it("scaffolds a block that is registered, validated and passes its own tests untouched", () => {
    // A scratch copy of what a block needs, so the real blocks/ is left alone.
    const copy = path.join(tmp, "repo");
    fs.mkdirSync(path.join(copy, "blocks"), { recursive: true });
    for (const entry of ["runtime", "schemas", "brands", "server", "page-definitions", "node_modules", "package.json", "tsconfig.json", "vitest.config.ts"]) {
      fs.symlinkSync(path.join(root, entry), path.join(copy, entry));
    }
    fs.rmSync(path.join(copy, "schemas"));
    fs.cpSync(path.join(root, "schemas"), path.join(copy, "schemas"), { recursive: true });
    for (const entry of fs.readdirSync(path.join(root, "blocks"))) {
      if (entry === "index.ts") fs.copyFileSync(path.join(root, "blocks", entry), path.join(copy, "blocks", entry));
      else fs.symlinkSync(path.join(root, "blocks", entry), path.join(copy, "blocks", entry));
    }
    const created = run("server/cli/new-block.ts", ["lo-mas-nuevo", "--root", copy]);
    expect(created.stderr).not.toMatch(/error/i);
    expect(created.status).toBe(0);
    expect(fs.readFileSync(path.join(copy, "blocks", "index.ts"), "utf8")).toMatch(/import loMasNuevo from "\.\/lo-mas-nuevo";[\s\S]*\n  loMasNuevo,\n/);
    expect(JSON.parse(fs.readFileSync(path.join(copy, "schemas", "pages.schema.json"), "utf8")).definitions.block.properties.type.enum).toContain("lo-mas-nuevo");
    const tests = spawnSync(process.execPath, [path.join(root, "node_modules", "vitest", "vitest.mjs"), "run", "blocks/lo-mas-nuevo"], { cwd: copy, encoding: "utf8", timeout: 120_000 });
    expect(tests.stdout + tests.stderr).toMatch(/3 passed/);
    expect(run("server/cli/new-block.ts", ["Mal Nombre", "--root", copy]).status).toBe(2);
  });
});
