// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { BOTTOM_ANCHOR_SLOTS } from "../../brands/ads";
import type { PageContext } from "../../runtime/types";
import AdSlotBlock from "./index";
import server from "./index.server";
import type { Settings } from "./settings";

const context = (brand: string, article?: unknown): PageContext => ({ brand, path: "/hablan-las-marcas/articulo/x/1/", params: {}, query: {}, article });
const data = (brand: string) => JSON.parse(JSON.stringify(server.transform!({}, { published: true, slot: "Top_M" }, context(brand))));
const sponsored = { _id: "S1", type: "story", owner: { id: "semana", sponsored: true } };
const regular = { _id: "R1", type: "story", owner: { id: "semana", sponsored: false } };
const skipped = (settings: Settings, article?: unknown) => server.isEmpty!(server.transform!({}, settings, context("semana", article)), settings);

describe("ad-slot block", () => {
  it("places the chosen slot with its reserved height and label, holding the serving brand's house ad", () => {
    const { container } = render(
      <AdSlotBlock id="ad" pageId="home" settings={{ published: true, slot: "Lateral_2_D", label: "Publicidad" }} data={data("soho")} />,
    );
    const slot = container.querySelector<HTMLElement>('[data-ad-slot="Lateral_2_D"]')!;
    expect(slot.dataset.adTarget).toBe("desktop");
    expect(slot.firstElementChild!.textContent).toBe("Publicidad");
    expect((slot.lastElementChild as HTMLElement).style.height).toBe("600px");
    expect(slot.querySelector("a[data-house-ad]")!.textContent).toMatch(/^Suscríbete a Soho\$199\.000 al año/);
  });

  it("fetches nothing, uses the default label, and is not skipped outside sponsored content", () => {
    expect(server.fetch).toBeUndefined();
    expect(server.isEmpty!(data("semana"), { published: true, slot: "Top_M" })).toBe(false);
    const { container } = render(<AdSlotBlock id="ad" pageId="home" settings={{ published: true, slot: "Top_M" }} data={data("semana")} />);
    expect(container.querySelector("span")!.textContent).toBe("Publicidad");
  });

  it("knows the bottom-anchor slots: the bars at the foot of the page and the mobile anchor", () => {
    expect([...BOTTOM_ANCHOR_SLOTS].sort()).toEqual(["Bottom_D", "Bottom_M", "ElPais_Bottom", "Sticky_M"]);
  });

  it.each(BOTTOM_ANCHOR_SLOTS)("skips %s on sponsored content, and only there", (slot) => {
    expect(skipped({ published: true, slot }, sponsored)).toBe(true);
    expect(skipped({ published: true, slot }, regular)).toBe(false);
    expect(skipped({ published: true, slot })).toBe(false);
    expect(skipped({ published: true, slot }, { owner: { sponsored: "true" } })).toBe(false);
  });

  it("keeps every other slot on sponsored content, and sends the component nothing of the article", () => {
    for (const slot of ["Top_D", "Lateral_1_D", "Boton_1_M", "Interstitial"] as const) expect(skipped({ published: true, slot }, sponsored)).toBe(false);
    const sent = server.transform!({}, { published: true, slot: "Sticky_M" }, context("semana", sponsored));
    expect(Object.keys(sent).sort()).toEqual(["hidden", "house"]);
    expect(sent.hidden).toBe(true);
  });

  it("fixes the mobile anchor (Sticky_M) to the bottom of the screen; the bars stay in the page", () => {
    const anchor = render(<AdSlotBlock id="a" pageId="p" settings={{ published: true, slot: "Sticky_M" }} data={data("semana")} />);
    expect(anchor.container.querySelector("[data-ad-anchor]")).toBeTruthy();
    anchor.unmount();
    const bar = render(<AdSlotBlock id="b" pageId="p" settings={{ published: true, slot: "Bottom_D" }} data={data("semana")} />);
    expect(bar.container.querySelector("[data-ad-anchor]")).toBeNull();
  });
});
