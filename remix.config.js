/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Classic compiler; the app lives under server/ and imports blocks, runtime and brands from the root.
  appDirectory: "server/app",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  serverBuildPath: "build/index.js",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  watchPaths: ["blocks/**/*", "runtime/**/*", "tooling/**/*", "brands/**/*"],
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
