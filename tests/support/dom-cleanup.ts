// Test files share their fork's modules and globals (isolate: false in vitest.config.ts): loading
// React, the server and the accounts API again for each file took half of a run. This setup file
// runs for every file, so that each still starts as in a fresh browser and a fresh process: an empty
// page at "/", no stored data, no cookies, real timers, no stubbed globals or mocks left by the file
// before. Testing Library registers its automatic cleanup (and its act environment) only in the
// first file that imports it; here they hold for every file. Its screen is bound to the body element
// it first saw, so a file that replaces document.body fails here instead of leaving a later file's
// screen queries looking at a detached body.
const firstBody = typeof document === "undefined" ? undefined : ((globalThis as { __firstBody?: HTMLElement }).__firstBody ??= document.body);
// findBy* and waitFor wait for a state; their bound only catches a hang. Testing Library's default of
// 1 s failed tests on a loaded machine while a real API hashed a password.
const STATE_BOUND_MS = 20_000;

beforeAll(async () => {
  if (typeof document !== "undefined") (await import("@testing-library/react")).configure({ asyncUtilTimeout: STATE_BOUND_MS });
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (typeof document === "undefined") return;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.history.replaceState(null, "", "/");
  document.head.innerHTML = "";
  document.body.innerHTML = "";
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  window.localStorage?.clear();
  window.sessionStorage?.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

afterEach(async () => {
  if (typeof document === "undefined") return;
  const { cleanup } = await import("@testing-library/react");
  cleanup();
});

afterAll(() => {
  if (!firstBody || document.body === firstBody) return;
  document.documentElement.replaceChild(firstBody, document.body);
  throw new Error(
    "This file replaced document.body (for example through document.documentElement.innerHTML): fill document.head and document.body instead, or Testing Library's screen looks at the old body in the files after it.",
  );
});
