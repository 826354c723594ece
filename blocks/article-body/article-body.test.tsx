// @vitest-environment jsdom
import { ANS_FIXTURES_DIR } from "../../tests/fixtures";
import fs from "node:fs";
import path from "node:path";
import { fireEvent, render, screen } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import ArticleBody from "./index";
import server, { articleBodyData } from "./index.server";
import { PDF_FRAME_HEIGHT } from "./elements";
import { HEADER_LEVEL, headerLevel } from "../_shared/body/items";
import { BODY_INSERTIONS, COUNTED_ELEMENT_TYPES, WIDGETS, planBody } from "../_shared/body/insertions";
import { RELATED_SIZE, recommendationFetches } from "../_shared/body/widgets";
import { houseAd } from "../_shared/houseAd";
import { RELATED_TAGS_LIMIT, relatedTags } from "../../domain/articles";
import { generateCorpus } from "../../server/content/seed";
import { articleHeaderData } from "../article-header/index.server";
import { enhance } from "../_shared/enhance";

// The video posters become players through the page's one script, as in the browser.
beforeAll(() => enhance(document));

const FIXTURES = ANS_FIXTURES_DIR;

const context = (article: unknown): PageContext => ({ brand: "semana", path: "/nacion/articulo/x/", params: {}, query: {}, article });
const story = (content_elements: unknown[], overrides: Record<string, any> = {}) => ({
  _id: "S1",
  type: "story",
  headlines: { basic: "Titular" },
  taxonomy: { primary_section: { _id: "/nacion", name: "Nación" } },
  content_elements,
  ...overrides,
});
/** A document of a search answer as the store gives it (card fields). */
const card = (id: string, headline: string, type = "story") => ({
  _id: id,
  type,
  canonical_url: `/nacion/articulo/${id.toLowerCase()}/`,
  headlines: { basic: headline },
  promo_items: { basic: { type: "image", url: `/images/${id.toLowerCase()}.jpg` } },
});
const feed = (...docs: unknown[]) => ({ type: "results", content_elements: docs, count: docs.length });
/** What the recommendation fetches answer (recommendationFetches): related by tags and by section, most read, videos. */
const ANSWERS = {
  relatedByTags: feed(card("T1", "Relacionada por tema"), card("S1", "La nota misma")),
  relatedBySection: feed(card("T1", "Relacionada por tema"), card("N1", "De la misma sección"), card("N2", "Otra de la sección")),
  mostRead: { type: "results", content_elements: [{ _id: "M1", url: "/nacion/articulo/m1/", title: "La más leída", image: "/images/m1.jpg" }] },
  videos: feed(card("V1", "El último video", "video"), card("V2", "Otro video", "video")),
};
/** The body as the page renders it: the server half reads the article, the component renders its data (through JSON, as it travels). */
const renderBody = (article: unknown, settings: Record<string, any> = { published: true }, answers: Record<string, unknown> = ANSWERS) => {
  const data = JSON.parse(JSON.stringify(server.transform!(answers, settings, context(article))));
  return render(<ArticleBody id="body" pageId="article" settings={settings} data={data} />);
};
const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: `p${i + 1}`, type: "text", content: `Párrafo ${i + 1}` }));

/** The body's children as a readable sequence: "p:Párrafo 1", "ad:Boton_1_M", "widget:taboola"... */
function sequence(container: HTMLElement): string[] {
  const body = container.querySelector("[data-article-body]")!;
  return [...body.children].map((el) => {
    const node = el as HTMLElement;
    if (node.dataset.adSlot) return `ad:${node.dataset.adSlot}`;
    if (node.dataset.widget) return `widget:${node.dataset.widget}`;
    return `${node.tagName.toLowerCase()}:${node.textContent}`;
  });
}

