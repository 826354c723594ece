// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { ArticleImage, DEFAULT_IMAGE_SIZES } from "./ArticleImage";
import { creditLine, creditText, imageData } from "./imageData";

const credits = { by: [{ name: "Ana Pérez" }, { name: "Juan Gómez" }], affiliation: [{ name: "Colprensa" }] };

const line = (caption: string | undefined, raw: unknown) => creditLine(caption, creditText(raw));

describe("creditLine", () => {
  it("reads caption | Foto: names joined by ', '", () => {
    expect(creditText(credits)).toBe("Ana Pérez, Juan Gómez, Colprensa");
    expect(line("El presidente en la plaza", credits)).toBe("El presidente en la plaza | Foto: Ana Pérez, Juan Gómez, Colprensa");
  });

  it("names an agency credited as author and affiliation once", () => {
    expect(line("Bogotá", { by: [{ name: "EFE" }], affiliation: [{ name: "EFE" }] })).toBe("Bogotá | Foto: EFE");
    expect(line("Bogotá", { by: [{ name: "Ana Pérez" }, { name: "ana  perez" }], affiliation: [{ name: "Colprensa" }] })).toBe(
      "Bogotá | Foto: Ana Pérez, Colprensa",
    );
  });

  it("trims each name before comparing and writing it: ' EFE' is 'EFE'", () => {
    expect(line("Bogotá", { by: [{ name: " EFE" }], affiliation: [{ name: "EFE " }] })).toBe("Bogotá | Foto: EFE");
    expect(line("Bogotá", { by: [{ name: "EFE\u00a0" }, { byline: "\tAFP" }], affiliation: [{ name: " efe" }] })).toBe("Bogotá | Foto: EFE, AFP");
    expect(line("Bogotá", { by: [{ name: "   " }], affiliation: [{ name: " Colprensa" }] })).toBe("Bogotá | Foto: Colprensa");
  });

  it("empties a {name} credit", () => {
    expect(line("Bogotá", { by: [{ name: "{name}" }] })).toBe("Bogotá");
    expect(line("Bogotá", { by: [{ name: "{name}" }, { name: "Ana Pérez" }] })).toBe("Bogotá | Foto: Ana Pérez");
  });

  it("tolerates missing or odd credits", () => {
    expect(line("Sin créditos", undefined)).toBe("Sin créditos");
    expect(line("x", { by: "nadie" })).toBe("x");
    expect(line(undefined, credits)).toBe("Foto: Ana Pérez, Juan Gómez, Colprensa");
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
    const shown = render(<ArticleImage url="/images/a.jpg" caption="Pie de foto" credit={creditText(credits)} />);
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

  it("loads the lead image eagerly with high priority and the body column's sizes hint", () => {
    const img = render(<ArticleImage url="/images/a.jpg" lead />).container.querySelector("img")!;
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("sizes")).toBe(DEFAULT_IMAGE_SIZES);
  });

  it("sizes a lazy image by its layout (sizes=auto), whatever hint it is given", () => {
    const img = render(<ArticleImage url="/images/a.jpg" sizes="(min-width: 1024px) 470px, 260px" />).container.querySelector("img")!;
    expect(img.getAttribute("sizes")).toBe("auto");
    expect(img.getAttribute("src")).toBe("/images/a.jpg?w=1024");
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["1024", "576"]);
  });

  it("uses the caption as alt text when the image has none of its own", () => {
    const img = render(<ArticleImage url="/images/a.jpg" caption="Plaza de Bolívar" />).container.querySelector("img")!;
    expect(img.getAttribute("alt")).toBe("Plaza de Bolívar");
  });

  it("reads an ANS image into exactly what it renders", () => {
    expect(
      imageData({
        _id: "IMG1",
        type: "image",
        url: "/images/b.jpg",
        caption: "Pie",
        alt_text: "Alt",
        width: 800,
        height: 600,
        credits,
        additional_properties: { x: 1 },
      }),
    ).toEqual({
      url: "/images/b.jpg",
      alt: "Alt",
      caption: "Pie",
      credit: "Ana Pérez, Juan Gómez, Colprensa",
      width: 800,
      height: 600,
    });
    // The caption (else the subtitle) is the alt text when the image has none of its own: it is not sent twice.
    expect(imageData({ url: "/images/b.jpg", subtitle: "Sub", alt_text: "Sub" })).toEqual({ url: "/images/b.jpg", caption: "Sub" });
    expect(imageData(null)).toBeUndefined();
    expect(imageData({ url: "", width: 800 })).toBeUndefined();
    expect(imageData({ url: "/images/c.jpg", width: "800", height: -1 })).toEqual({ url: "/images/c.jpg" });
  });
});
