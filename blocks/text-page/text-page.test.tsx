// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import TextPage from "./index";
import type { Settings } from "./settings";

it("shows the title, the lead, the update date in es-CO and each section with its paragraphs", () => {
  const settings: Settings = {
    published: true,
    title: "Términos de uso",
    lead: "Condiciones para usar el sitio.",
    updated: "2026-03-02",
    sections: [{ heading: "Uso del contenido", paragraphs: ["Primer párrafo.", "Segundo párrafo."] }],
  };
  render(<TextPage id="t" pageId="p" settings={settings} data={null} />);
  expect(screen.getByRole("heading", { level: 1, name: "Términos de uso" })).toBeTruthy();
  expect(screen.getByRole("heading", { level: 2, name: "Uso del contenido" })).toBeTruthy();
  expect(screen.getByText("Segundo párrafo.")).toBeTruthy();
  expect(screen.getByText("2 de marzo de 2026")).toBeTruthy();
});

it("links a section to the page where the reader does what it describes, and never links a script or another host's trick", () => {
  const settings: Settings = {
    published: true,
    title: "Términos de la suscripción",
    sections: [
      {
        heading: "Cesión a un tercero",
        paragraphs: ["Quien pagó la suscripción puede cederla."],
        links: [
          { label: "Ceder a otra persona", href: "/autogestion/mis-suscripciones/?ceder=1" },
          { label: "Superintendencia", href: "https://www.sic.gov.co/" },
          { label: "Script", href: "javascript:alert(1)" },
          { label: "Otro sitio", href: "//malo.example/" },
        ],
      },
    ],
  };
  render(<TextPage id="t" pageId="p" settings={settings} data={null} />);
  expect(screen.getByRole("link", { name: "Ceder a otra persona" }).getAttribute("href")).toBe("/autogestion/mis-suscripciones/?ceder=1");
  expect(screen.getByRole("link", { name: "Superintendencia" }).getAttribute("href")).toBe("https://www.sic.gov.co/");
  expect(screen.queryByText("Script")).toBeNull();
  expect(screen.queryByText("Otro sitio")).toBeNull();
});
