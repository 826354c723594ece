// A brand's every-page blocks placed in a page (docs/brands.md#brand-wide-blocks).
import { describe, expect, it } from "vitest";
import { withPageBlocks } from "./page-blocks";
import type { BlockInstance, PageDefinition } from "./types";

const layouts = new Map([
  ["main-sidebar", { name: "main-sidebar", regions: ["header", "main", "sidebar"] }],
  ["single-section", { name: "single-section", regions: ["main"] }],
]);
const gate: BlockInstance = { type: "gate", id: "puerta", settings: { published: true } };
const block = (type: string, id: string): BlockInstance => ({ type, id, settings: { published: true } });
const page = (where: Partial<PageDefinition>): PageDefinition => ({
  id: "p",
  brand: "soho",
  route: "/",
  layout: "main-sidebar",
  metadata: {},
  regions: { header: [block("menu", "menu")], main: [block("list", "lista")] },
  ...where,
});

describe("withPageBlocks", () => {
  it("puts the blocks first in the layout's first region and leaves the rest as written", () => {
    const served = withPageBlocks(page({}), [gate], layouts);
    expect(served.regions.header.map((b) => b.id)).toEqual(["puerta", "menu"]);
    expect(served.regions.main.map((b) => b.id)).toEqual(["lista"]);
  });

  it("adds the first region when the page has none, and the blocks once when the page already has one of that type or id", () => {
    const served = withPageBlocks(page({ layout: "single-section", regions: { main: [block("list", "lista"), block("gate", "otra")] } }), [gate], layouts);
    expect(served.regions.main.map((b) => b.id)).toEqual(["puerta", "lista"]);
    const withoutHeader = withPageBlocks(page({ regions: { main: [block("x", "puerta")] } }), [gate], layouts);
    expect(withoutHeader.regions).toEqual({ header: [gate], main: [] });
  });

  it("leaves pages without a layout (redirects, outputs) and brands without blocks as they are", () => {
    const redirect = page({ layout: undefined, redirect: { url: "/" }, regions: {} });
    expect(withPageBlocks(redirect, [gate], layouts)).toBe(redirect);
    const feed = page({ layout: undefined, outputType: "rss", regions: { main: [] } });
    expect(withPageBlocks(feed, [gate], layouts)).toBe(feed);
    const plain = page({});
    expect(withPageBlocks(plain, [], layouts)).toBe(plain);
  });

  it("never changes the page definition it was given", () => {
    const original = page({});
    const copy = structuredClone(original);
    withPageBlocks(original, [gate], layouts).regions.header[0].settings.published = false;
    expect(original).toEqual(copy);
    expect(gate.settings.published).toBe(true);
  });
});
