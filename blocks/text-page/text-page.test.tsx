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
