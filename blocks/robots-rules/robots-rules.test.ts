// The robots-rules block: the editor's rules, as the robots renderer writes them.
import { expect, it } from "vitest";
import robotsRules from "./index.server";

it("hands the renderer the editor's disallowed paths and sitemaps", () => {
  const context = { brand: "semana", path: "/robots.txt", params: {}, query: {} };
  expect(robotsRules.fetch).toBeUndefined();
  expect(robotsRules.transform!({}, { published: true, disallow: ["/autogestion/"], sitemaps: ["/s/"] }, context)).toEqual({
    robots: { disallow: ["/autogestion/"], sitemaps: ["/s/"] },
  });
  expect(robotsRules.transform!({}, { published: true }, context)).toEqual({ robots: { disallow: [], sitemaps: [] } });
});
