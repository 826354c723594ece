// @vitest-environment jsdom
import { render } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import block from "./index";

const context: PageContext = { brand: "semana", path: "/", params: {}, query: {} };

describe("ad-slot block", () => {
  it("places the chosen slot with its reserved height and label", () => {
    const { container } = render(<block.component id="ad" pageId="home" settings={{ published: true, slot: "Lateral_2_D", label: "Publicidad" }} data={null} context={context} />);
    const slot = container.querySelector<HTMLElement>('[data-ad-slot="Lateral_2_D"]')!;
    expect(slot.dataset.adTarget).toBe("desktop");
    expect(slot.textContent).toBe("Publicidad");
    expect((slot.lastElementChild as HTMLElement).style.height).toBe("600px");
  });

  it("uses the default label and fetches nothing", () => {
    const { container } = render(<block.component id="ad" pageId="home" settings={{ published: true, slot: "Top_M" }} data={null} context={context} />);
    expect(container.textContent).toBe("Publicidad");
    expect(block.fetch).toBeUndefined();
    expect(block.isEmpty!(null, { slot: "Top_M" })).toBe(false);
  });
});
