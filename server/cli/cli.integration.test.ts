// The editors' and developers' commands, run as they run them: validate:pages and new:block.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(".");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cli-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * Each test runs whole commands (and new:block a Vitest run): seconds on a quiet machine, a minute or
 * more on a loaded one. The bounds only catch a hang.
 */
const COMMAND_BOUND = { timeout: 300_000 };

/** Runs a command as npm runs it, with a hook that fails it if it loads React or a stylesheet. */
function run(script: string, args: string[], cwd = root) {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "--import", path.join(root, "tests/support/no-browser-modules.mjs"), path.join(root, script), ...args],
    {
      cwd,
      encoding: "utf8",
      timeout: COMMAND_BOUND.timeout,
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const brokenPage = `{
  "$schema": "../../schemas/pages.schema.json",
  "schemaVersion": 3,
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

describe("npm run validate:pages", COMMAND_BOUND, () => {
  const file = path.join(tmp, "rota.json");
  fs.writeFileSync(file, brokenPage);

  it("prints each problem as file:line:column  pointer  message  (value) and exits 1", () => {
    const { status, stdout, stderr } = run("server/cli/validate-pages.ts", [file]);
    expect(status).toBe(1);
    const rel = path.relative(root, file);
    expect(stdout.trim().split("\n")).toEqual([
      `${rel}:10:73  /regions/main/0/settings/published  debe ser true o false  ("sí")`,
      expect.stringMatching(
        new RegExp(`^${rel.replace(/[.]/g, "\\.")}:11:17  /regions/main/1/type  tipo de bloque desconocido; ¿quiso decir «seo-title»\\? .*\\("seo-titel"\\)$`),
      ),
    ]);
    expect(stderr).toContain("2 problema(s) en 1 archivo(s)");
  });

  it("prints the same as JSON with --json, and GitHub annotations with --format github", () => {
    const json = run("server/cli/validate-pages.ts", ["--json", file]);
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout)[0]).toMatchObject({ line: 10, column: 73, pointer: "/regions/main/0/settings/published", value: "sí" });
    const github = run("server/cli/validate-pages.ts", ["--format", "github", file]);
    expect(github.stdout.split("\n")[0]).toBe(
      `::error file=${path.relative(root, file)},line=10,col=73,title=Página inválida::/regions/main/0/settings/published debe ser true o false  ("sí")`,
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

describe("npm run migrate:pages", COMMAND_BOUND, () => {
  it("brings an old page to the current version in place, then finds nothing to do", () => {
    const file = path.join(tmp, "vieja.json");
    const old =
      JSON.stringify(
        {
          id: "vieja",
          brand: "fucsia",
          route: "/vieja/",
          layout: "main-sidebar",
          regions: { main: [{ type: "collection-list", id: "c", settings: { published: true, collectionId: "fucsia-lo-ultimo" } }] },
        },
        null,
        2,
      ) + "\n";
    fs.writeFileSync(file, old);
    const validated = run("server/cli/validate-pages.ts", [file]);
    expect(validated.status).toBe(1);
    expect(validated.stdout).toContain("versión de esquema 1 desactualizada: ejecute npm run migrate:pages (la actual es 3)");
    expect(run("server/cli/migrate-pages.ts", ["--check", file]).status).toBe(1);
    const migrated = run("server/cli/migrate-pages.ts", [file]);
    expect(migrated.status).toBe(0);
    expect(migrated.stdout).toContain("v1 → v3");
    const text = fs.readFileSync(file, "utf8");
    expect(text.split("\n").slice(0, 3)).toEqual(["{", '  "schemaVersion": 3,', '  "id": "vieja",']);
    expect(JSON.parse(text).regions.main[0].settings.collectionId).toBe("lo-ultimo");
    // It had no header, trending bar or footer: it hides those its layout's files give (docs/decisions/0074-layouts-own-the-shared-blocks.md).
    expect(JSON.parse(text).hide).toEqual(["encabezado", "tendencias", "pie"]);
    expect(run("server/cli/migrate-pages.ts", ["--check", file]).status).toBe(0);
  });
});

describe("npm run new:block", COMMAND_BOUND, () => {
  it("scaffolds a block that is registered, validated and passes its own tests untouched", () => {
    // A scratch copy of what a block needs, so the real blocks/ is left alone.
    const copy = path.join(tmp, "repo");
    fs.mkdirSync(path.join(copy, "blocks"), { recursive: true });
    // .cache too: the run's global setup finds the empty PGlite cluster made there instead of an initdb.
    for (const entry of ["runtime", "brands", "server", "page-definitions", "node_modules", "package.json", "tsconfig.json", "vitest.config.ts", ".cache"]) {
      fs.symlinkSync(path.join(root, entry), path.join(copy, entry));
    }
    // Vitest's setup files are loaded from inside the project: a symlink out of it is not followed.
    fs.cpSync(path.join(root, "tests", "support"), path.join(copy, "tests", "support"), { recursive: true });
    // Copied, not linked: the scaffold regenerates the pages schema.
    fs.cpSync(path.join(root, "schemas"), path.join(copy, "schemas"), { recursive: true });
    for (const entry of fs.readdirSync(path.join(root, "blocks"))) {
      if (entry === "index.ts" || entry === "index.server.ts") fs.copyFileSync(path.join(root, "blocks", entry), path.join(copy, "blocks", entry));
      else fs.symlinkSync(path.join(root, "blocks", entry), path.join(copy, "blocks", entry));
    }
    const created = run("server/cli/new-block.ts", ["lo-mas-nuevo", "--root", copy]);
    expect(created.stderr).not.toMatch(/error/i);
    expect(created.status).toBe(0);
    // Registered with no line written by hand: both registries are regenerated from the folders.
    expect(fs.readFileSync(path.join(copy, "blocks", "index.ts"), "utf8")).toContain('\n  "lo-mas-nuevo": () => import("./lo-mas-nuevo"),\n');
    const servers = fs.readFileSync(path.join(copy, "blocks", "index.server.ts"), "utf8");
    expect(servers).toContain('import loMasNuevo from "./lo-mas-nuevo/index.server";');
    expect(servers).toContain('\n  "lo-mas-nuevo": loMasNuevo,\n');
    expect(JSON.parse(fs.readFileSync(path.join(copy, "schemas", "pages.schema.json"), "utf8")).definitions.block.properties.type.enum).toContain(
      "lo-mas-nuevo",
    );
    // In the catalogue with an example that validates (/_bloques/ shows it untouched).
    const catalogue = JSON.parse(fs.readFileSync(path.join(copy, "blocks", "lo-mas-nuevo", "catalogue.json"), "utf8"));
    expect(catalogue.examples.length).toBeGreaterThan(0);
    expect(catalogue.examples[0]).toMatchObject({ name: expect.any(String), settings: expect.any(Object) });
    // As from a developer's shell: without this run's NODE_ENV (tests/support/production-react.ts).
    const shell: Record<string, string | undefined> = { ...process.env };
    delete shell.NODE_ENV;
    const tests = spawnSync(process.execPath, [path.join(root, "node_modules", "vitest", "vitest.mjs"), "run", "blocks/lo-mas-nuevo"], {
      cwd: copy,
      env: shell as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: COMMAND_BOUND.timeout,
    });
    expect(tests.stdout + tests.stderr).toMatch(/3 passed/);
    expect(run("server/cli/new-block.ts", ["Mal Nombre", "--root", copy]).status).toBe(2);
  });
});
