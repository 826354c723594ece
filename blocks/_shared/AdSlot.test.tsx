// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { AdSlot as Slot, type AdSlotProps } from "./AdSlot";
import { houseAd } from "./houseAd";

const house = houseAd("elpais");
const AdSlot = (props: Omit<AdSlotProps, "house">) => <Slot house={house} {...props} />;

describe("AdSlot", () => {
  it("reserves the slot's fixed height, labelled Publicidad, for its target, filled with the house ad", () => {
    const { container } = render(<AdSlot name="Boton_2_M" />);
    const slot = container.querySelector<HTMLElement>('[data-ad-slot="Boton_2_M"]')!;
    expect(slot.dataset.adTarget).toBe("mobile");
    expect(slot.firstElementChild!.textContent).toBe("Publicidad");
    const box = slot.lastElementChild as HTMLElement;
    expect(box.style.height).toBe("600px");
    expect(box.style.maxWidth).toBe("300px");
    const ad = box.querySelector<HTMLAnchorElement>("a[data-house-ad]")!;
    expect(ad.getAttribute("href")).toBe("/store/?offerId=466");
    // The tall slot has room for the offer's description.
    expect([...ad.children].map((part) => part.textContent)).toEqual([
      "Suscríbete a El País",
      "$199.000 al año",
      "Acceso ilimitado a todo el contenido digital durante un año, en hasta 4 dispositivos. Cancela cuando quieras.",
      "Suscríbete",
    ]);
  });

  it("holds a subscriber variant beside the offer, the brand's newsletters with no subscribe offer in it", () => {
    const box = render(<AdSlot name="Boton_1_M" />).container;
    const variant = box.querySelector<HTMLAnchorElement>('a[data-house-ad="suscriptor"]')!;
    expect(variant.getAttribute("href")).toBe("/boletines/");
    expect([...variant.children].map((part) => part.textContent)).toEqual(["Boletines de El País", "Lo más importante del día en tu correo", "Inscríbete"]);
    expect(variant.textContent).not.toMatch(/Suscr[ií]b|\$/);
  });

  it("fits the house ad to the slot's height: one line at 50 px, the price from 90 px", () => {
    const parts = (name: string) => [...render(<AdSlot name={name} />).container.querySelectorAll('a[data-house-ad=""] > *')].map((part) => part.textContent);
    expect(parts("Sticky_M")).toEqual(["Suscríbete a El País", "Suscríbete"]);
    expect(parts("Barra_2_D")).toEqual(["Suscríbete a El País", "$199.000 al año", "Suscríbete"]);
    expect(parts("Boton_1_M")).toEqual(["Suscríbete a El País", "$199.000 al año", "Suscríbete"]);
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
    expect(slot.firstElementChild!.textContent).toBe("Anuncio");
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
