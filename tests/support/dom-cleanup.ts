// Test files share their fork's modules and document (isolate: false in vitest.config.ts): loading
// React, the server and the accounts API again for each file took half of a run. This setup file
// runs for every file, so that each still starts as in a fresh browser: an empty page, no stored
// data, no cookies. Testing Library registers its automatic cleanup only in the first file that
// imports it; here it runs after every test.
beforeAll(() => {
  if (typeof document === "undefined") return;
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
