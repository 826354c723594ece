// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import ArticleHeader from "./index";
import server, { articleHeaderData } from "./index.server";
import { NEWSROOM_BYLINE_CUTOFF, newsroomName, resolveByline } from "../_shared/byline";
import { resolveLead } from "../_shared/lead";
import { OPINION_SECTIONS } from "../../domain/articles";
import { sectionsByBrand } from "../../domain/sections";
import { enhance } from "../_shared/enhance";

// The video posters become players through the page's one script, as in the browser.
beforeAll(() => enhance(document));

const author = {
  _id: "maria-jimena-duzan",
  name: "María Jimena Duzán",
  description: "Columnista de Semana",
  image: { url: "/images/autores/mjd.jpg" },
  social_links: [
    { site: "twitter", url: "https://twitter.com/mjduzan" },
    { site: "instagram", url: "https://instagram.com/mjduzan" },
    { site: "facebook", url: "https://facebook.com/mjduzan" },
    { site: "linkedin", url: "javascript:alert(1)" },
  ],
};

function story(overrides: Record<string, any> = {}) {
  return {
    _id: "ABC123",
    type: "story",
    canonical_url: "/nacion/articulo/reforma-a-la-salud/202601/",
    headlines: { basic: "La reforma a la salud vuelve al Congreso" },
    subheadlines: { basic: "El Gobierno radicó un nuevo texto con cambios al sistema." },
    display_date: "2026-02-10T15:05:00Z",
    publish_date: "2026-02-10T15:05:00Z",
    copyright: "",
    credits: { by: [author] },
    taxonomy: { primary_section: { _id: "/nacion", name: "Nación" }, sections: [{ _id: "/nacion", name: "Nación" }] },
    promo_items: {
      basic: { type: "image", url: "/images/salud.jpg", caption: "El Capitolio", width: 1200, height: 675, credits: { by: [{ name: "Colprensa" }] } },
    },
    ...overrides,
  };
}

const context = (article: unknown, brand = "semana"): PageContext => ({ brand, path: "/nacion/articulo/x/", params: {}, query: {}, article });
const settings = { published: true };
/** The header as the page renders it: the server half reads the article, the component renders its data. */
const renderHeader = (article: unknown, brand = "semana") => {
  const data = server.transform!({}, settings, context(article, brand));
  return render(<ArticleHeader id="header" pageId="article" settings={settings} data={data} />);
};

describe("byline rules", () => {
  it("(a) empty byline on an article published before 2025-01-27 links the brand's newsroom", () => {
    expect(NEWSROOM_BYLINE_CUTOFF).toBe("2025-01-27T00:00:00-05:00");
    renderHeader(story({ publish_date: "2025-01-26T12:00:00-05:00", credits: { by: [author] } }), "elpais");
    const link = screen.getByRole("link", { name: "Redacción El País" });
    expect(link.getAttribute("href")).toBe("/autor/redaccion-el-pais/");
    expect(screen.queryByText("María Jimena Duzán")).toBeNull();
  });

  it("(a) does not apply from the cutoff on", () => {
    expect(resolveByline(story({ publish_date: "2025-01-27T00:00:00-05:00" }), "semana").kind).toBe("author");
    expect(resolveByline(story({ publish_date: "2025-01-27T04:59:59Z" }), "semana").kind).toBe("newsroom");
    expect(newsroomName("semana")).toBe("Redacción Semana");
  });

  it("(b) a byline containing 'Redacción' links to its slug", () => {
    renderHeader(story({ copyright: "Redacción Política" }));
    expect(screen.getByRole("link", { name: "Redacción Política" }).getAttribute("href")).toBe("/autor/redaccion-politica/");
  });

  it("(c) an empty byline shows the first credited author with photo, description and social icons", () => {
    const { container } = renderHeader(story());
    const name = screen.getByRole("link", { name: "María Jimena Duzán" });
    expect(name.getAttribute("href")).toBe("/autor/maria-jimena-duzan/");
    expect(screen.getByText("Columnista de Semana")).toBeTruthy();
    expect(container.querySelector('[data-byline="author"] img')!.getAttribute("src")).toBe("/images/autores/mjd.jpg");
    // facebook and twitter in the order of docs/article-pages.md#byline; instagram is not one of the four; a javascript: link is dropped.
    const social = screen.getAllByRole("link", { name: / de María Jimena Duzán$/ });
    expect(social.map((a) => a.getAttribute("aria-label"))).toEqual(["Facebook de María Jimena Duzán", "X (Twitter) de María Jimena Duzán"]);
    expect(social[1].getAttribute("href")).toBe("https://twitter.com/mjduzan");
  });

  it("(c) falls back to the author's id when the name has no slug", () => {
    const byline = resolveByline(story({ credits: { by: [{ _id: "autor-77", name: "¿?" }] } }), "semana");
    expect(byline).toMatchObject({ kind: "author", author: { href: "/autor/autor-77/" } });
  });

  it("(d) any other byline shows as text without 'Por: '", () => {
    renderHeader(story({ copyright: "Por: Juan Pérez" }));
    const byline = document.querySelector('[data-byline="text"]')!;
    expect(byline.textContent).toBe("Juan Pérez");
    expect(screen.queryByRole("link", { name: "Juan Pérez" })).toBeNull();
  });

  it("shows no byline when nothing is credited", () => {
    const { container } = renderHeader(story({ credits: {} }));
    expect(container.querySelector("[data-byline]")).toBeNull();
  });
});