describe("ad and widget insertion", () => {
  it("places the slots of docs/ads-and-widgets.md#body-insertions in a body of 8 paragraphs", () => {
    const { container } = renderBody(story(paragraphs(8)));
    expect(sequence(container)).toEqual([
      "p:Párrafo 1",
      "ad:Boton_1_M",
      "widget:connatix_geo_player",
      "p:Párrafo 2",
      "p:Párrafo 3",
      "ad:Barra_Especial",
      "p:Párrafo 4",
      "widget:newsroom",
      "widget:taboola",
      "p:Párrafo 5",
      "p:Párrafo 6",
      "p:Párrafo 7",
      "ad:Boton_2_M",
      "ad:Barra_2_D",
      "p:Párrafo 8",
      "widget:connatix",
    ]);
    const target = (name: string) => container.querySelector<HTMLElement>(`[data-ad-slot="${name}"]`)!.dataset.adTarget;
    expect([target("Boton_1_M"), target("Barra_Especial"), target("Boton_2_M"), target("Barra_2_D")]).toEqual(["mobile", "all", "mobile", "desktop"]);
  });

  it("counts only text and time elements", () => {
    expect(COUNTED_ELEMENT_TYPES).toEqual(["text", "time"]);
    const elements = [
      { type: "header", content: "Antecedentes", level: 2 },
      { type: "image", url: "/images/a.jpg" },
      { type: "time", content: "10:05 a. m." },
      { type: "list", items: [{ type: "text", content: "uno" }] },
      { type: "text", content: "Segundo" },
    ];
    const plan = planBody(elements).map((item) => ("element" in item ? item.element.type : "ad" in item ? item.ad : item.widget));
    expect(plan).toEqual(["header", "image", "time", "Boton_1_M", "connatix_geo_player", "list", "text", "connatix"]);
  });

  it("puts the last-element player after the last counted element, also when it is the first", () => {
    const plan = planBody([{ type: "text", content: "único" }, { type: "divider" }]);
    expect(plan.map((item) => ("element" in item ? item.element.type : "ad" in item ? item.ad : item.widget))).toEqual([
      "text",
      "Boton_1_M",
      "connatix_geo_player",
      "connatix",
      "divider",
    ]);
  });

  it("the insertion table is that of docs/ads-and-widgets.md#body-insertions", () => {
    expect(BODY_INSERTIONS.map((rule) => rule.after)).toEqual([1, 3, 4, 7, "last"]);
    expect(Object.keys(WIDGETS).sort()).toEqual(["connatix", "connatix_geo_player", "newsroom", "taboola"]);
  });

  it("inserts nothing when the editor turns ads off", () => {
    const { container } = renderBody(story(paragraphs(8)), { published: true, ads: false });
    expect(container.querySelectorAll("[data-ad-slot], [data-widget]")).toHaveLength(0);
    expect(container.querySelectorAll("[data-article-body] > p")).toHaveLength(8);
  });

  it("widgets show the site's own recommendations inside their fixed height, never the article itself", () => {
    const { container } = renderBody(story(paragraphs(8)));
    const widget = (type: string) => container.querySelector<HTMLElement>(`[data-widget="${type}"]`)!;
    const links = (type: string) => [...widget(type).querySelectorAll("a")].map((a) => [a.getAttribute("href"), a.textContent]);
    for (const type of Object.keys(WIDGETS) as Array<keyof typeof WIDGETS>) expect(widget(type).style.height, type).toBe(`${WIDGETS[type].height}px`);
    // Related by tags first, then by section, each once; the article being read (S1) left out.
    expect(links("taboola")).toEqual([
      ["/nacion/articulo/t1/", "Relacionada por tema"],
      ["/nacion/articulo/n1/", "De la misma sección"],
      ["/nacion/articulo/n2/", "Otra de la sección"],
    ]);
    expect(screen.getByRole("complementary", { name: "Contenido recomendado" })).toBe(widget("taboola"));
    expect(links("newsroom")).toEqual([["/nacion/articulo/m1/", "La más leída"]]);
    expect(widget("newsroom").textContent).toContain("Lo más leído");
    // The latest video across the geo player's box, the next ones in 'Últimos videos'.
    expect(links("connatix_geo_player")).toEqual([["/nacion/articulo/v1/", "▶El último video"]]);
    expect(links("connatix")).toEqual([["/nacion/articulo/v2/", "Otro video"]]);
    expect(widget("taboola").querySelector("img")!.getAttribute("src")).toBe("/images/t1.jpg?w=480");
  });

  it("leaves out a widget with nothing to recommend instead of drawing an empty box", () => {
    const { container } = renderBody(story(paragraphs(8)), { published: true }, { mostRead: ANSWERS.mostRead });
    expect(sequence(container).filter((item) => item.startsWith("widget:"))).toEqual(["widget:newsroom"]);
  });

  it("never doubles a widget or an ad slot the content already carries", () => {
    const body = [...paragraphs(4), { type: "taboola" }, ...paragraphs(4), { type: "ad", adSlot: "Boton_2_M" }, { type: "taboola" }];
    const { container } = renderBody(story(body));
    const items = sequence(container);
    expect(items.filter((item) => item === "widget:taboola")).toHaveLength(1);
    expect(items.filter((item) => item === "ad:Boton_2_M")).toHaveLength(1);
    // The content's own taboola stands where the content put it; the 4th paragraph gets the newsroom list only.
    expect(items.slice(items.indexOf("p:Párrafo 4"), items.indexOf("p:Párrafo 4") + 3)).toEqual(["p:Párrafo 4", "widget:newsroom", "widget:taboola"]);
    expect(planBody(body).filter((step) => "widget" in step && step.widget === "taboola")).toHaveLength(0);
  });

  it("keeps a contracted third party's widget as an empty placeholder of the widget's height", () => {
    const data = articleBodyData(story(paragraphs(8)), { published: true }, { brand: "semana", path: "/" }, ANSWERS, {
      taboola: { provider: "taboola", placement: "semana-below-article" },
      newsroom: { provider: "newsroom", placement: "<script>" },
    })!;
    const { container } = render(<ArticleBody id="body" pageId="article" settings={{ published: true }} data={JSON.parse(JSON.stringify(data))} />);
    const taboola = container.querySelector<HTMLElement>('[data-widget="taboola"]')!;
    expect(taboola.dataset).toMatchObject({ widgetProvider: "taboola", widgetPlacement: "semana-below-article" });
    expect(taboola.style.height).toBe("600px");
    expect(taboola.innerHTML).toBe("");
    // A placement id that is not one shows the site's own list instead.
    expect(container.querySelector('[data-widget="newsroom"] a')).not.toBeNull();
  });

  it("fills ad slots with the brand's house ad: its subscription offer, to the store with offer 466", () => {
    const { container } = renderBody(story(paragraphs(8)));
    const slots = [...container.querySelectorAll<HTMLElement>("[data-ad-slot]")];
    expect(slots).toHaveLength(4);
    for (const slot of slots) {
      const ad = slot.querySelector<HTMLAnchorElement>("a[data-house-ad]")!;
      expect(ad.getAttribute("href")).toBe("/store/?offerId=466");
      expect(ad.textContent).toContain("Suscríbete a Semana");
    }
  });
});

