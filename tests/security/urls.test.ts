// URLs from content and readers: scheme and host rules before a link, an image, an embed or a
// redirect (domain/urls.ts), and where the site applies them.
import { EMBED_HOSTS, isAllowedEmbed, safeHref, safeRedirectTarget, safeSrc, sitePath } from "../../domain/urls";
import { toCardStory } from "../../blocks/_shared/cards";
import { EMBED_POLICY, sanitizeHtml } from "../../blocks/_shared/sanitize";
import { GROUP_HOSTS } from "../../brands";
import { toDocumentRow } from "../../server/content/document-row";
import { neutralizeContentUrls } from "../../server/content/document-urls";

const HOSTILE = [
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "\u0001javascript:alert(1)",
  "vbscript:msgbox(1)",
  "data:text/html,<script>alert(1)</script>",
  "//evil.example/robo",
  "/\\evil.example/robo",
  "\\\\evil.example",
  "file:///etc/passwd",
];

describe("URL scheme rules", () => {
  it.each(HOSTILE)("refuses %j as a link, an image and a redirect", (url) => {
    expect(safeHref(url)).toBeUndefined();
    expect(safeSrc(url)).toBeUndefined();
    expect(safeRedirectTarget(url, GROUP_HOSTS)).toBeUndefined();
  });

  it("keeps paths on the site and http(s) URLs", () => {
    expect(safeHref("/nacion/articulo/una-nota/1/")).toBe("/nacion/articulo/una-nota/1/");
    expect(safeHref("https://www.example.com/section/slug.html")).toBe("https://www.example.com/section/slug.html");
    expect(safeHref("#comentarios")).toBe("#comentarios");
    expect(safeSrc("#x")).toBeUndefined();
    expect(safeSrc("/images/semana/a.jpg")).toBe("/images/semana/a.jpg");
  });

  it.each([
    ["/autogestion/perfil/", "/autogestion/perfil/"],
    ["/store/?offerId=466#pago", "/store/?offerId=466#pago"],
    ["/.//evil.example/robo", "/evil.example/robo"],
    ["//evil.example/robo", null],
    ["/\\evil.example", null],
    ["https://evil.example/robo", null],
    ["http://localhost:3000/perfil/", "/perfil/"],
    ["javascript:alert(1)", null],
    ["", null],
    ["%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("sends a reader back after signing in only to this site: %j → %j", (target, expected) => {
    expect(sitePath(target, "http://localhost:3000")).toBe(expected);
  });

  it("redirects content only within the group's sites", () => {
    expect(safeRedirectTarget("/nacion/articulo/nueva/2/", GROUP_HOSTS)).toBe("/nacion/articulo/nueva/2/");
    expect(safeRedirectTarget("https://www.semana.com/nacion/", GROUP_HOSTS)).toBe("https://www.semana.com/nacion/");
    expect(safeRedirectTarget("https://evil.example/", GROUP_HOSTS)).toBeUndefined();
  });

  it("frames only the embed hosts", () => {
    expect(isAllowedEmbed("https://www.youtube.com/embed/x", EMBED_HOSTS)).toBe(true);
    expect(isAllowedEmbed("https://evil.example/frame", EMBED_HOSTS)).toBe(false);
    expect(isAllowedEmbed("javascript:alert(1)", EMBED_HOSTS)).toBe(false);
  });
});

describe("where the rules apply", () => {
  it("refuses to import a document whose canonical URL or redirect is not a path or a web address", () => {
    const doc = { _id: "X1", type: "story", canonical_website: "semana", canonical_url: "javascript:alert(document.cookie)" };
    expect(() => toDocumentRow(doc)).toThrow(/canonical_url no es una ruta/);
    expect(() => toDocumentRow({ ...doc, canonical_url: "/nacion/x/", related_content: { redirect: [{ redirect_url: "javascript:x()" }] } })).toThrow(
      /redirect/,
    );
    expect(toDocumentRow({ ...doc, canonical_url: "/nacion/x/" }).canonical_url).toBe("/nacion/x/");
  });

  it("stores a document without the body elements, links and images whose URLs are hostile, and keeps the rest", () => {
    const doc = {
      _id: "X2",
      type: "story",
      canonical_website: "semana",
      canonical_url: "/nacion/x/",
      promo_items: { basic: { url: "javascript:alert(1)" } },
      content_elements: [
        { type: "text", content: "Se queda." },
        { type: "image", url: "//evil.example/x.jpg" },
        { type: "interstitial_link", url: "/\\evil.example", content: "x" },
        { type: "raw_html", content: '<div class="context_pdf"><iframe src="https://evil.example/phish"></iframe></div>' },
        { type: "oembed_response", raw_oembed: { html: '<iframe src="https://evil.example/x"></iframe>' } },
      ],
    };
    const row = toDocumentRow(doc);
    expect(row.document.content_elements).toEqual([{ type: "text", content: "Se queda." }]);
    expect(row.has_promo_image).toBe(false);
    expect(JSON.stringify(row.document)).not.toMatch(/evil|javascript/);
    expect(neutralizeContentUrls(doc).notes).toHaveLength(5);
  });

  it("never links a card or shows its image from a hostile URL that reached the store another way", () => {
    const base = { _id: "C1", type: "story", headlines: { basic: "Nota" }, promo_items: { basic: { url: "/images/a.jpg" } } };
    expect(toCardStory({ ...base, canonical_url: "javascript:alert(1)" } as never)).toBeUndefined();
    expect(toCardStory({ ...base, canonical_url: "/a/b/", promo_items: { basic: { url: "javascript:alert(1)" } } } as never)?.image).toBeUndefined();
  });

  it("strips hostile links, frames from other hosts and fixed overlays from raw HTML", () => {
    const html = sanitizeHtml(
      '<a href="javascript:alert(1)">a</a><iframe src="https://evil.example/x"></iframe><iframe src="https://www.youtube.com/embed/x"></iframe><div style="position: fixed; inset: 0">tapa</div>',
      EMBED_POLICY,
    );
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("evil.example");
    expect(html).toContain('src="https://www.youtube.com/embed/x"');
    expect(html).not.toContain("position");
  });
});
