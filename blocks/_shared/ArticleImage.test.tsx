// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { ArticleImage, ansImageProps, creditLine } from "./ArticleImage";

const credits = { by: [{ name: "Ana Pérez" }, { name: "Juan Gómez" }], affiliation: [{ name: "Colprensa" }] };

describe("creditLine", () => {
  it("reads caption | Foto: names joined by ', '", () => {
    expect(creditLine("El presidente en la plaza", credits)).toBe("El presidente en la plaza | Foto: Ana Pérez, Juan Gómez, Colprensa");
  });

  it("empties a {name} credit", () => {
    expect(creditLine("Bogotá", { by: [{ name: "{name}" }] })).toBe("Bogotá");
    expect(creditLine("Bogotá", { by: [{ name: "{name}" }, { name: "Ana Pérez" }] })).toBe("Bogotá | Foto: Ana Pérez");
  });

  it("tolerates missing or odd credits", () => {
    expect(creditLine("Sin créditos", undefined)).toBe("Sin créditos");
    expect(creditLine("x", { by: "nadie" })).toBe("x");
    expect(creditLine(undefined, credits)).toBe("Foto: Ana Pérez, Juan Gómez, Colprensa");
  });
});

describe("ArticleImage", () => {
  it("without url and fallback on shows a loading placeholder; fallback off shows nothing", () => {
    const on = render(<ArticleImage fallback caption="Pie" />);
    expect(on.container.querySelector("[data-image-placeholder]")).not.toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Cargando...");
    expect(on.container.querySelector("figcaption")).toBeNull();
    on.unmount();
    expect(render(<ArticleImage caption="Pie" />).container.innerHTML).toBe("");
  });

  it("shows the caption only with a url and showCaption on", () => {
    const shown = render(<ArticleImage url="/images/a.jpg" caption="Pie de foto" credits={credits} />);
    expect(shown.container.querySelector("figcaption")!.textContent).toBe("Pie de foto | Foto: Ana Pérez, Juan Gómez, Colprensa");
    shown.unmount();
    const hidden = render(<ArticleImage url="/images/a.jpg" caption="Pie de foto" showCaption={false} />);
    expect(hidden.container.querySelector("figcaption")).toBeNull();
  });

  it("carries its size, a srcset over the breakpoints and lazy loading", () => {
    const { container } = render(<ArticleImage url="/images/a.jpg" alt="Plaza de Bolívar" width={1200} height={800} />);
    const img = container.querySelector("img")!;
    expect(img.getAttribute("alt")).toBe("Plaza de Bolívar");
    expect(img.getAttribute("width")).toBe("1200");
    expect(img.getAttribute("height")).toBe("800");
    expect(img.getAttribute("srcset")).toBe("/images/a.jpg?w=480 480w, /images/a.jpg?w=768 768w, /images/a.jpg?w=1024 1024w, /images/a.jpg?w=1440 1440w");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("fetchpriority")).toBeNull();
  });

  it("without dimensions keeps a 16:9 box", () => {
    const img = render(<ArticleImage url="https://example.com/x.jpg" />).container.querySelector("img")!;
    expect(img.style.aspectRatio).toBe("16 / 9");
    expect(Number(img.getAttribute("width")) / Number(img.getAttribute("height"))).toBeCloseTo(16 / 9);
    expect(img.getAttribute("srcset")).toBeNull();
  });

  it("loads the lead image eagerly with high priority", () => {
    const img = render(<ArticleImage url="/images/a.jpg" lead />).container.querySelector("img")!;
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
  });

  it("reads an ANS image", () => {
    expect(ansImageProps({ url: "/images/b.jpg", caption: "Pie", alt_text: "Alt", width: 800, height: 600, credits })).toMatchObject({
      url: "/images/b.jpg",
      alt: "Alt",
      caption: "Pie",
      width: 800,
      height: 600,
    });
    expect(ansImageProps(null)).toEqual({});
    expect(ansImageProps({ url: "", width: "800" })).toMatchObject({ url: undefined, width: undefined });
  });
});
