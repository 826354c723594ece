// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { generateCorpus } from "../../server/content/seed";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import VideoHome from "./index";
import block from "./index.server";

const ctx: PageContext = { brand: "semana", path: "/tv/", params: {}, query: {} };
const navSemanaTv = generateCorpus({ scale: 0.05 }).navigation.find((record) => record.brand === "semana" && record.id === "navSemanaTv")!.tree;
const feed = (prefix: number, n: number) =>
  makeFeed(Array.from({ length: n }, (_, i) => ({ ...makeStory(prefix * 100 + i, { type: "video" }), youtube_content_id: "jDt4L_JWmkw" })));

describe("video-home", () => {
  it("reads navSemanaTv, then asks each row's videos: the featured 9, Semana Noticias' 10, 10 per category (first 9) and 10 viral", () => {
    expect(block.fetch!({ published: true }, ctx)).toEqual({
      navegacion: { source: "navigation-api", query: { website: "semana", queryString: "navSemanaTv" } },
    });
    const rows = block.followUp!({ navegacion: navSemanaTv }, { published: true }, ctx);
    const summary = Object.entries(rows).map(([name, spec]) => [name, spec.source, spec.query.includeSections, spec.query.feedSize]);
    expect(summary.slice(0, 2)).toEqual([
      ["fila-0", "video-section-source", "/semana-tv", 9],
      ["fila-2", "content-apir-semanaTV-v2", "/semana-tv/programas/semana-noticias", 10],
    ]);
    const categories = summary.filter(([name]) => (name as string).startsWith("fila-4-"));
    expect(categories).toHaveLength(9);
    expect(categories.every(([, source, , size]) => source === "video-section-source" && size === 10)).toBe(true);
    expect(summary.at(-1)).toEqual(["fila-5", "video-section-source", "/semana-tv/virales", 10]);
  });

  it("shows the featured video, the journalists, Semana Noticias, the opinion programmes, the category rows and the viral row, in that order", () => {
    const answers: Record<string, unknown> = { navegacion: navSemanaTv };
    // Each row's source answers as many videos as the row asks.
    for (const [name, spec] of Object.entries(block.followUp!(answers, { published: true }, ctx)))
      answers[name] = feed(Object.keys(answers).length, spec.query.feedSize as number);
    const data = block.transform!(answers, { published: true }, ctx);
    render(<VideoHome id="portada-tv" pageId="tv" settings={{ published: true }} data={data} />);
    const titles = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual(["Video destacado", "Periodistas", "Semana Noticias", "Programas de opinión", "Categorías", "Lo más viral"]);
    const featured = screen.getByRole("region", { name: "Video destacado" });
    expect(within(featured).getByRole("link", { name: /^Reproducir video: / })).toBeTruthy();
    expect(within(within(featured).getByRole("region", { name: "Lo último" })).getAllByRole("article")).toHaveLength(8);
    const journalists = within(screen.getByRole("region", { name: "Periodistas" })).getAllByRole("link");
    expect(journalists).toHaveLength(8);
    expect(journalists.every((link) => /^\/semana-tv\/periodistas\/[a-z-]+\/$/.test(link.getAttribute("href")!))).toBe(true);
    const programmes = within(screen.getByRole("region", { name: "Programas de opinión" })).getAllByRole("link");
    // The title links to /semana-tv/programas/, then the 5 programmes.
    expect(programmes.map((link) => link.getAttribute("href"))).toEqual([
      "/semana-tv/programas/",
      ...Array(5).fill(expect.stringMatching(/^\/semana-tv\/programas\/[a-z-]+\/$/)),
    ]);
    const categories = screen.getByRole("region", { name: "Categorías" });
    expect(within(categories).getAllByRole("heading", { level: 3 })).toHaveLength(9);
    expect(within(within(categories).getAllByRole("region", { name: "Entrevistas" })[0]).getAllByRole("article")).toHaveLength(10);
    expect(screen.getAllByRole("region", { name: "Lo más viral" }).length).toBeGreaterThan(0);
  });

  it("leaves out rows without videos, and is empty without a tree", () => {
    const data = block.transform!({ navegacion: navSemanaTv }, { published: true }, ctx);
    expect(data.rows.map((row) => row.kind)).toEqual(["journalists", "programmes"]);
    expect(block.isEmpty!(block.transform!({ navegacion: null }, { published: true }, ctx), { published: true })).toBe(true);
  });
});
