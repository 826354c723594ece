import { defineConfig } from "vitest/config";

export default defineConfig({
  esbuild: { jsx: "automatic" },
  test: {
    globals: true,
    include: ["{blocks,domain,runtime,server,brands,schemas,tests/unit}/**/*.test.{ts,tsx}"],
    exclude: ["node_modules", "build", "public", "data", "tests/e2e"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // PGlite databases and the seeded store are heavy: two cores, so run files in two forks.
    pool: "forks",
    maxWorkers: 2,
  },
});
