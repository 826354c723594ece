import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const FOLDERS = "{accounts,blocks,domain,platform,runtime,tooling,server,brands,schemas,tests/architecture}";
/** The probes of the threat model (docs/decisions/0012-threat-model.md): npm run test:security. */
const SECURITY = "tests/security/**/*.test.{ts,tsx}";
/**
 * A project whose files without a DOM render with React's production build, as the server does
 * (tests/support/production-react.ts); its JSX compiles to the runtime both builds have.
 */
function withProductionReact(test: { name: string; include: string[] }): TestProjectInlineConfiguration {
  return { extends: true, esbuild: { jsx: "automatic", jsxDev: false }, test: { ...test, setupFiles: ["tests/support/production-react.ts"] } };
}

export default defineConfig({
  esbuild: { jsx: "automatic" },
  test: {
    globals: true,
    exclude: ["node_modules", "build", "public", "data", "tests/e2e"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: run files in two forks.
    pool: "forks",
    maxWorkers: 2,
    // A fork's files share its loaded modules (React, the server, the accounts API): loading them again
    // for each file took half of the unit run and a third of the integration run. Each file still opens
    // its own databases and servers, and starts on an empty document (tests/support/dom-cleanup.ts).
    isolate: false,
    setupFiles: ["tests/support/dom-cleanup.ts"],
    // New PGlite databases copy an empty cluster made once instead of running initdb each.
    // A folder for the run, removed at its end (tests/support/run-folder.ts).
    globalSetup: ["tests/support/pglite-template.ts", "tests/support/run-folder.ts"],
    projects: [
      // Unit tests: code and components alone, no database, server or build (npm run test:unit).
      { extends: true, test: { name: "unit", include: [`${FOLDERS}/**/*.test.{ts,tsx}`], exclude: ["**/*.integration.test.*", "node_modules"] } },
      // Integration tests: against PGlite and PostgreSQL, the real accounts API, the CLIs, the build.
      withProductionReact({ name: "integration", include: [`${FOLDERS}/**/*.integration.test.{ts,tsx}`] }),
      withProductionReact({ name: "security", include: [SECURITY] }),
    ],
  },
});
