import { describe, expect, it } from "vitest";
import { facebookShareUrl, LINKEDIN_POPUP, linkedinShareUrl, SHARE_POPUP, shareLinks, twitterShareUrl, whatsappShareUrl } from "./share";
import { POPUP_POLL_MS } from "./sharePopup";

const url = "https://www.semana.com/nacion/articulo/x/1/";

describe("share builders", () => {
  it("build each network's share URL with the spec's parameters", () => {
    expect(facebookShareUrl({ url, quote: "Título", hashtag: "#Semana" })).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}&quote=T%C3%ADtulo&hashtag=%23Semana`,
    );
    expect(twitterShareUrl({ url, text: "Título", via: "RevistaSemana", hashtags: ["a", "b"], related: ["c"] })).toBe(
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=T%C3%ADtulo&via=RevistaSemana&hashtags=a%2Cb&related=c`,
    );
    expect(whatsappShareUrl({ url, text: "Título", mobile: true })).toBe(
      `https://api.whatsapp.com/send?text=${encodeURIComponent(`Título ${url}`).replace(/%20/g, "+")}`,
    );
    expect(whatsappShareUrl({ url })).toBe(`https://web.whatsapp.com/send?text=${encodeURIComponent(url)}`);
    expect(linkedinShareUrl({ url, title: "T", summary: "S", source: "Semana" })).toBe(
      `https://www.linkedin.com/shareArticle?url=${encodeURIComponent(url)}&mini=true&title=T&summary=S&source=Semana`,
    );
  });

  it("reject a missing url and non-array hashtags or related with the spec's messages", () => {
    expect(() => twitterShareUrl({})).toThrow("twitter.url");
    expect(() => twitterShareUrl({ url, hashtags: "a,b" })).toThrow("twitter.hashtags is not an array");
    expect(() => twitterShareUrl({ url, related: "c" })).toThrow("twitter.related is not an array");
    expect(() => facebookShareUrl({ url: "" })).toThrow("facebook.url");
    expect(() => whatsappShareUrl({})).toThrow("whatsapp.url");
    expect(() => linkedinShareUrl({})).toThrow("linkedin.url");
  });

  it("give a page its four links, in popups of 550×400 (LinkedIn 750×600), WhatsApp's app link for phones", () => {
    const links = shareLinks({ url, title: "Título" });
    expect(links.map((l) => [l.network, l.popup])).toEqual([
      ["facebook", "550x400"],
      ["twitter", "550x400"],
      ["whatsapp", "550x400"],
      ["linkedin", "750x600"],
    ]);
    expect(links[2].mobileHref).toMatch(/^https:\/\/api\.whatsapp\.com\/send\?/);
    expect(links[2].href).toMatch(/^https:\/\/web\.whatsapp\.com\/send\?/);
    expect([SHARE_POPUP, LINKEDIN_POPUP, POPUP_POLL_MS]).toEqual([{ width: 550, height: 400 }, { width: 750, height: 600 }, 1000]);
    expect(shareLinks({})).toEqual([]);
  });
});
