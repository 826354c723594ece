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
