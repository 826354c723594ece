import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PageContext } from "../../runtime/types";
import { loadPages } from "../../server/load-pages";
import { projectRegistry } from "../../server/project";
import TrendingBar from "./index";
import server, { TRENDING_LIMIT, trendingHidden } from "./index.server";

const context = (path: string, article?: unknown, brand = "semana"): PageContext => ({ brand, path, params: {}, query: {}, article });
const tree = {
  children: [
    { display_name: "Elecciones", url: "/noticias/elecciones/" },
    { display_name: "Roto", url: "javascript:alert(1)" },
    { display_name: "", url: "/x/" },
    null,
  ],
};

describe("trending bar", () => {
  it("reads the brand's SemanaTrendyBar tree, keeping topics with a name and a safe link", () => {
    expect(server.fetch!({ published: true }, context("/nacion/articulo/x/1/"))).toEqual({
      tree: { source: "navigation-source", query: { website: "semana", queryString: "SemanaTrendyBar" } },
    });
    const data = server.transform!({ tree }, { published: true }, context("/"));
    expect(data.links).toEqual([{ label: "Elecciones", href: "/noticias/elecciones/" }]);
    const many = { children: Array.from({ length: 20 }, (_, i) => ({ display_name: `T${i}`, url: `/noticias/t${i}/` })) };
    expect(server.transform!({ tree: many }, { published: true }, context("/")).links).toHaveLength(TRENDING_LIMIT);
    expect(server.isEmpty!(server.transform!({ tree: null }, { published: true }, context("/")), { published: true })).toBe(true);
    expect(renderToStaticMarkup(<TrendingBar id="t" pageId="p" settings={{ published: true }} data={data} />)).toContain('<a class="_link_');
  });

  it("is hidden on especiales, especiales-editoriales, especiales-multimedia and foros-semana pages and articles", () => {
    for (const path of ["/especiales/", "/especiales-editoriales/x/", "/especiales-multimedia/x/1/", "/foros-semana/", "/foros-semana/foro/x/"]) {
      expect(trendingHidden(context(path)), path).toBe(true);
      expect(server.fetch!({ published: true }, context(path))).toEqual({});
    }
    expect(trendingHidden(context("/nacion/articulo/x/1/", { taxonomy: { primary_section: { _id: "/especiales-multimedia/2024" } } }))).toBe(true);
    expect(trendingHidden(context("/nacion/articulo/x/1/", { taxonomy: { sections: [{ _id: "/nacion" }] } }))).toBe(false);
    expect(trendingHidden(context("/especialistas/"))).toBe(false);
    // Every page of Foros Semana is a foros-semana page, its home and the group's pages included.
    expect(trendingHidden(context("/", undefined, "forosemana"))).toBe(true);
    expect(trendingHidden(context("/economia/empresas/", undefined, "forosemana"))).toBe(true);
    expect(trendingHidden(context("/", undefined, "elpais"))).toBe(false);
  });

  it("is on every brand's home and section pages and every article template, right under the site header", () => {
    // The pages as they are served: with the blocks they inherit from their layout's files.
    const pages = loadPages(projectRegistry());
    const listing = /^\/(:section\/|:parent\/:section\/|:grand\/:parent\/:section\/|seccion\/:section\/)?$/;
    const wanted = pages.filter(
      ({ page }) => page.brand !== "forosemana" && (String(page.template ?? "").startsWith("article-") || listing.test(page.route ?? "-")),
    );
    expect(wanted.length).toBeGreaterThan(15);
    for (const { file, page } of wanted) {
      const header = (page.regions.header ?? []).map((block) => block.type);
      expect(header.indexOf("trending-bar"), file).toBe(header.indexOf("site-header") + 1);
    }
  });
});
