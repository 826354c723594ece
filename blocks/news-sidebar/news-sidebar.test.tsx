// @vitest-environment jsdom
import fs from "node:fs";
import path from "node:path";
import { render, screen } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import NewsSidebar from "./index";
import block, { LATEST_NEWS_SIZE, MOST_READ_SIZE, type Data } from "./index.server";
import { SIDEBAR_WIDTH } from "./Component";

const article = { _id: "ART1", type: "story", canonical_url: "/nacion/articulo/actual/1/" };
const context = (overrides: Partial<PageContext> = {}): PageContext => ({
  brand: "semana",
  path: "/nacion/articulo/actual/1/",
  params: {},
  query: {},
  article,
  ...overrides,
});
const doc = (i: number, extra: Record<string, any> = {}) => ({
  _id: `D${i}`,
  type: "story",
  headlines: { basic: `Noticia ${i}` },
  canonical_url: `/nacion/articulo/noticia-${i}/`,
  ...extra,
});

describe("news-sidebar fetch", () => {
  it("reads latest news from the latest-stories source, and most read without the current article", () => {
    expect(block.fetch!({ published: true }, context())).toEqual({
      latest: {
        source: "latest-stories",
        query: { website: "semana", feedSize: LATEST_NEWS_SIZE + 1, sourceInclude: "headlines.basic,canonical_url,website_url" },
        optional: true,
      },
      mostRead: { source: "taboola-newsroom-api", query: { website: "semana", exclude: "ART1" }, optional: true },
    });
  });

  it("reads latest news from a collection when the editor sets one", () => {
    const fetches = block.fetch!({ published: true, collectionId: "ultimas-nacion" }, context({ brand: "elpais", article: undefined }));
    expect(fetches.latest).toMatchObject({ source: "content-api-collections", query: { website: "elpais", queryString: "ultimas-nacion", feedSize: 6 } });
    expect(fetches.mostRead.query).toEqual({ website: "elpais" });
  });
});

describe("news-sidebar transform", () => {
  it("keeps 5 latest and 3 most read, dropping the current article and incomplete items", () => {
    expect([LATEST_NEWS_SIZE, MOST_READ_SIZE]).toEqual([5, 3]);
    const latest = {
      type: "results",
      content_elements: [
        doc(1),
        { _id: "ART1", type: "story", headlines: { basic: "Actual" }, canonical_url: "/x/" },
        doc(2),
        { _id: "N", type: "story" },
        doc(3),
        doc(4),
        doc(5),
        doc(6),
      ],
    };
    const mostRead = {
      type: "results",
      content_elements: [
        { _id: "M1", url: "/a/", title: "Más leída 1" },
        { _id: "M2", url: "/nacion/articulo/actual/1/", title: "La actual" },
        { _id: "M3", url: "/b/", title: "" },
        { _id: "M4", url: "/c/", title: "Más leída 2" },
        { _id: "M5", url: "/d/", title: "Más leída 3" },
        { _id: "M6", url: "/e/", title: "Más leída 4" },
      ],
    };
    const data = block.transform!({ latest, mostRead }, { published: true }, context());
    expect(data.latest.map((i) => i.title)).toEqual(["Noticia 1", "Noticia 2", "Noticia 3", "Noticia 4", "Noticia 5"]);
    expect(data.mostRead).toEqual([
      { title: "Más leída 1", url: "/a/" },
      { title: "Más leída 2", url: "/c/" },
      { title: "Más leída 3", url: "/d/" },
    ]);
    // Titles and links only: nothing of the current article or of the answers' other fields travels.
    expect(JSON.stringify(data)).not.toMatch(/ART1|Actual|La actual|headlines|"_id"/);
  });

  it("tolerates a failed fetch (undefined) on either side", () => {
    const data = block.transform!({ latest: undefined, mostRead: { content_elements: [{ url: "/a/", title: "Uno" }] } }, { published: true }, context());
    expect(data).toEqual({ latest: [], mostRead: [{ title: "Uno", url: "/a/" }] });
    expect(block.isEmpty!(data, { published: true })).toBe(false);
    expect(block.isEmpty!({ latest: [], mostRead: [] }, { published: true })).toBe(true);
  });
});

describe("news-sidebar component", () => {
  const data: Data = {
    latest: [1, 2, 3, 4, 5].map((i) => ({ title: `Noticia ${i}`, url: `/n/${i}/` })),
    mostRead: [1, 2, 3].map((i) => ({ title: `Leída ${i}`, url: `/l/${i}/` })),
  };

  it("shows two numbered lists of links titled in Spanish", () => {
    const { container } = render(<NewsSidebar id="sidebar" pageId="article" settings={{ published: true }} data={data} />);
    const latest = screen.getByRole("region", { name: "Lo último" });
    const mostRead = screen.getByRole("region", { name: "Lo más leído" });
    expect([...latest.querySelectorAll("ol > li a")].map((a) => [a.textContent, a.getAttribute("href")])).toEqual(data.latest.map((i) => [i.title, i.url]));
    expect([...mostRead.querySelectorAll("ol > li")].map((li) => li.textContent)).toEqual(["1Leída 1", "2Leída 2", "3Leída 3"]);
    const aside = container.querySelector<HTMLElement>("aside")!;
    expect(aside.style.getPropertyValue("--sidebar-width")).toBe("312px");
  });

  it("leaves out an empty list", () => {
    render(<NewsSidebar id="s" pageId="p" settings={{ published: true }} data={{ latest: [], mostRead: data.mostRead }} />);
    expect(screen.queryByRole("region", { name: "Lo último" })).toBeNull();
    expect(screen.getByRole("region", { name: "Lo más leído" })).toBeTruthy();
  });

  it("is 312 px wide from 1024 px and full width below", () => {
    expect(SIDEBAR_WIDTH).toBe(312);
    const css = fs.readFileSync(path.join(__dirname, "styles.module.css"), "utf8");
    expect(css).toMatch(/@media \(min-width: 1024px\)\s*\{\s*\.sidebar\s*\{[^}]*width: var\(--sidebar-width\)/);
  });
});
