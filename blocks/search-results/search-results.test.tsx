// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SNIPPET_MARK_END as E, SNIPPET_MARK_START as S } from "../../domain/search";
import SearchResults from "./index";
import server, { searchHref, searchRequest } from "./index.server";

const now = new Date("2024-05-20T15:00:00Z");
const contextWith = (query: Record<string, string>, cursor?: { offset: number }) => ({ brand: "semana", path: "/buscador/", params: {}, query, now, cursor });
const settings = { published: true };
const doc = (id: string, headline: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  type: "story",
  headlines: { basic: headline },
  canonical_url: `/economia/articulo/${id}/`,
  taxonomy: { primary_section: { _id: "/economia", name: "Economía" } },
  display_date: "2024-05-19T12:00:00Z",
  ...extra,
});
const answer = {
  type: "results",
  count: 12,
  next: 10,
  hits: [
    { document: doc("a", "La economía crece"), snippet: `La ${S}economía${E} <script>alert(1)</script> crece` },
    { document: doc("b", "Sin imagen"), snippet: "" },
    { document: doc("c", "Enlace malo", { canonical_url: "javascript:alert(1)" }), snippet: "x" },
  ],
  facets: {
    sections: [
      { id: "/economia", name: "Economía", count: 9 },
      { id: "/nacion", count: 3 },
    ],
    types: [
      { id: "story", count: 10 },
      { id: "video", count: 2 },
    ],
  },
};

describe("search-results", () => {
  it("reads the words and the facets from the query string, dropping what it cannot use", () => {
    expect(searchRequest({ query: "  economia\u0000 ", seccion: "/economia/", tipo: "video", desde: "2024-05-01", hasta: "2024-05-02" })).toEqual({
      query: "economia",
      seccion: "economia",
      tipo: "video",
      desde: "2024-05-01",
      hasta: "2024-05-02",
    });
    expect(searchRequest({ query: "a", seccion: "../x?y", tipo: "podcast", desde: "2024-02-30", hasta: "ayer" })).toEqual({ query: "a" });
    expect(searchRequest({ query: "a", desde: "2024-05-02", hasta: "2024-05-01" })).toEqual({ query: "a", desde: "2024-05-02" });
    expect(searchHref({ query: "niño & más", tipo: "video" })).toBe("/buscador/?query=ni%C3%B1o+%26+m%C3%A1s&tipo=video");
  });

  it("declares the parameters the page cache keys on", () => {
    expect(server.queryParams).toEqual(["query", "seccion", "tipo", "desde", "hasta"]);
  });

  it("fetches nothing without words, and the search with its facets and cursor", () => {
    expect(server.fetch!(settings, contextWith({}))).toEqual({});
    expect(server.fetch!(settings, contextWith({ query: "\u0007" }))).toEqual({});
    expect(server.fetch!(settings, contextWith({ query: "paro", seccion: "economia", tipo: "story", desde: "2024-05-01" }, { offset: 10 }))).toEqual({
      results: {
        source: "site-search",
        query: { website: "semana", query: "paro", section: "economia", type: "story", from: "2024-05-01", feedSize: 10, feedOffset: 10 },
      },
    });
    const long = server.fetch!(settings, contextWith({ query: "x".repeat(2_000) }));
    expect((long.results.query as { query: string }).query).toHaveLength(200);
  });

  it("shows results with escaped, highlighted snippets, facets and load more", () => {
    const context = contextWith({ query: "economía", tipo: "story" });
    const data = server.transform!({ results: answer }, settings, context);
    // The link that is not a site path is dropped.
    expect(data.results.items.map((item: { id: string }) => item.id)).toEqual(["a", "b"]);
    const { container } = render(<SearchResults id="resultados" pageId="grupo-buscador" settings={settings} data={data} />);
    expect(screen.getByRole("heading", { level: 1, name: "Resultados de búsqueda" })).toBeTruthy();
    expect(screen.getByText("12 resultados para «economía»")).toBeTruthy();
    expect(container.querySelector("mark")?.textContent).toBe("economía");
    expect(container.querySelector("script")).toBeNull();
    expect(container.textContent).toContain("<script>alert(1)</script>");
    expect(screen.getByRole("link", { name: /^Economía\s*\(9\)$/ }).getAttribute("href")).toBe("/buscador/?query=econom%C3%ADa&seccion=economia&tipo=story");
    expect(screen.getByRole("link", { name: /^Nacion\s*\(3\)$/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: /^Artículos\s*\(10\)$/ }).getAttribute("aria-current")).toBe("true");
    expect(screen.getByRole("link", { name: "Última semana" }).getAttribute("href")).toBe("/buscador/?query=econom%C3%ADa&tipo=story&desde=2024-05-13");
    const button = screen.getByRole("button", { name: "Cargar más artículos" });
    const endpoint = new URL(button.getAttribute("data-load-more")!, "http://x");
    expect(endpoint.pathname).toBe("/_block/grupo-buscador/resultados");
    expect(endpoint.searchParams.get("offset")).toBe("10");
    expect(endpoint.searchParams.get("path")).toBe("/buscador/?query=econom%C3%ADa&tipo=story");
    expect(container.querySelectorAll("[data-load-more-list] > [data-key]")).toHaveLength(2);
  });

  it("says so when nothing matches, and asks for words without a query; it is never empty", () => {
    const none = server.transform!({ results: { ...answer, hits: [], count: 0, next: undefined } }, settings, contextWith({ query: "zzz", tipo: "video" }));
    expect(server.isEmpty!(none, settings)).toBe(false);
    render(<SearchResults id="r" pageId="p" settings={settings} data={none} />);
    expect(screen.getByText("No encontramos resultados para «zzz».")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Buscar «zzz» sin filtros" }).getAttribute("href")).toBe("/buscador/?query=zzz");
    expect(screen.queryByRole("button", { name: "Cargar más artículos" })).toBeNull();

    const blank = server.transform!({}, settings, contextWith({}));
    const { container } = render(<SearchResults id="s" pageId="p" settings={settings} data={blank} />);
    expect(container.textContent).toContain("Escriba una o varias palabras para buscar noticias, videos y galerías.");
  });
});
