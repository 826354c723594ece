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
