// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { existsSync } from "node:fs";
import path from "node:path";
import AdSlotBlock from "./index";

describe("ad-slot block", () => {
  it("places the chosen slot with its reserved height and label", () => {
    const { container } = render(<AdSlotBlock id="ad" pageId="home" settings={{ published: true, slot: "Lateral_2_D", label: "Publicidad" }} data={null} />);
    const slot = container.querySelector<HTMLElement>('[data-ad-slot="Lateral_2_D"]')!;
    expect(slot.dataset.adTarget).toBe("desktop");
    expect(slot.textContent).toBe("Publicidad");
    expect((slot.lastElementChild as HTMLElement).style.height).toBe("600px");
  });

  it("uses the default label, and has no server half: it fetches nothing and is never skipped as empty", () => {
    const { container } = render(<AdSlotBlock id="ad" pageId="home" settings={{ published: true, slot: "Top_M" }} data={null} />);
    expect(container.textContent).toBe("Publicidad");
    expect(existsSync(path.resolve("blocks/ad-slot/index.server.ts"))).toBe(false);
  });
});
