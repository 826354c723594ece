// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { generateCorpus } from "../../server/content/seed";
import VideoProgrammes from "./index";
import block from "./index.server";

const tree = generateCorpus({ scale: 0.05 }).navigation.find((record) => record.brand === "semana" && record.id === "navSemanaTv")!.tree;
const at = (path: string): PageContext => ({ brand: "semana", path, params: {}, query: {} });

describe("video-programmes", () => {
  it("shows the 5 opinion programmes with icon and hover icon, each linking to /semana-tv/programas/{programa}/", () => {
    const data = block.transform!({ navegacion: tree }, { published: true }, at("/semana-tv/"));
    const { container } = render(<VideoProgrammes id="programas" pageId="semana-tv" settings={{ published: true }} data={data} />);
    expect(screen.getByRole("heading", { level: 2, name: "Programas de opinión" })).toBeTruthy();
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/semana-tv/programas/vicky-en-semana/",
      "/semana-tv/programas/el-control/",
      "/semana-tv/programas/bajo-el-lente-de-salud-hernandez/",
      "/semana-tv/programas/salud-hernandez/",
      "/semana-tv/programas/que-opina-sebastian-nohra/",
    ]);
    expect(container.querySelectorAll("img")).toHaveLength(10);
    fireEvent.mouseOver(links[0]);
    expect(links.some((link) => link.hasAttribute("aria-current"))).toBe(false);
  });

  it("marks the programme whose page this is", () => {
    const data = block.transform!({ navegacion: tree }, { published: true, title: "Más programas" }, at("/semana-tv/programas/el-control/"));
    render(<VideoProgrammes id="programas" pageId="p" settings={{ published: true }} data={data} />);
    expect(screen.getByRole("heading", { name: "Más programas" })).toBeTruthy();
    expect(screen.getByRole("link", { current: "page" }).getAttribute("href")).toBe("/semana-tv/programas/el-control/");
  });
});
