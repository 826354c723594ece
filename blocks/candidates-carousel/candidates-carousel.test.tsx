// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import type { PageContext } from "../../runtime/types";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import CandidatesCarousel from "./index";
import block, { CANDIDATES_FEED_SIZE, candidatesTitle } from "./index.server";
import schema from "./schema.json";

const gobernaciones = { _id: "/elecciones/gobernaciones", name: "Gobernaciones" };
const context = (path: string): PageContext => ({ brand: "semana", path, params: {}, query: {} });

describe("candidates-carousel (docs/carousels-and-blocks.md#candidates)", () => {
  it("takes its title from the section's name", () => {
    expect(candidatesTitle("Gobernaciones")).toBe("Candidatos Gobernaciones");
    expect(candidatesTitle("Otras Ciudades")).toBe("Candidatos Alcaldías");
    expect(candidatesTitle("Alcaldía de Bogotá")).toBe("Candidatos");
    expect(candidatesTitle(undefined)).toBe("Candidatos");
  });

  it("asks for 8 items whose primary section is the section the page's URL names, or the one the editor set", () => {
    expect(CANDIDATES_FEED_SIZE).toBe(8);
    expect(schema.properties.feedSize.default).toBe(8);
    const fromUrl = block.fetch!({ published: true }, context("/elecciones/gobernaciones/"));
    expect(fromUrl.stories).toMatchObject({ source: "content-apir-v2", query: { includeSections: "elecciones/gobernaciones", feedSize: 8, feedOffset: 0 } });
    expect(fromUrl.section).toMatchObject({ source: "section-source", query: { path: "/elecciones/gobernaciones" }, optional: true });
    const set = block.fetch!({ published: true, section: "/elecciones/otras-ciudades" }, context("/elecciones/"));
    expect(set.stories.query.includeSections).toBe("elecciones/otras-ciudades");
  });

  it("keeps only the section's own candidates and names the carousel after the section", () => {
    const feed = makeFeed([
      makeStory(0, { section: gobernaciones }),
      makeStory(1, { section: { _id: "/elecciones", name: "Elecciones" } }),
      makeStory(2, { section: gobernaciones }),
      makeStory(3, { section: gobernaciones, noImage: true }),
    ]);
    const data = block.transform!({ stories: feed, section: { name: "Gobernaciones" } }, { published: true }, context("/elecciones/gobernaciones/"));
    expect(data.title).toBe("Candidatos Gobernaciones");
    expect(data.link).toBe("/elecciones/gobernaciones/");
    expect(data.items.map((item) => item.id)).toEqual(["HISTORIA0000", "HISTORIA0002"]);
    // Without the section's record the brand's section list names it.
    const otras = block.transform!({ stories: makeFeed([]) }, { published: true, section: "/elecciones/otras-ciudades" }, context("/"));
    expect(otras.title).toBe("Candidatos Alcaldías");
    expect(block.isEmpty!(otras, { published: true })).toBe(true);
  });

  it("renders the candidates as a carousel of cards under the title", () => {
    const feed = makeFeed(Array.from({ length: 8 }, (_, i) => makeStory(i, { section: gobernaciones })));
    const data = block.transform!({ stories: feed, section: { name: "Gobernaciones" } }, { published: true }, context("/elecciones/gobernaciones/"));
    const doc = new DOMParser().parseFromString(
      renderToString(<CandidatesCarousel id="c" pageId="p" settings={{ published: true }} data={data} />),
      "text/html",
    );
    expect(doc.querySelector("h2")?.textContent).toBe("Candidatos Gobernaciones");
    expect(doc.querySelector("[aria-roledescription='carrusel']")?.getAttribute("aria-label")).toBe("Candidatos Gobernaciones");
    expect(doc.querySelectorAll("li.swiper-slide")).toHaveLength(8);
    expect(doc.querySelector("[data-autoplay]")).toBeNull();
    expect(doc.querySelector("img")?.getAttribute("loading")).toBe("lazy");
    // At the top of its page, the first candidate's photo is the largest paint: it loads at once.
    const top = new DOMParser().parseFromString(
      renderToString(<CandidatesCarousel id="c" pageId="p" settings={{ published: true, aboveTheFold: true }} data={data} />),
      "text/html",
    );
    expect([...top.querySelectorAll("img")].map((img) => img.getAttribute("loading")).slice(0, 2)).toEqual(["eager", "lazy"]);
    // As the main content of a candidates' section page its title is the page's h1.
    const main = new DOMParser().parseFromString(
      renderToString(<CandidatesCarousel id="c" pageId="p" settings={{ published: true, headingLevel: 1 }} data={data} />),
      "text/html",
    );
    expect(main.querySelector("h1")?.textContent).toBe("Candidatos Gobernaciones");
  });
});
