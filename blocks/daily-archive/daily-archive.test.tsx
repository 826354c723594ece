// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import DailyArchive from "./index";
import server from "./index.server";

const context = (params: Record<string, string>, cursor?: { offset: number }) => ({ brand: "semana", path: "/archivo/2024/05/20/", params, query: {}, cursor });
const day = { anio: "2024", mes: "05", dia: "20" };
const settings = { published: true };
const story = (id: string) => ({
  _id: id,
  type: "story",
  headlines: { basic: `Noticia ${id}` },
  canonical_url: `/nacion/articulo/${id}/`,
  promo_items: { basic: { url: `/images/${id}.jpg` } },
  display_date: "2024-05-20T15:00:00Z",
});

describe("daily-archive", () => {
  it("asks for the route's day, 50 per page, at the load-more cursor", () => {
    expect(server.fetch!(settings, context(day, { offset: 50 }))).toEqual({
      stories: {
        source: "content-apir-date",
        query: { website: "semana", date: "2024-05-20", feedSize: 50, feedOffset: 50, sourceInclude: expect.stringContaining("headlines.basic") },
      },
    });
    expect(server.fetch!(settings, context({ anio: "2024", mes: "02", dia: "30" }))).toEqual({});
  });

  it("shows the date at 12:00 UTC in es-CO as heading, the day's stories and load more while more remain", () => {
    const feed = { type: "results", count: 60, next: 50, content_elements: [story("a"), story("b")] };
    const data = server.transform!({ stories: feed }, settings, context(day));
    render(<DailyArchive id="archivo-dia" pageId="grupo-archivo-dia" settings={settings} data={data} />);
    expect(screen.getByRole("heading", { level: 1, name: "Lunes, 20 de mayo de 2024" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Noticia b" }).getAttribute("href")).toBe("/nacion/articulo/b/");
    expect(screen.getByRole("button", { name: "Cargar más artículos" }).getAttribute("data-load-more")).toContain("offset=50");
  });

  it("says so on a day without articles, and is not empty then", () => {
    const data = server.transform!({ stories: { type: "results", count: 0, content_elements: [] } }, settings, context(day));
    expect(server.isEmpty!(data, settings)).toBe(false);
    render(<DailyArchive id="d" pageId="p" settings={settings} data={data} />);
    expect(screen.getByRole("status").textContent).toBe("No hay artículos publicados el lunes, 20 de mayo de 2024.");
  });
});
