// @vitest-environment jsdom
import { render } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import IframeEmbed from "./index";
import block, { DEFAULT_DESKTOP_HEIGHT, DEFAULT_MOBILE_HEIGHT } from "./index.server";

const context: PageContext = { brand: "semana", path: "/informe-de-gestion/", params: {}, query: {} };
const settings = { published: true, url: "/documentos/informe-de-gestion-2025.pdf", title: "Informe de gestión 2025", desktopHeight: 900, mobileHeight: 560 };

describe("iframe-embed", () => {
  it("frames the page at its desktop and mobile heights, with a title for screen readers", () => {
    const data = block.transform!({}, settings, context)!;
    const { container } = render(<IframeEmbed id="marco" pageId="p" settings={settings} data={data} />);
    const iframe = container.querySelector("iframe")!;
    expect(iframe.getAttribute("src")).toBe("/documentos/informe-de-gestion-2025.pdf");
    expect(iframe.getAttribute("title")).toBe("Informe de gestión 2025");
    const frame = iframe.parentElement!;
    expect(frame.style.getPropertyValue("--alto-escritorio")).toBe("900px");
    expect(frame.style.getPropertyValue("--alto-movil")).toBe("560px");
    expect(block.transform!({}, { published: true, url: "https://www.youtube.com/embed/abc" }, context)).toEqual({
      url: "https://www.youtube.com/embed/abc",
      title: "Contenido",
      desktopHeight: DEFAULT_DESKTOP_HEIGHT,
      mobileHeight: DEFAULT_MOBILE_HEIGHT,
    });
  });

  it("frames only this site and the allowed hosts: anything else is a problem for the editor and nothing for readers", () => {
    for (const url of ["https://evil.example/", "javascript:alert(1)", "//evil.example/", "data:text/html,hola", "https://www.youtube.com.evil.example/"]) {
      expect(block.transform!({}, { published: true, url }, context), url).toBeNull();
      expect(block.settingsProblems!({ published: true, url })[0], url).toMatchObject({ setting: "url" });
    }
    expect(block.settingsProblems!(settings)).toEqual([]);
    expect(block.isEmpty!(null, settings)).toBe(true);
    expect(block.transform!({}, { published: true }, context)).toBeNull();
  });
});
