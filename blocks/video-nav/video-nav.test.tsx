// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import VideoNav from "./index";
import block from "./index.server";

const at = (path: string): PageContext => ({ brand: "semana", path, params: {}, query: {} });
const show = (path: string) => render(<VideoNav id="navegacion-tv" pageId="tv" settings={{ published: true }} data={block.transform!({}, {}, at(path))} />);

describe("video-nav", () => {
  it("shows the five links of the video channel, the current page's marked (its query left out)", () => {
    show("/semana-tv/categorias/?orden=nuevo");
    const nav = screen.getByRole("navigation", { name: "Semana TV" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Inicio", "/tv/"],
      ["Programas de opinión", "/semana-tv/programas/"],
      ["Semana Noticias", "/semana-tv/programas/semana-noticias/"],
      ["Categorías", "/semana-tv/categorias/"],
      ["Lo más viral", "/semana-tv/virales/"],
    ]);
    expect(links.filter((link) => link.getAttribute("aria-current") === "page").map((link) => link.textContent)).toEqual(["Categorías"]);
  });

  it("marks no link on a page the bar does not name (a programme's page)", () => {
    show("/semana-tv/programas/el-control/");
    expect(screen.getAllByRole("link").some((link) => link.hasAttribute("aria-current"))).toBe(false);
  });
});
