import { expect, it } from "vitest";
import { RouteTable } from "./routes";

it("prefers static routes, then fewer parameters, and decodes parameters", () => {
  const table = new RouteTable<string>();
  table.add("/:section/", "section");
  table.add("/nacion/", "nacion");
  table.add("/noticias/:tag/", "tag");
  table.add("/", "home");
  expect(table.match("/")).toMatchObject({ value: "home", params: {} });
  expect(table.match("/nacion/")).toMatchObject({ value: "nacion" });
  expect(table.match("/nacion")).toMatchObject({ value: "nacion" });
  expect(table.match("/mundo/")).toMatchObject({ value: "section", params: { section: "mundo" } });
  expect(table.match("/noticias/paz%20total/")).toMatchObject({ value: "tag", params: { tag: "paz total" } });
  expect(table.match("/nacion/articulo/x/")).toBeUndefined();
  expect(table.match("/%E0%A4%A/")).toBeUndefined();
});

it("matches file routes exactly and parameters of several segments after single-segment ones", () => {
  const table = new RouteTable<string>();
  table.add("/robots.txt", "robots");
  table.add("/rss/category/:section*/", "category");
  table.add("/rss/category/:section/", "one");
  table.add("/:section/", "section");
  expect(table.match("/robots.txt")).toMatchObject({ value: "robots", params: {}, route: "/robots.txt" });
  expect(table.match("/robots.txt/")?.value).toBe("section");
  expect(table.match("/rss/category/nacion/")).toMatchObject({ value: "one", params: { section: "nacion" } });
  expect(table.match("/rss/category/economia/opinion/")).toMatchObject({ value: "category", params: { section: "economia/opinion" } });
  expect(table.match("/rss/category/economia/opinion")).toMatchObject({ value: "category" });
});

it("passes over a route whose value is not accepted for the next that matches, and ranks a route added behind after its kind", () => {
  const table = new RouteTable<string>();
  table.add("/:section/", "section");
  table.add("/especiales/", "especiales");
  table.add("/store/", "tienda del grupo", true);
  table.add("/store/", "tienda de la marca");
  const not = (value: string) => (candidate: string) => candidate !== value;
  expect(table.match("/especiales/")?.value).toBe("especiales");
  expect(table.match("/especiales/", not("especiales"))).toMatchObject({ value: "section", params: { section: "especiales" } });
  expect(table.match("/especiales/", () => false)).toBeUndefined();
  // Behind: after the brand's own page of the same route, however they were added, and before any parameter.
  expect(table.match("/store/")?.value).toBe("tienda de la marca");
  expect(table.match("/store/", not("tienda de la marca"))?.value).toBe("tienda del grupo");
});