describe("recommendation fetches", () => {
  const article = story(paragraphs(8), {
    _id: "ABC",
    taxonomy: { primary_section: { _id: "/nacion", name: "Nación" }, tags: [{ text: "Gustavo Petro", slug: "gustavo-petro" }, { text: "Paz" }, { text: "" }] },
  });

  it("asks for stories sharing a tag or the section, the most read and the videos, never the article itself", () => {
    const fetches = server.fetch!({ published: true }, context(article));
    expect(fetches.relatedByTags.query).toMatchObject({
      website: "semana",
      queryString: 'taxonomy.tags.slug:("gustavo-petro" OR "paz") AND -_id:"ABC" AND _exists_:promo_items.basic.url',
      feedSize: RELATED_SIZE,
    });
    expect(fetches.relatedBySection.query.queryString).toBe('taxonomy.sections._id:"/nacion" AND -_id:"ABC" AND _exists_:promo_items.basic.url');
    expect(fetches.mostRead).toEqual({ source: "taboola-newsroom-api", query: { website: "semana", exclude: "ABC" }, optional: true });
    expect(fetches.videos.query.queryString).toBe('type:"video" AND -_id:"ABC" AND _exists_:promo_items.basic.url');
    // Optional: a failing recommendation never takes the body down.
    expect(Object.values(fetches).every((spec) => spec.optional)).toBe(true);
  });

  it("fetches nothing for a body without widgets: ads off, a live blog's timeline, a locked article", () => {
    expect(server.fetch!({ published: true, ads: false }, context(article))).toEqual({});
    expect(server.fetch!({ published: true, timeline: true }, context(article))).toEqual({});
    expect(server.fetch!({ published: true }, { ...context(article), access: { locked: true, signedIn: false } })).toEqual({});
    expect(server.fetch!({ published: true, ads: false }, context(story([{ type: "newsroom" }])))).toEqual({
      mostRead: { source: "taboola-newsroom-api", query: { website: "semana", exclude: "S1" }, optional: true },
    });
    expect(recommendationFetches(["connatix"], undefined, "soho")).toEqual({
      videos: expect.objectContaining({ query: expect.objectContaining({ website: "soho", queryString: 'type:"video" AND _exists_:promo_items.basic.url' }) }),
    });
  });
});