describe("article header", () => {
  it("shows section label, headline, subheadline, date and lead image in order", () => {
    const { container } = renderHeader(story());
    const section = screen.getByRole("link", { name: "Nación" });
    expect(section.getAttribute("href")).toBe("/nacion/");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("La reforma a la salud vuelve al Congreso");
    expect(screen.getByText("El Gobierno radicó un nuevo texto con cambios al sistema.")).toBeTruthy();
    const time = container.querySelector("time")!;
    expect(time.getAttribute("datetime")).toBe("2026-02-10T15:05:00.000Z");
    expect(time.textContent).toMatch(/^10 de febrero de 2026.* 10:05\sa\.\s?m\.$/);
    const img = container.querySelector("figure img")!;
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(container.querySelector("figcaption")!.textContent).toBe("El Capitolio | Foto: Colprensa");
    const order = [...container.querySelectorAll("a, h1, time, figure")].map((el) => el.tagName);
    expect(order.indexOf("H1")).toBeGreaterThan(order.indexOf("A"));
    expect(order.indexOf("FIGURE")).toBe(order.length - 1);
  });

  it("names the section from the brand's sections when the document does not", () => {
    renderHeader(story({ taxonomy: { primary_section: { _id: "/economia/opinion" } } }));
    expect(screen.getByRole("link", { name: "Opinión económica" }).getAttribute("href")).toBe("/economia/opinion/");
  });

  it("plays a YouTube lead from promo_items.html after a click", () => {
    const article = story({ promo_items: { html: { content: '<iframe src="https://www.youtube.com/embed/nKW3wvhnZoE"></iframe>' } } });
    const { container } = renderHeader(article);
    expect(container.querySelector("iframe")).toBeNull();
    fireEvent.click(screen.getByRole("link", { name: "Reproducir video: La reforma a la salud vuelve al Congreso" }));
    expect(container.querySelector("iframe")!.getAttribute("src")).toContain("youtube-nocookie.com/embed/nKW3wvhnZoE");
  });

  it("shows a YouTube lead over the video's own image on this site, not YouTube's thumbnail", () => {
    // The largest paint of a video page needs no other origin (docs/decisions/0014-page-weight-and-images.md).
    const video = { type: "video", youtube_content_id: "dQw4w9WgXcQ", promo_items: { basic: { type: "image", url: "/images/video-01.jpg" } } };
    expect(resolveLead(story({ promo_items: { basic: video } }))).toMatchObject({ kind: "youtube", poster: "/images/video-01.jpg" });
    const embedded = story({
      promo_items: { html: { content: '<iframe src="https://www.youtube.com/embed/nKW3wvhnZoE"></iframe>' }, basic: { type: "image", url: "/images/a.jpg" } },
    });
    const { container } = renderHeader(embedded);
    const img = container.querySelector<HTMLImageElement>("[data-video-id] img")!;
    expect(img.getAttribute("src")).toBe("/images/a.jpg?w=768");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(container.innerHTML).not.toContain("ytimg.com");
    // A poster from elsewhere is not used: YouTube's thumbnail then.
    expect(
      resolveLead(story({ promo_items: { basic: { ...video, promo_items: { basic: { type: "image", url: "javascript:alert(1)" } } } } })),
    ).not.toHaveProperty("poster");
  });

  it("reads lead videos of promo_items.basic", () => {
    expect(resolveLead(story({ promo_items: { basic: { type: "video", youtube_content_id: "dQw4w9WgXcQ" } } }))).toMatchObject({
      kind: "youtube",
      videoId: "dQw4w9WgXcQ",
    });
    const mp4 = resolveLead(
      story({
        promo_items: {
          basic: { type: "video", streams: [{ url: "/videos/a.m3u8" }, { url: "/videos/a.mp4", stream_type: "mp4" }], promo_image: { url: "/images/p.jpg" } },
        },
      }),
    );
    expect(mp4).toEqual({
      kind: "video",
      src: "/videos/a.mp4",
      sources: [
        { src: "/videos/a.mp4", type: "video/mp4" },
        { src: "/videos/a.m3u8", type: "application/x-mpegURL" },
      ],
      poster: "/images/p.jpg",
      title: "La reforma a la salud vuelve al Congreso",
    });
    const { container } = renderHeader(story({ promo_items: { basic: { type: "video", streams: [{ url: "/videos/a.mp4" }] } } }));
    expect(container.querySelector("video source")!.getAttribute("src")).toBe("/videos/a.mp4");
    expect(resolveLead(story({ promo_items: undefined }))).toEqual({ kind: "none" });
  });

  it("shows the 'noticia en desarrollo' badge from the document's label", () => {
    renderHeader(
      story({
        label: { basic: { text: "noticia en desarrollo", display: true } },
        taxonomy: { sections: [{ _id: "/live" }, { _id: "/nacion", name: "Nación" }] },
      }),
    );
    expect(screen.getByText("noticia en desarrollo")).toBeTruthy();
  });

  it("has no badge without a displayed label, live or not", () => {
    const { container } = renderHeader(story({ taxonomy: { sections: [{ _id: "/live" }, { _id: "/nacion", name: "Nación" }] } }));
    expect(container.querySelector("[data-badge]")).toBeNull();
    const hidden = renderHeader(story({ label: { basic: { text: "noticia en desarrollo", display: false } } }));
    expect(hidden.container.querySelector("[data-badge]")).toBeNull();
  });

  it.each(["/opinion", "/economia/opinion", "/finanzas/opinion", "/semanarural/opinion", "/opinion-fucsia", "/relatos/opinadores"])(
    "opinion pieces in %s lead with the columnist's photo and no lead image",
    (section) => {
      const { container } = renderHeader(story({ copyright: "Por: María Jimena Duzán", taxonomy: { primary_section: { _id: section, name: "Opinión" } } }));
      const card = container.querySelector('[data-byline="author"]')!;
      const photo = card.querySelector("img")!;
      expect(Number(photo.getAttribute("width"))).toBeGreaterThan(100);
      expect(card.compareDocumentPosition(screen.getByRole("heading", { level: 1 })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(container.querySelector("figure")).toBeNull();
      expect(container.querySelector('[data-byline="text"]')).toBeNull();
    },
  );

  it("knows every brand's opinion section", () => {
    const opinionSections = Object.values(sectionsByBrand)
      .flat()
      .filter((s) => /(^|\/)opin/.test(s.id))
      .map((s) => s.id);
    expect([...new Set(opinionSections)].sort()).toEqual([...OPINION_SECTIONS].sort());
  });

  it("does not treat lookalike sections as opinion", () => {
    const { container } = renderHeader(story({ taxonomy: { primary_section: { _id: "/opiniones-del-publico", name: "Público" } } }));
    expect(container.querySelector("figure")).not.toBeNull();
  });

  it("renders nothing without an article and survives odd documents", () => {
    expect(renderHeader(undefined).container.innerHTML).toBe("");
    const odd = renderHeader({
      _id: "x",
      type: "story",
      headlines: { basic: 42 },
      taxonomy: { primary_section: { type: "reference" }, sections: "x" },
      credits: { by: [null, 7] },
      promo_items: { basic: "x" },
      display_date: "no es fecha",
    });
    expect(odd.container.querySelector("header")).not.toBeNull();
    expect(odd.container.querySelector("h1")).toBeNull();
  });

  it("fetches nothing and is empty only on pages without an article", () => {
    expect(server.fetch).toBeUndefined();
    const withArticle = server.transform!({}, {}, context({ _id: "A", type: "story" }));
    expect(server.isEmpty!(withArticle, {})).toBe(false);
    // On pages without an article the runtime skips the block as empty.
    expect(server.isEmpty!(server.transform!({}, {}, context(undefined)), {})).toBe(true);
  });
});

describe("header data", () => {
  it("is exactly what the header renders, resolved on the server", () => {
    const article = story({
      content_restrictions: { content_code: "premium" },
      additional_properties: { has_published_copy: true },
      content_elements: [{ _id: "P1", type: "text", content: "Primer párrafo del cuerpo." }],
      promo_items: {
        basic: {
          _id: "IMG-PROMO",
          type: "image",
          url: "/images/salud.jpg",
          caption: "El Capitolio",
          width: 1200,
          height: 675,
          credits: { by: [{ _id: "colprensa", name: "Colprensa", type: "author" }] },
        },
      },
    });
    expect(articleHeaderData(article, "semana")).toEqual({
      section: { label: "Nación", href: "/nacion/" },
      headline: "La reforma a la salud vuelve al Congreso",
      subheadline: "El Gobierno radicó un nuevo texto con cambios al sistema.",
      date: "2026-02-10T15:05:00.000Z",
      opinion: false,
      byline: {
        kind: "author",
        author: {
          name: "María Jimena Duzán",
          href: "/autor/maria-jimena-duzan/",
          photo: "/images/autores/mjd.jpg",
          description: "Columnista de Semana",
          social: [
            { site: "facebook", url: "https://facebook.com/mjduzan", label: "Facebook de María Jimena Duzán" },
            { site: "twitter", url: "https://twitter.com/mjduzan", label: "X (Twitter) de María Jimena Duzán" },
          ],
        },
      },
      lead: { kind: "image", image: { url: "/images/salud.jpg", caption: "El Capitolio", credit: "Colprensa", width: 1200, height: 675 } },
    });
    const json = JSON.stringify(server.transform!({}, settings, context(article)));
    for (const absent of [
      "ABC123",
      "IMG-PROMO",
      "content_restrictions",
      "premium",
      "additional_properties",
      "credits",
      "social_links",
      "instagram",
      "Primer párrafo",
      "canonical_url",
      "taxonomy",
    ]) {
      expect(json).not.toContain(absent);
    }
  });

  it("sends the columnist of an opinion piece and no byline or lead", () => {
    const data = articleHeaderData(
      story({ copyright: "Por: María Jimena Duzán", taxonomy: { primary_section: { _id: "/opinion", name: "Opinión" } } }),
      "semana",
    )!;
    expect(data).toMatchObject({ opinion: true, columnist: { name: "María Jimena Duzán" } });
    expect(data.byline).toBeUndefined();
    expect(data.lead).toBeUndefined();
  });
});
