// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { generateCorpus } from "../../server/content/seed";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import VideoCategories from "./index";
import block from "./index.server";

const ctx: PageContext = { brand: "semana", path: "/semana-tv/categorias/", params: {}, query: {} };
const tree = generateCorpus({ scale: 0.05 }).navigation.find((record) => record.brand === "semana" && record.id === "navSemanaTVCategorias")!.tree;

describe("video-categories", () => {
  it("takes the first 9 children of navSemanaTVCategorias and asks 10 videos of each", () => {
    expect(block.fetch!({ published: true }, ctx).navegacion.query).toEqual({ website: "semana", queryString: "navSemanaTVCategorias" });
    const rows = block.followUp!({ navegacion: tree }, { published: true }, ctx);
    expect(Object.values(rows).map((spec) => [spec.source, spec.query.includeSections, spec.query.feedSize])).toEqual(
      tree.children!.slice(0, 9).map((child) => ["video-section-source", child._id, 10]),
    );
  });

  it("shows the page title and a row of 10 per category, each titled with a link to the category's page", () => {
    const answers: Record<string, unknown> = { navegacion: tree };
    Object.keys(block.followUp!(answers, { published: true }, ctx)).forEach(
      (name, i) => (answers[name] = makeFeed(Array.from({ length: 10 }, (_, j) => makeStory(i * 10 + j, { type: "video" })))),
    );
    render(
      <VideoCategories
        id="categorias"
        pageId="semana-tv-categorias"
        settings={{ published: true }}
        data={block.transform!(answers, { published: true }, ctx)}
      />,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Categorías" })).toBeTruthy();
    const rows = screen.getAllByRole("heading", { level: 2 });
    expect(rows).toHaveLength(9);
    expect(within(rows[1]).getByRole("link").getAttribute("href")).toBe("/semana-tv/categorias/politica/");
    // The row and its carousel are both named after the category.
    expect(within(screen.getAllByRole("region", { name: "Política en video" })[0]).getAllByRole("article")).toHaveLength(10);
  });

  it("leaves out a category without videos", () => {
    const data = block.transform!({ navegacion: tree, "categoria-2": makeFeed([makeStory(1)]) }, { published: true }, ctx);
    expect(data.categories.map((category) => category.title)).toEqual(["Economía en video"]);
  });
});
