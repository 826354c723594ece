// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import MostRead, { DEFAULT_TITLE } from "./index";
import block from "./index.server";
import schema from "./schema.json";

const context: PageContext = { brand: "soho", path: "/lo-mas-visto/", params: {}, query: {} };
const settings = { published: true };
const answer = {
  type: "results",
  content_elements: [
    { _id: "SOH001", url: "/sexo/articulo/uno/1/", title: "La nota más leída de la semana", image: "/images/uno.jpg", section: "Sexo" },
    { _id: "SOH002", url: "/deportes/articulo/dos/2/", title: "La segunda más leída", section: "Deportes" },
    { _id: "SOH003", url: "", title: "Sin enlace" },
    { _id: "SOH004", url: "/relatos/articulo/cuatro/4/", title: "La tercera más leída", image: "/images/cuatro.jpg" },
  ],
};

describe("most-read", () => {
  it("asks the brand's most-read source for 3 stories, or the block's feedSize up to the full feed of 9", () => {
    expect(block.fetch!(settings, context)).toEqual({ mostRead: { source: "taboola-newsroom-api", query: { website: "soho", feedSize: 3 } } });
    expect(block.fetch!({ ...settings, feedSize: 9 }, context).mostRead.query).toEqual({ website: "soho", feedSize: 9 });
    expect(block.fetch!({ ...settings, feedSize: 50 }, context).mostRead.query).toMatchObject({ feedSize: 9 });
    expect(schema.properties.feedSize).toMatchObject({ default: 3, maximum: 9 });
  });

  it("shows the list variant with small images beside the headlines", () => {
    const data = block.transform!({ mostRead: answer }, settings, context);
    const { container } = render(<MostRead id="lateral" pageId="p" settings={{ ...settings, variant: "lista" }} data={data} />);
    expect(container.querySelector("ol")!.dataset.variant).toBe("lista");
    expect(within(container.querySelector("ol")!).getAllByRole("listitem")).toHaveLength(3);
  });

  it("ranks the most-read stories with their links and images, dropping items without a link", () => {
    const data = block.transform!({ mostRead: answer }, settings, context);
    expect(data.items.map((s) => s.id)).toEqual(["SOH001", "SOH002", "SOH004"]);
    // The answer's items without a link do not travel.
    expect(JSON.stringify(data)).not.toContain("Sin enlace");
    render(<MostRead id="mas-visto" pageId="p" settings={{ ...settings, headingLevel: 1 }} data={data} />);
    expect(screen.getByRole("heading", { level: 1, name: DEFAULT_TITLE })).toBeTruthy();
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items.map((li) => li.querySelector('[aria-hidden="true"]')?.textContent)).toEqual(["1", "2", "3"]);
    const headline = within(items[0]).getByRole("heading", { level: 2, name: "La nota más leída de la semana" });
    expect(within(headline).getByRole("link").getAttribute("href")).toBe("/sexo/articulo/uno/1/");
    expect(within(items[0]).getByRole("img").getAttribute("alt")).toBe("La nota más leída de la semana");
    expect(within(items[1]).queryByRole("img")).toBeNull();
    expect(within(items[1]).getByText("Deportes")).toBeTruthy();
  });

  it("titles itself 'Lo más visto' by default, as an h2 inside another page", () => {
    expect(schema.properties.title.default).toBe(DEFAULT_TITLE);
    const data = block.transform!({ mostRead: answer }, settings, context);
    render(<MostRead id="mas-visto" pageId="p" settings={settings} data={data} />);
    expect(screen.getByRole("heading", { level: 2, name: "Lo más visto" })).toBeTruthy();
  });

  it("is empty when the source has nothing usable", () => {
    for (const mostRead of [undefined, { content_elements: [] }, { content_elements: [{ _id: "x" }] }, "roto"]) {
      expect(block.isEmpty!(block.transform!({ mostRead }, settings, context), settings)).toBe(true);
    }
  });
});
