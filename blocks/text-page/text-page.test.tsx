// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import TextPage from "./index";
import type { Settings } from "./settings";
import schema from "./schema.json";

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

it("links a section to the page where the reader does what it describes", () => {
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
        ],
      },
    ],
  };
  render(<TextPage id="t" pageId="p" settings={settings} data={null} />);
  expect(screen.getByRole("link", { name: "Ceder a otra persona" }).getAttribute("href")).toBe("/autogestion/mis-suscripciones/?ceder=1");
  expect(screen.getByRole("link", { name: "Superintendencia" }).getAttribute("href")).toBe("https://www.sic.gov.co/");
});

it("admits as a link only a site path or an http(s) URL: the settings' schema refuses a script or another host's trick", () => {
  const href = new RegExp(schema.properties.sections.items.properties.links.items.properties.href.pattern, "u");
  for (const good of ["/autogestion/mis-suscripciones/?ceder=1", "https://www.sic.gov.co/", "http://example.com"]) expect(href.test(good), good).toBe(true);
  for (const bad of [
    "javascript:alert(1)",
    " javascript:alert(1)",
    "//malo.example/",
    "/\\malo.example/",
    "data:text/html,x",
    "https://",
    "https:///x",
    "/a\tb",
    "https://a.co/\u0000",
  ])
    expect(href.test(bad), bad).toBe(false);
});
