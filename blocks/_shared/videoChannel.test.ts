// The video channel's rules (docs/video-channel.md) on the seeded navigation trees and on trees
// an editor or another newsroom could send: the bar's active item, the home's rows in the spec's
// order, programmes told from journalists, the first 9 categories, and what each feed asks.
import type { PageContext } from "../../runtime/types";
import { generateCorpus } from "../../server/content/seed";
import { makeFeed, makeStory } from "./StoryCard.fixtures";
import { activeVideoNavItem, documentVideoId, leadAndLatest, VIDEO_COUNTS, VIDEO_LABELS, VIDEO_NAV_ITEMS, videoCards, videoFeedFetch } from "./videoChannel";
import { channelHeading, headingFetches } from "./videoChannelHeading";
import { homeRows, NAV_SEMANA_TV, NAV_SEMANA_TV_CATEGORIES, treeCategories, treeJournalists, treeProgrammes } from "./videoChannelTrees";

const navigation = generateCorpus({ scale: 0.05 }).navigation;
const tree = (id: string) => navigation.find((record) => record.brand === "semana" && record.id === id)!.tree;
const ctx = (over: Partial<PageContext> = {}): PageContext => ({ brand: "semana", path: "/semana-tv/", params: {}, query: {}, ...over });

describe("the navigation bar", () => {
  it("has the spec's five links in order", () => {
    expect(VIDEO_NAV_ITEMS.map((item) => item.href)).toEqual([
      "/tv/",
      "/semana-tv/programas/",
      "/semana-tv/programas/semana-noticias/",
      "/semana-tv/categorias/",
      "/semana-tv/virales/",
    ]);
  });

  it("marks the item of the current path, its query string left out, and none elsewhere", () => {
    expect(activeVideoNavItem("/tv/")).toBe("/tv/");
    expect(activeVideoNavItem("/tv")).toBe("/tv/");
    expect(activeVideoNavItem("/tv/?utm_source=boletin&x=1")).toBe("/tv/");
    expect(activeVideoNavItem("/semana-tv/programas/semana-noticias/?autoplay=1")).toBe("/semana-tv/programas/semana-noticias/");
    expect(activeVideoNavItem("/semana-tv/programas/")).toBe("/semana-tv/programas/");
    // A programme page, a category page and the channel's other pages are no item of the bar.
    expect(activeVideoNavItem("/semana-tv/programas/el-control/")).toBeUndefined();
    expect(activeVideoNavItem("/semana-tv/categorias/politica/")).toBeUndefined();
    expect(activeVideoNavItem("/semana-tv/")).toBeUndefined();
    expect(activeVideoNavItem("/")).toBeUndefined();
  });
});

describe("the video home's rows", () => {
  it("are the first 2 children of navSemanaTv, the journalists, then the rest (the seeded tree)", () => {
    const rows = homeRows(tree(NAV_SEMANA_TV));
    expect(rows.map((row) => [row.kind, row.title])).toEqual([
      ["featured", "Video destacado"],
      ["journalists", "Periodistas"],
      ["programme", "Semana Noticias"],
      ["programmes", "Programas de opinión"],
      ["categories", "Categorías"],
      ["section", "Lo más viral"],
    ]);
    const journalists = rows[1].kind === "journalists" ? rows[1].journalists : [];
    expect(journalists).toHaveLength(8);
    expect(journalists.every((j) => j.url === `/semana-tv/periodistas/${j.slug}/` && j.image?.startsWith("/images/"))).toBe(true);
    const programmes = rows[3].kind === "programmes" ? rows[3].programmes : [];
    expect(programmes.map((p) => p.title)).toEqual([
      "Vicky en Semana",
      "El Control",
      "Bajo el lente de Salud Hernández",
      "Salud Hernández",
      "¿Qué opina Sebastián Nohra?",
    ]);
    expect(programmes.every((p) => p.icon && p.hoverIcon && p.url === `${p.section}/`)).toBe(true);
    // The Categorías node has 11 children; rows take the first 9, as the categories page does.
    expect(rows[4].kind === "categories" && rows[4].categories.length).toBe(VIDEO_COUNTS.categories);
  });

  it("put the authors block after the first 2 children wherever the editors place the journalists' node", () => {
    const seeded = tree(NAV_SEMANA_TV) as any;
    const [featured, journalistsNode, news, ...rest] = seeded.children;
    const moved = { ...seeded, children: [featured, news, ...rest, journalistsNode] };
    expect(homeRows(moved).map((row) => row.kind)).toEqual(["featured", "programme", "journalists", "programmes", "categories", "section"]);
    const withoutJournalists = { ...seeded, children: [featured, news, ...rest] };
    expect(homeRows(withoutJournalists).map((row) => row.kind)).toEqual(["featured", "programme", "programmes", "categories", "section"]);
  });

  it("drop what a row cannot show: no title, no section, unsafe links", () => {
    const rows = homeRows({
      children: [
        { _id: "/semana-tv", display_name: "Destacado", url: "javascript:alert(1)" },
        { _id: "", display_name: "Sin sección" },
        { _id: "/semana-tv/virales" },
        { _id: "/semana-tv/virales", display_name: "Virales", url: "//evil.example/" },
        "no es un nodo",
        null,
      ],
    });
    expect(rows).toEqual([
      { kind: "featured", title: "Destacado", section: "/semana-tv" },
      { kind: "section", title: "Virales", section: "/semana-tv/virales" },
    ]);
    expect(homeRows(null)).toEqual([]);
    expect(homeRows({ children: "x" })).toEqual([]);
  });
});

