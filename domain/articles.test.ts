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

  it("titles a video document without headlines by its description (cut at a word), else 'Video'", () => {
    expect(articleTitle({ type: "video", description: { basic: "  Olas de\n25 nudos. " } })).toBe("Olas de 25 nudos.");
    const long = "palabra ".repeat(30);
    const title = articleTitle({ type: "video", description: { basic: long } })!;
    expect(title.length).toBeLessThanOrEqual(110);
    expect(title).toMatch(/^palabra( palabra)*…$/);
    expect(articleTitle({ type: "video", description: { basic: " " } })).toBe("Video");
    expect(articleTitle({ type: "video" })).toBe("Video");
    expect(articleTitle({ type: "video", headlines: { basic: "Titular" }, description: { basic: "Descripción" } })).toBe("Titular");
    expect(articleTitle({ type: "story", description: { basic: "Descripción" } })).toBeUndefined();
  });

  it("is undefined for a document without any, and for malformed fields", () => {
    expect(articleTitle({})).toBeUndefined();
    expect(articleTitle({ headlines: { basic: 42 }, promo_items: null })).toBeUndefined();
    expect(articleTitle(undefined)).toBeUndefined();
  });
});
