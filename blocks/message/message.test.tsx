// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import Message from "./index";

it("shows the title as the page heading, the text and the link", () => {
  const settings = { published: true, title: "Página no encontrada", text: "La dirección no existe.", link: "/", linkLabel: "Volver a la portada" };
  render(<Message id="m" pageId="p" settings={settings} data={null} />);
  expect(screen.getByRole("heading", { level: 1, name: "Página no encontrada" })).toBeTruthy();
  expect(screen.getByText("La dirección no existe.")).toBeTruthy();
  expect(screen.getByRole("link", { name: "Volver a la portada" }).getAttribute("href")).toBe("/");
});
