// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import commonSettings from "../../schemas/block-settings.schema.json";
import type { PageContext } from "../../runtime/types";
import WhatsappCommunity, { JOIN_LABEL } from "./index";
import block from "./index.server";

const context = (brand = "semana"): PageContext => ({ brand, path: "/comunidad-whatsapp/", params: {}, query: {} });
const DEFAULT_LINK = commonSettings.definitions.linkWhatsapp.default;

describe("whatsapp-community", () => {
  it("invites to the brand's channel: title, paragraphs and 'Unirme al canal' to the default link", () => {
    const settings = { published: true, linkWhatsapp: DEFAULT_LINK, text: "Las noticias del día.\n\nGratis, y sales cuando quieras." };
    const data = block.transform!({}, settings, context())!;
    render(<WhatsappCommunity id="comunidad" pageId="p" settings={settings} data={data} />);
    expect(screen.getByRole("heading", { level: 1, name: "Únete a la comunidad de Semana en WhatsApp" })).toBeTruthy();
    expect(screen.getByText("Gratis, y sales cuando quieras.")).toBeTruthy();
    const join = screen.getByRole("link", { name: JOIN_LABEL });
    expect(join.getAttribute("href")).toBe("https://whatsapp.com/channel/0029VaJm0ZC3bbV5TsQ3Tq1M");
    expect(join.getAttribute("rel")).toContain("noopener");
    expect(block.transform!({}, { ...settings, title: "Síguenos" }, context("elpais"))!.title).toBe("Síguenos");
    expect(block.transform!({}, settings, context("elpais"))!.title).toBe("Únete a la comunidad de El País en WhatsApp");
  });

  it("links only to WhatsApp over https", () => {
    for (const link of ["https://evil.example/", "http://chat.whatsapp.com/abc", "javascript:alert(1)"]) {
      expect(block.transform!({}, { published: true, linkWhatsapp: link }, context()), link).toBeNull();
      expect(block.settingsProblems!({ published: true, linkWhatsapp: link })[0]).toMatchObject({ setting: "linkWhatsapp" });
    }
    expect(block.transform!({}, { published: true, linkWhatsapp: "https://chat.whatsapp.com/Abc123" }, context())!.link).toBe(
      "https://chat.whatsapp.com/Abc123",
    );
  });
});
