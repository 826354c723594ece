// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import block from "./index";

it("shows the title as the page heading, the text and the link", () => {
  const Message = block.component;
  const settings = { published: true, title: "Página no encontrada", text: "La dirección no existe.", link: "/", linkLabel: "Volver a la portada" };
  render(<Message id="m" pageId="p" settings={settings} data={{}} context={{ brand: "semana", path: "/x/", params: {}, query: {} }} />);
  expect(screen.getByRole("heading", { level: 1, name: "Página no encontrada" })).toBeTruthy();
  expect(screen.getByText("La dirección no existe.")).toBeTruthy();
  expect(screen.getByRole("link", { name: "Volver a la portada" }).getAttribute("href")).toBe("/");
});
