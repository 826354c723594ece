import fs from "node:fs";
import { AD_DESKTOP_MIN_WIDTH, AD_FORMATS, AD_SLOTS, AD_SLOT_NAMES, resolveAdSlot } from "./ads";

describe("ad slot catalogue", () => {
  it("has the formats of the spec with their sizes and fixed heights", () => {
    expect(AD_FORMATS.Cube).toEqual({
      sizes: [
        [300, 250],
        [300, 600],
      ],
      height: 600,
    });
    expect(AD_FORMATS.Leaderboard).toEqual({ sizes: [[728, 90]], height: 90 });
    expect(AD_FORMATS.OutOfPage).toEqual({ sizes: [], height: 0 });
    expect(Object.keys(AD_FORMATS)).toEqual(expect.arrayContaining(["CubeTop", "CubeSide", "MobileHeader", "MobileFooter"]));
    const heights = new Set(Object.values(AD_FORMATS).map((format) => format.height));
    for (const height of [600, 90, 300, 250, 100, 50]) expect(heights).toContain(height);
  });

  it("reserves the tallest creative a format accepts", () => {
    for (const [name, format] of Object.entries(AD_FORMATS)) {
      const tallest = Math.max(0, ...format.sizes.map(([, h]) => h));
      expect(format.height, name).toBe(tallest);
    }
  });

  it("resolves the article slots to formats with a fixed height and their targets", () => {
    expect(resolveAdSlot("Boton_1_M")).toMatchObject({ target: "mobile" });
    expect(resolveAdSlot("Barra_Especial")).toMatchObject({ target: "all" });
    expect(resolveAdSlot("Boton_2_M")).toMatchObject({ target: "mobile" });
    expect(resolveAdSlot("Barra_2_D")).toMatchObject({ target: "desktop", formatName: "Leaderboard", format: { height: 90 } });
    for (const name of ["Boton_1_M", "Barra_Especial", "Boton_2_M", "Barra_2_D"]) {
      expect(resolveAdSlot(name)!.format.height, name).toBeGreaterThan(0);
    }
  });

  it("every named slot resolves; only out-of-page slots reserve no height", () => {
    for (const name of AD_SLOT_NAMES) {
      const slot = resolveAdSlot(name)!;
      expect(slot.format, name).toBeDefined();
      expect(slot.format.height === 0, name).toBe(slot.formatName === "OutOfPage");
    }
    expect(resolveAdSlot("Interstitial")!.format.height).toBe(0);
  });

  it("answers undefined for names outside the catalogue", () => {
    expect(resolveAdSlot("Boton_9_X")).toBeUndefined();
    expect(resolveAdSlot("toString")).toBeUndefined();
    expect(resolveAdSlot(undefined)).toBeUndefined();
  });

  it("the ad-slot block offers exactly the catalogue's slots", () => {
    const schema = JSON.parse(fs.readFileSync(new URL("../blocks/ad-slot/schema.json", import.meta.url), "utf8"));
    expect(schema.properties.slot.enum).toEqual(Object.keys(AD_SLOTS));
  });

  it("the CSS switches mobile and desktop slots at the catalogue's breakpoint", () => {
    expect(AD_DESKTOP_MIN_WIDTH).toBe(1024);
    const css = fs.readFileSync(new URL("../blocks/_shared/AdSlot.module.css", import.meta.url), "utf8");
    expect(css).toContain(`@media (min-width: ${AD_DESKTOP_MIN_WIDTH}px)`);
  });
});