describe("content elements", () => {
  it("caps header levels at 6 and starts them at 2 (the headline is the h1)", () => {
    expect(HEADER_LEVEL).toEqual({ min: 2, max: 6 });
    expect([headerLevel(1), headerLevel(3), headerLevel(9), headerLevel("x"), headerLevel(undefined)]).toEqual([2, 3, 6, 2, 2]);
    const { container } = renderBody(
      story([
        { type: "header", level: 9, content: "Muy hondo", alignment: "center" },
        { type: "header", level: 1, content: "Arriba" },
      ]),
    );
    const h6 = container.querySelector("h6")!;
    expect(h6.textContent).toBe("Muy hondo");
    expect(h6.style.textAlign).toBe("center");
    expect(container.querySelector("h2")!.textContent).toBe("Arriba");
    expect(container.querySelector("h1")).toBeNull();
  });

  it("sanitizes paragraph HTML: scripts and onerror never reach the page", () => {
    const { container } = renderBody(
      story([
        {
          type: "text",
          content: 'Texto <b>fuerte</b><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 1"><a href="javascript:x()">clic</a>',
        },
      ]),
    );
    const p = container.querySelector("[data-article-body] > p")!;
    expect(p.innerHTML).toBe("Texto <b>fuerte</b><a>clic</a>");
    expect(container.innerHTML).not.toMatch(/<script|onerror|javascript:/);
  });

  it("renders tables, quotes, lists, code, dividers and time", () => {
    const { container } = renderBody(
      story([
        {
          type: "table",
          header: [
            { type: "text", content: "Candidato" },
            { type: "text", content: "Votos" },
          ],
          rows: [
            [
              { type: "text", content: "A" },
              { type: "text", content: "1.200" },
            ],
          ],
        },
        {
          type: "quote",
          content_elements: [{ type: "text", content: "No hay paz sin justicia." }],
          citation: { type: "text", content: "Ministra de Justicia" },
        },
        {
          type: "list",
          list_type: "ordered",
          items: [
            { type: "text", content: "Uno" },
            { type: "text", content: "Dos" },
          ],
        },
        { type: "code", content: "<b>no es HTML</b>" },
        { type: "divider" },
      ]),
    );
    expect([...container.querySelectorAll("th")].map((th) => th.textContent)).toEqual(["Candidato", "Votos"]);
    expect([...container.querySelectorAll("td")].map((td) => td.textContent)).toEqual(["A", "1.200"]);
    expect(container.querySelector("blockquote p")!.textContent).toBe("No hay paz sin justicia.");
    expect(container.querySelector("blockquote cite")!.textContent).toBe("Ministra de Justicia");
    expect([...container.querySelectorAll("ol > li")].map((li) => li.textContent)).toEqual(["Uno", "Dos"]);
    expect(container.querySelector("pre code")!.textContent).toBe("<b>no es HTML</b>");
    expect(container.querySelector("hr")).not.toBeNull();
  });

  it("renders images with their credit line, and galleries as a strip", () => {
    const { container } = renderBody(
      story([
        { type: "image", url: "/images/a.jpg", caption: "Plaza de Bolívar", width: 1200, height: 800, credits: { by: [{ name: "{name}" }] } },
        { type: "image", url: "/images/b.jpg", caption: "Marcha", credits: { by: [{ name: "Ana Pérez" }] } },
        {
          type: "gallery",
          headlines: { basic: "La marcha en fotos" },
          content_elements: [
            { _id: "g1", type: "image", url: "/images/g1.jpg", caption: "Uno", credits: { by: [{ name: "Colprensa" }] } },
            { _id: "g2", type: "image", url: "/images/g2.jpg", caption: "Dos" },
            { _id: "g3", type: "image", url: "" },
          ],
        },
      ]),
    );
    const captions = [...container.querySelectorAll("figcaption")].map((c) => c.textContent);
    expect(captions).toEqual(["Plaza de Bolívar", "Marcha | Foto: Ana Pérez", "Uno | Foto: Colprensa", "Dos"]);
    expect(screen.getByRole("region", { name: "Galería: La marcha en fotos" }).querySelectorAll("li img")).toHaveLength(2);
    for (const img of container.querySelectorAll("img")) expect(img.getAttribute("loading")).toBe("lazy");
  });

  it("renders nested lists as in ul-fixture-good-nested.json", () => {
    const list = JSON.parse(fs.readFileSync(path.join(FIXTURES, "ul-fixture-good-nested.json"), "utf8"));
    const { container } = renderBody(story([list]));
    const outer = container.querySelector("[data-article-body] > ul")!;
    expect([...outer.children].map((li) => li.firstElementChild?.tagName ?? li.textContent)).toEqual(["Foo", "Bar", "OL"]);
    expect([...outer.querySelectorAll("ol > li")].map((li) => li.textContent)).toEqual(["Hi", "Mom"]);
  });

  it("renders link lists and interstitial links with safe URLs only", () => {
    const { container } = renderBody(
      story([
        {
          type: "link_list",
          title: "Lea también",
          items: [
            {
              type: "interstitial_link",
              url: "/nacion/articulo/uno/",
              content: "Primera nota",
              thumbImage: "/images/t.jpg",
              image: { caption: "Foto de la nota" },
            },
            { type: "interstitial_link", url: "javascript:alert(1)", content: "Mala" },
          ],
        },
        { type: "interstitial_link", url: "https://www.semana.com/politica/", content: "Política <b>hoy</b>" },
      ]),
    );
    const list = screen.getByRole("complementary", { name: "Lea también" });
    const links = [...list.querySelectorAll("a")];
    expect(links.map((a) => [a.getAttribute("href"), a.textContent])).toEqual([["/nacion/articulo/uno/", "Primera nota"]]);
    expect(list.querySelector("img")!.getAttribute("alt")).toBe("Foto de la nota");
    expect(screen.getByRole("link", { name: "Política hoy" }).getAttribute("href")).toBe("https://www.semana.com/politica/");
    expect(container.innerHTML).not.toContain("javascript:");
  });

  it.each([
    ["//evil.example/robo"],
    ["/\\evil.example/robo"],
    ["javascript:alert(1)"],
    ["java\tscript:alert(1)"],
    [" JAVASCRIPT:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["vbscript:msgbox(1)"],
    ["https://evil.example\n/robo"],
  ])("drops a link to %j and its thumb from a hostile link list", (url) => {
    const { container } = renderBody(
      story([
        {
          type: "link_list",
          title: "Lea también",
          items: [
            { type: "interstitial_link", url, content: "Hostil" },
            { type: "interstitial_link", url: "/nacion/articulo/dos/", content: "Buena", thumbImage: url },
          ],
        },
        { type: "interstitial_link", url, content: "Suelta" },
      ]),
    );
    expect([...container.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual(["/nacion/articulo/dos/"]);
    expect(container.querySelector("img")).toBeNull();
  });

  it("renders ad elements as slots and widget elements as widgets", () => {
    const { container } = renderBody(
      story([{ type: "ad", adSlot: "Barra_2_D", adDisplay: "all" }, { type: "taboola" }, { type: "ad", adSlot: "Desconocido" }]),
      {
        published: true,
        ads: false,
      },
    );
    expect(container.querySelector<HTMLElement>('[data-ad-slot="Barra_2_D"]')!.dataset.adTarget).toBe("all");
    expect(container.querySelector('[data-widget="taboola"]')).not.toBeNull();
    expect(container.querySelectorAll("[data-ad-slot]")).toHaveLength(1);
  });

  it("renders unknown and malformed elements as nothing", () => {
    const { container } = renderBody(
      story([{ type: "numeric_rating", numeric_rating: 4 }, null, 7, "texto", { content: "sin tipo" }, { type: "text", content: "Queda" }]),
      {
        published: true,
        ads: false,
      },
    );
    expect(sequence(container)).toEqual(["p:Queda"]);
  });
});

describe("raw_html", () => {
  const raw = (content: unknown) => renderBody(story([{ type: "raw_html", content }]), { published: true, ads: false });

  it("shows a context_pdf document as a 600 px iframe from its src", () => {
    expect(PDF_FRAME_HEIGHT).toBe(600);
    const { container } = raw('<div class="context_pdf"><iframe src="https://www.semana.com/documentos/fallo.pdf"></iframe></div>');
    const frame = container.querySelector("iframe")!;
    expect(frame.getAttribute("src")).toBe("https://www.semana.com/documentos/fallo.pdf");
    expect(frame.getAttribute("height")).toBe("600");
    expect(frame.getAttribute("title")).toBe("Documento PDF");
    const local = raw('<div class="context_pdf"><iframe src="/documentos/fallo-de-la-corte.pdf?v=2"></iframe></div>');
    expect(local.container.querySelector("iframe")!.getAttribute("src")).toBe("/documentos/fallo-de-la-corte.pdf?v=2");
  });

  it.each([
    ['<div class="context_pdf"></div>'],
    ['<div class="context_pdf"><iframe src=""></iframe></div>'],
    ['<div class="context_pdf"><iframe src="   "></iframe></div>'],
    ['<div class="context_pdf"><iframe src="javascript:alert(1)"></iframe></div>'],
    // A page of the site, not a document: framed, it would show a whole page inside the article.
    ['<div class="context_pdf"><iframe src="/nacion/"></iframe></div>'],
    ['<div class="context_pdf"><iframe src="/documentos/no-es-un-pdf"></iframe></div>'],
    // Hostile sources: another site's page or file, and the forms browsers read as another host.
    ['<div class="context_pdf"><iframe src="https://evil.example/phish"></iframe></div>'],
    ['<div class="context_pdf"><iframe src="https://evil.example/contrato.pdf"></iframe></div>'],
    ['<div class="context_pdf"><iframe src="//evil.example/contrato.pdf"></iframe></div>'],
    ['<div class="context_pdf"><iframe src="/\\evil.example/contrato.pdf"></iframe></div>'],
    ['<div class="context_pdf"><iframe src="https://www.semana.com/nacion/"></iframe></div>'],
    ['<div class="context_pdf"><iframe src="data:application/pdf;base64,JVBERi0="></iframe></div>'],
    ['<div class="context_pdf"><iframe src="java&#9;script:alert(1)//.pdf"></iframe></div>'],
    ['<div class="context_pdf"><iframe src="https://www.semana.com.evil.example/fallo.pdf"></iframe></div>'],
  ])("shows nothing for a context_pdf without a usable src: %s", (content) => {
    expect(raw(content).container.querySelector("[data-article-body]")!.innerHTML).toBe("");
  });

  it("sends YouTube embeds to the video player", () => {
    const { container } = raw('<iframe width="560" height="315" src="https://www.youtube.com/embed/nKW3wvhnZoE" title="Entrevista"></iframe>');
    expect(container.querySelector("iframe")).toBeNull();
    fireEvent.click(screen.getByRole("link", { name: "Reproducir video: Entrevista" }));
    expect(container.querySelector("iframe")!.getAttribute("src")).toContain("youtube-nocookie.com/embed/nKW3wvhnZoE");
  });

  it("keeps other raw HTML without scripts", () => {
    const { container } = raw(
      '<div class="infografia"><p>Datos</p><script>document.write("x")</script><img src="/images/i.png" onerror="x()" alt="Gráfico"></div>',
    );
    const embed = container.querySelector('[data-embed="raw_html"]')!;
    expect(embed.innerHTML).toBe('<div class="infografia"><p>Datos</p><img src="/images/i.png" alt="Gráfico"></div>');
  });

  it("shows nothing for empty or non-text content", () => {
    expect(raw("").container.querySelector("[data-article-body]")!.innerHTML).toBe("");
    expect(raw({ html: "x" }).container.querySelector("[data-article-body]")!.innerHTML).toBe("");
  });
});

describe("oembed_response", () => {
  const oembed = (element: Record<string, unknown>) => renderBody(story([{ type: "oembed_response", ...element }]), { published: true, ads: false });

  it("strips scripts from twitter and instagram embeds", () => {
    const twitter = JSON.parse(fs.readFileSync(path.join(FIXTURES, "oembed-response-fixture-good.json"), "utf8"));
    const { container } = oembed({ ...twitter, subtype: "twitter" });
    const embed = container.querySelector('[data-embed="twitter"]')!;
    expect(embed.querySelector("blockquote.twitter-tweet")).not.toBeNull();
    expect(embed.innerHTML).not.toMatch(/script|widgets\.js/);

    const ig = oembed({
      subtype: "instagram",
      raw_oembed: {
        html: '<blockquote class="instagram-media" data-instgrm-permalink="https://www.instagram.com/p/x/"><a href="https://www.instagram.com/p/x/">Ver</a></blockquote><script async src="//www.instagram.com/embed.js"></script>',
      },
    });
    const igEmbed = ig.container.querySelector('[data-embed="instagram"]')!;
    expect(igEmbed.querySelector("blockquote")!.getAttribute("data-instgrm-permalink")).toBe("https://www.instagram.com/p/x/");
    expect(igEmbed.innerHTML).not.toContain("<script");
  });

  it("plays YouTube oEmbeds in the lite player", () => {
    oembed({
      subtype: "youtube",
      raw_oembed: {
        url: "https://www.youtube.com/watch?v=nKW3wvhnZoE",
        title: "Rueda de prensa",
        html: '<iframe src="https://www.youtube.com/embed/nKW3wvhnZoE"></iframe>',
      },
    });
    expect(screen.getByRole("link", { name: "Reproducir video: Rueda de prensa" })).toBeTruthy();
  });

  it("keeps other providers' markup, sanitized", () => {
    const { container } = oembed({
      subtype: "other",
      raw_oembed: { provider_name: "Vimeo", html: '<iframe src="https://player.vimeo.com/video/1" onload="x()"></iframe>' },
    });
    expect(container.querySelector('[data-embed="other"] iframe')!.getAttribute("src")).toBe("https://player.vimeo.com/video/1");
    expect(container.innerHTML).not.toContain("onload");
  });
});

describe("related tags and per-section extras", () => {
  const tags = [
    { text: "Gustavo Petro", slug: "gustavo-petro" },
    { text: "" },
    { text: "Reforma a la salud", slug: "reforma-a-la-salud" },
    { text: "Congreso" },
    { text: "   " },
    { text: "EPS", slug: "eps" },
    { text: "Ministerio de Salud", slug: "ministerio-de-salud" },
    { text: "Superintendencia", slug: "superintendencia" },
  ];

  it("shows the first 5 non-empty tags linking to /noticias/<slug>/", () => {
    expect(RELATED_TAGS_LIMIT).toBe(5);
    renderBody(story(paragraphs(1), { taxonomy: { primary_section: { _id: "/nacion" }, tags } }), { published: true, ads: false });
    const nav = screen.getByRole("navigation", { name: "Temas relacionados" });
    expect([...nav.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Gustavo Petro", "/noticias/gustavo-petro/"],
      ["Reforma a la salud", "/noticias/reforma-a-la-salud/"],
      ["Congreso", "/noticias/congreso/"],
      ["EPS", "/noticias/eps/"],
      ["Ministerio de Salud", "/noticias/ministerio-de-salud/"],
    ]);
    expect(relatedTags({ taxonomy: { tags: "x" } })).toEqual([]);
  });

  it("elections articles put the tags and a banner linking to /elecciones/ above the body", () => {
    const { container } = renderBody(story(paragraphs(2), { taxonomy: { sections: [{ _id: "/elecciones" }], tags } }), { published: true, ads: false });
    const seq = sequence(container);
    expect(seq[0]).toMatch(/^nav:Temas relacionados/);
    expect(seq[1]).toMatch(/^a:/);
    const banner = container.querySelector<HTMLAnchorElement>("[data-elections-banner]")!;
    expect(banner.getAttribute("href")).toBe("/elecciones/");
    expect(banner.querySelector('[role="img"]')!.getAttribute("aria-label")).toMatch(/^Elecciones 2026/);
    expect(seq.slice(2)).toEqual(["p:Párrafo 1", "p:Párrafo 2"]);
  });

  it("recipes carry schema.org Recipe data read from the body", () => {
    const { container } = renderBody(
      story(
        [
          { type: "text", content: "Una receta de la abuela." },
          { type: "header", level: 2, content: "Ingredientes" },
          {
            type: "list",
            items: [
              { type: "text", content: "2 tazas de arroz" },
              { type: "text", content: "1 pollo" },
            ],
          },
          { type: "header", level: 2, content: "Preparación" },
          { type: "text", content: "Cocine el pollo." },
          { type: "text", content: "Agregue el arroz<script>alert(1)</script> y cierre &lt;/script&gt;." },
        ],
        {
          taxonomy: { sections: [{ _id: "/recetas" }] },
          headlines: { basic: "Arroz con pollo" },
          credits: { by: [{ name: "Chef Ana" }] },
          publish_date: "2026-01-05T10:00:00Z",
        },
      ),
      { published: true, ads: false },
    );
    const script = container.querySelector('script[type="application/ld+json"]')!;
    expect(script.innerHTML).not.toContain("</script");
    const data = JSON.parse(script.textContent!);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Arroz con pollo",
      author: { "@type": "Person", name: "Chef Ana" },
      datePublished: "2026-01-05T10:00:00Z",
      recipeIngredient: ["2 tazas de arroz", "1 pollo"],
    });
    expect(data.recipeInstructions.map((s: any) => s.text)).toEqual(["Cocine el pollo.", "Agregue el arroz y cierre </script>."]);
  });

  it("other articles carry no recipe data", () => {
    expect(renderBody(story(paragraphs(1))).container.querySelector('script[type="application/ld+json"]')).toBeNull();
  });
});

describe("fixtures from another team", () => {
  const files = fs.readdirSync(FIXTURES).filter((f) => f.endsWith(".json"));
  const documents = files.filter((f) => /^(story|gallery|video|collection|author|image)-/.test(f));
  const elements = files.filter((f) => !documents.includes(f));

  it.each(documents)("%s renders without error", (file) => {
    const doc = JSON.parse(fs.readFileSync(path.join(FIXTURES, file), "utf8"));
    const { container } = renderBody(doc);
    expect(container.querySelector("[data-article-body]")).not.toBeNull();
  });

  it.each(elements)("%s wrapped in a story renders without error", (file) => {
    const element = JSON.parse(fs.readFileSync(path.join(FIXTURES, file), "utf8"));
    const { container } = renderBody(story([element]));
    expect(container.querySelector("[data-article-body]")).not.toBeNull();
  });

  it("story-fixture-good.json shows its known elements and ignores the rest", () => {
    const doc = JSON.parse(fs.readFileSync(path.join(FIXTURES, "story-fixture-good.json"), "utf8"));
    const { container } = renderBody(doc, { published: true, ads: false });
    const body = container.querySelector("[data-article-body]")!;
    expect(body.textContent).toContain("this is my first paragraph");
    expect(body.querySelector("figcaption")!.textContent).toBe("Never gonna give you up | Foto: Ansel Adams");
    expect(body.querySelector("blockquote")).not.toBeNull();
    expect(body.textContent).not.toContain("An earlier version of this article");
    expect(body.innerHTML).not.toContain("<script");
  });
});

describe("block definition", () => {
  it("is empty only on pages without an article", () => {
    const withArticle = server.transform!({}, {}, context({ _id: "A", type: "story" }));
    expect(server.isEmpty!(withArticle, {})).toBe(false);
    // On pages without an article the runtime skips the block as empty.
    expect(server.isEmpty!(server.transform!({}, {}, context(undefined)), {})).toBe(true);
    expect(renderBody(undefined).container.innerHTML).toBe("");
  });
});

describe("body data", () => {
  const fixture = () => JSON.parse(fs.readFileSync(path.join(FIXTURES, "story-fixture-good.json"), "utf8"));

  it("leaves out an element it cannot read and tells the site's logger, with the page and the element", () => {
    const lines: Array<[string, Record<string, unknown> | undefined]> = [];
    const log = { debug() {}, info() {}, error() {}, warn: (message: string, fields?: Record<string, unknown>) => void lines.push([message, fields]) };
    const broken = {
      _id: "ROTO",
      type: "text",
      get content(): string {
        throw new Error("contenido ilegible");
      },
    };
    const data = articleBodyData(
      story([broken, { _id: "P2", type: "text", content: "Sigue la nota." }]),
      { published: true, ads: false },
      { path: "/nacion/x/", log },
    )!;
    expect(data.body.map((item) => item.type)).toEqual(["text"]);
    expect(lines).toEqual([["article-body: elemento de contenido omitido", expect.objectContaining({ path: "/nacion/x/", tipo: "text", id: "ROTO" })]]);
  });

  it("is the body as typed render items, HTML sanitised on the server", () => {
    const data = articleBodyData(
      story([
        { _id: "H1", type: "header", level: 1, alignment: "center", content: "Antecedentes" },
        { _id: "P1", type: "text", content: "Texto <b>fuerte</b><script>alert(1)</script>", additional_properties: { comments: [] } },
        {
          _id: "I1",
          type: "image",
          url: "/images/a.jpg",
          caption: "Plaza",
          width: 1200,
          height: 800,
          credits: { by: [{ _id: "ana", name: "Ana Pérez", type: "author" }] },
        },
        {
          _id: "L1",
          type: "list",
          list_type: "ordered",
          items: [
            { _id: "L1a", type: "text", content: "Uno" },
            { type: "list", items: [{ type: "text", content: "Dos" }] },
          ],
        },
        { _id: "R1", type: "raw_html", content: '<div class="x" onclick="y()">Datos</div><script>z()</script>' },
        { _id: "A1", type: "ad", adSlot: "Barra_2_D", adDisplay: "all" },
        { _id: "X1", type: "numeric_rating", numeric_rating: 4 },
      ]),
      { published: true, ads: false },
    );
    expect(data).toEqual({
      body: [
        { type: "header", level: 2, html: "Antecedentes", align: "center" },
        { type: "text", html: "Texto <b>fuerte</b>" },
        { type: "image", url: "/images/a.jpg", caption: "Plaza", credit: "Ana Pérez", width: 1200, height: 800 },
        { type: "list", ordered: true, items: ["Uno", { ordered: false, items: ["Dos"] }] },
        { type: "embed", source: "raw_html", html: '<div class="x">Datos</div>' },
        { type: "ad", name: "Barra_2_D", target: "all" },
      ],
      tags: [],
      house: houseAd("semana"),
    });
  });

  it("is a plain list the server may cut (the paywall): the component draws whatever it gets", () => {
    const data = articleBodyData(story(paragraphs(8)), { published: true }, { brand: "semana", path: "/" }, ANSWERS)!;
    const cut = { ...data, body: data.body.slice(0, 3) };
    const { container } = render(<ArticleBody id="body" pageId="article" settings={{ published: true }} data={cut} />);
    expect(sequence(container)).toEqual(["p:Párrafo 1", "ad:Boton_1_M", "widget:connatix_geo_player"]);
  });

  it("carries the elections flag with the banner image, and the recipe's structured data object", () => {
    const elections = articleBodyData(story(paragraphs(1), { taxonomy: { sections: [{ _id: "/elecciones" }] } }), {
      published: true,
      showTags: false,
      electionsBanner: "/images/banner.jpg",
    })!;
    expect(elections.elections).toEqual({ href: "/elecciones/", bannerImage: "/images/banner.jpg" });
    expect(
      articleBodyData(story([], { taxonomy: { sections: [{ _id: "/elecciones" }] } }), { published: true, electionsBanner: "javascript:x" })!.elections,
    ).toEqual({ href: "/elecciones/" });
    const recipe = articleBodyData(story(paragraphs(1), { taxonomy: { sections: [{ _id: "/recetas" }] } }), { published: true })!;
    expect(recipe.recipe).toMatchObject({ "@type": "Recipe", name: "Titular" });
    expect(articleBodyData(story(paragraphs(1)), { published: true })).not.toHaveProperty("recipe");
  });

  it("does not carry what the blocks do not render (story-fixture-good.json)", () => {
    const doc = fixture();
    const json = JSON.stringify([articleHeaderData(doc, "semana"), articleBodyData(doc, { published: true })]);
    // Ids of the document and of its elements, raw credits, restrictions, extension fields, unrendered elements.
    for (const absent of [
      doc._id,
      "unique ANS id",
      "549876543210",
      "22222220",
      "safas9dafs097asd890f",
      "_id",
      "content_restrictions",
      "additional_properties",
      '"credits"',
      '"by"',
      "referent",
      "correction",
      "An earlier version",
      "numeric_rating",
      "canonical_url",
      "<script",
    ]) {
      expect(json).not.toContain(absent);
    }
    // What the header and body do render is there.
    expect(json).toContain("this is my first paragraph");
    expect(json).toContain("Ansel Adams");
  });

  it("is much smaller than the document that used to travel to the browser", () => {
    const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
    const measure = (doc: any, brand: string) => ({
      document: size(doc),
      data: size(articleHeaderData(doc, brand)) + size(articleBodyData(doc, { published: true })),
    });
    // The largest story of the fixtures: 10,832 bytes of document; 2,095 bytes of data.
    const large = measure(fixture(), "semana");
    expect(large.data).toBeLessThan(large.document / 4);
    // A typical seeded story (the median-sized one; in the default corpus about 5.8 KB of document, 3.4 KB of data).
    const stories = generateCorpus({ scale: 0.1 }).documents.filter((doc: any) => doc.type === "story" && doc.subtype !== "edicion-impresa");
    const sizes = stories.map((doc: any) => measure(doc, doc.canonical_website)).sort((a, b) => a.document - b.document);
    const typical = sizes[Math.floor(sizes.length / 2)];
    expect(typical.data).toBeLessThan(typical.document * 0.7);
    for (const doc of stories.slice(0, 50)) {
      const json = JSON.stringify([articleHeaderData(doc, doc.canonical_website), articleBodyData(doc, { published: true })]);
      for (const absent of ['"_id"', doc._id, "content_restrictions", "additional_properties", "social_links", '"credits"', "canonical_url", "website_url"])
        expect(json).not.toContain(absent);
    }
  });
});

describe("paywall", () => {
  const locked = (signedIn: boolean): PageContext => ({ ...context(undefined), access: { locked: true, signedIn } });
  const recipeStory = story([{ type: "header", level: 2, content: "Ingredientes" }, ...paragraphs(6)], {
    taxonomy: { primary_section: { _id: "/recetas", name: "Recetas" }, sections: [{ _id: "/recetas" }], tags: [{ text: "Cocina", slug: "cocina" }] },
  });

  it("keeps only the first paragraph of a locked body, and nothing built from the rest", () => {
    const data = server.transform!({}, { published: true }, { ...locked(false), article: recipeStory })!;
    expect(data.body).toEqual([{ type: "text", html: "Párrafo 1" }]);
    expect(data.recipe).toBeUndefined();
    const json = JSON.stringify(data);
    for (const n of [2, 3, 4, 5, 6]) expect(json).not.toContain(`Párrafo ${n}`);
    expect(json).not.toContain("Ingredientes");
    // The tags stay: they are not the article's text.
    expect(data.tags.map((t) => t.text)).toEqual(["Cocina"]);
  });

  it("shows the notice with the brand's pitch, the price, 'Suscríbete' and 'Inicia sesión' to a signed-out reader", () => {
    const data = JSON.parse(JSON.stringify(server.transform!({}, { published: true }, { ...locked(false), brand: "elpais", article: story(paragraphs(3)) })));
    const { container } = render(<ArticleBody id="body" pageId="article" settings={{ published: true }} data={data} />);
    const notice = container.querySelector<HTMLElement>("[data-paywall]")!;
    expect(notice.dataset).toMatchObject({ contentId: "S1", section: "/nacion" });
    expect(notice.textContent).toContain("suscriptores de El País");
    expect(notice.textContent).toContain("$199.000 al año");
    expect(screen.getByRole("link", { name: "Suscríbete" }).getAttribute("href")).toBe("/store/?offerId=466");
    const login = screen.getByRole("link", { name: "Inicia sesión" });
    expect(login.getAttribute("href")).toBe("/-revista-semana/?redirect=%2Fnacion%2Farticulo%2Fx%2F");
    expect(login.hasAttribute("data-open-login")).toBe(true);
    expect(screen.getByRole("link", { name: "Términos y condiciones" }).getAttribute("href")).toBe("/terminos-de-uso/");
    expect(notice.textContent).not.toContain("No cuenta con una suscripción");
    expect(sequence(container)).toEqual(["p:Párrafo 1", expect.stringMatching(/^section:Este contenido es exclusivo/)]);
  });

  it("tells a signed-in reader without a subscription so, without the login prompt", () => {
    const data = JSON.parse(JSON.stringify(server.transform!({}, { published: true }, { ...locked(true), article: story(paragraphs(3)) })));
    render(<ArticleBody id="body" pageId="article" settings={{ published: true }} data={data} />);
    expect(screen.getByText("No cuenta con una suscripción")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Inicia sesión" })).toBeNull();
    expect(screen.getByRole("link", { name: "Suscríbete" })).toBeTruthy();
  });

  it("renders the whole body, and no notice, for an entitled reader or a free article", () => {
    for (const access of [{ locked: false, signedIn: true }, { locked: false, signedIn: false }, undefined]) {
      const data = server.transform!({}, { published: true }, { ...context(story(paragraphs(3))), access })!;
      expect(data.paywall).toBeUndefined();
      expect(data.body.filter((item) => item.type === "text")).toHaveLength(3);
    }
  });
});
