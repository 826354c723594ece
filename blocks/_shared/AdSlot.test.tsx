// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { AdSlot } from "./AdSlot";

describe("AdSlot", () => {
  it("reserves the slot's fixed height, labelled Publicidad, for its target", () => {
    const { container } = render(<AdSlot name="Boton_2_M" />);
    const slot = container.querySelector<HTMLElement>('[data-ad-slot="Boton_2_M"]')!;
    expect(slot.dataset.adTarget).toBe("mobile");
    expect(slot.textContent).toBe("Publicidad");
    const box = slot.lastElementChild as HTMLElement;
    expect(box.style.height).toBe("600px");
    expect(box.style.maxWidth).toBe("300px");
  });

  it("shows desktop slots only on desktop and mobile slots only on mobile, by CSS class", () => {
    const desktop = render(<AdSlot name="Barra_2_D" />).container.querySelector<HTMLElement>("[data-ad-slot]")!;
    const mobile = render(<AdSlot name="Boton_1_M" />).container.querySelector<HTMLElement>("[data-ad-slot]")!;
    const everywhere = render(<AdSlot name="Barra_Especial" />).container.querySelector<HTMLElement>("[data-ad-slot]")!;
    expect(desktop.className).toMatch(/desktop/);
    expect(mobile.className).toMatch(/mobile/);
    expect(everywhere.className).not.toMatch(/mobile|desktop/);
    expect((desktop.lastElementChild as HTMLElement).style.height).toBe("90px");
  });

  it("lets content override the target and the label", () => {
    const { container } = render(<AdSlot name="Barra_Especial" target="desktop" label="Anuncio" />);
    const slot = container.querySelector<HTMLElement>("[data-ad-slot]")!;
    expect(slot.dataset.adTarget).toBe("desktop");
    expect(slot.textContent).toBe("Anuncio");
  });

  it("out-of-page slots reserve no space and show no label", () => {
    const { container } = render(<AdSlot name="Interstitial" />);
    const slot = container.querySelector<HTMLElement>("[data-ad-slot]")!;
    expect(slot.hidden).toBe(true);
    expect(slot.textContent).toBe("");
  });

  it("renders nothing for a name outside the catalogue", () => {
    expect(render(<AdSlot name="Nada_X" />).container.innerHTML).toBe("");
  });
});