describe("programmes, journalists and categories of a tree", () => {
  it("tells programme entries (title and icons) from journalists' entries (a photo as icon)", () => {
    const seeded = tree(NAV_SEMANA_TV);
    expect(treeProgrammes(seeded)).toHaveLength(5);
    expect(treeProgrammes(seeded).some((p) => p.url.startsWith("/semana-tv/periodistas/"))).toBe(false);
    expect(treeJournalists(seeded).map((j) => j.slug)).toHaveLength(8);
    expect(treeJournalists({ children: [{ children: [{ display_name: "X", url: "/semana-tv/periodistas/a/b/" }] }] })).toEqual([]);
  });

  it("takes the first 9 children of navSemanaTVCategorias", () => {
    const seeded = tree(NAV_SEMANA_TV_CATEGORIES) as any;
    expect(seeded.children).toHaveLength(11);
    const categories = treeCategories(seeded);
    expect(categories).toHaveLength(9);
    expect(categories.map((c) => c.section)).toEqual(seeded.children.slice(0, 9).map((c: any) => c._id));
    expect(categories.every((c) => c.url === `${c.section}/`)).toBe(true);
  });
});

describe("what video blocks ask", () => {
  it("lists a section's videos, a programme's documents or a journalist's videos under /semana-tv", () => {
    expect(videoFeedFetch({}, ctx({ path: "/semana-tv/virales/" }), 12, 0)).toMatchObject({
      source: "video-section-source",
      query: { website: "semana", includeSections: "/semana-tv/virales", feedSize: 12, feedOffset: 0 },
    });
    expect(videoFeedFetch({ feed: "programme" }, ctx({ path: "/semana-tv/programas/el-control/" }), 10, 0)).toMatchObject({
      source: "content-apir-semanaTV-v2",
      query: { includeSections: "/semana-tv/programas/el-control", feedSize: 10 },
    });
    expect(videoFeedFetch({ feed: "journalist" }, ctx({ params: { slug: " daniel-mejia " } }), 4, 9)).toMatchObject({
      source: "content-api-search-author",
      query: { includeId: "daniel-mejia", includeSections: "/semana-tv", feedSize: 4, feedOffset: 9 },
    });
    expect(videoFeedFetch({ section: "semana-tv" }, ctx({ path: "/otra/" }), 9, 0)?.query.includeSections).toBe("/semana-tv");
    expect(videoFeedFetch({ feed: "journalist" }, ctx(), 4, 0)).toBeUndefined();
    expect(videoFeedFetch({}, ctx({ path: "/" }), 4, 0)).toBeUndefined();
  });

  it("titles a page with its section, its programme's icon, or its journalist", () => {
    const programme = ctx({ path: "/semana-tv/programas/el-control/" });
    expect(Object.keys(headingFetches({ feed: "programme" }, programme))).toEqual(["seccion", "navegacion"]);
    const heading = channelHeading(
      { feed: "programme" },
      { seccion: { name: "El Control", site: { site_description: "El programa." } }, navegacion: tree(NAV_SEMANA_TV) },
      programme,
    );
    expect(heading).toEqual({ title: "El Control", description: "El programa.", image: "/images/programa-el-control.jpg" });
    const journalist = channelHeading(
      { feed: "journalist" },
      { periodista: { authors: [{ byline: "Daniel Mejía", image: "/images/autor-07.jpg", description: "Periodista de video." }] } },
      ctx({ params: { slug: "daniel-mejia" } }),
    );
    expect(journalist).toEqual({ title: "Daniel Mejía", description: "Periodista de video.", image: "/images/autor-07.jpg", portrait: true });
    expect(
      channelHeading({ feed: "journalist" }, { periodista: { authors: [{ byline: "X", image: "javascript:1" }] } }, ctx({ params: { slug: "x" } })),
    ).toEqual({
      title: "X",
    });
    expect(channelHeading({}, {}, ctx())).toBeUndefined();
  });

  it("makes video cards with subheadlines cut at 80 and a lead that plays its YouTube video", () => {
    const long = "Un resumen muy largo del video que sigue y sigue contando detalles hasta pasar de largo los ochenta caracteres.";
    const docs = [0, 1, 2].map((i) => ({ ...makeStory(i, { type: "video" }), subheadlines: { basic: long }, youtube_content_id: "jDt4L_JWmkw" }));
    const cards = videoCards(makeFeed(docs));
    expect(cards.map((card) => card.subheadline)).toEqual(Array(3).fill(`${long.slice(0, 80).trimEnd()}...`));
    const { lead, latest } = leadAndLatest(makeFeed(docs));
    expect(lead).toMatchObject({ story: { id: "HISTORIA0000" }, videoId: "jDt4L_JWmkw" });
    expect(latest.map((card) => card.id)).toEqual(["HISTORIA0001", "HISTORIA0002"]);
    expect(leadAndLatest(undefined)).toEqual({ latest: [] });
    expect(VIDEO_LABELS.more).toBe("Más videos");
  });

  it("reads a video id from youtube_content_id or the embedded player, never from anything else", () => {
    expect(documentVideoId({ youtube_content_id: "jDt4L_JWmkw" })).toBe("jDt4L_JWmkw");
    expect(documentVideoId({ promo_items: { html: { content: '<iframe src="https://www.youtube.com/embed/nKW3wvhnZoE"></iframe>' } } })).toBe("nKW3wvhnZoE");
    expect(documentVideoId({ youtube_content_id: "<script>", promo_items: { html: { content: "<iframe src='https://evil.example/x'>" } } })).toBeUndefined();
    expect(documentVideoId(null)).toBeUndefined();
  });
});
