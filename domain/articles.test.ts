import { describe, expect, it } from "vitest";
import { articleTitle } from "./articles";

describe("articleTitle", () => {
  it("is the headline, else another headline, else the video's own title", () => {
    expect(articleTitle({ headlines: { basic: "Titular" } })).toBe("Titular");
    expect(articleTitle({ headlines: { basic: " ", web: "Titular web" } })).toBe("Titular web");
    expect(articleTitle({ headlines: {}, promo_items: { basic: { type: "video", headlines: { basic: "Título del video" } } } })).toBe("Título del video");
    expect(articleTitle({ promo_items: { basic: { type: "image", headlines: { basic: "Foto" } } } })).toBeUndefined();
    expect(articleTitle({ headlines: { basic: "Dos\n  líneas" } })).toBe("Dos líneas");
  });

  it("is undefined for a document without any, and for malformed fields", () => {
    expect(articleTitle({})).toBeUndefined();
    expect(articleTitle({ headlines: { basic: 42 }, promo_items: null })).toBeUndefined();
    expect(articleTitle(undefined)).toBeUndefined();
  });
});
