// @vitest-environment jsdom
import { render } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { EMBED_POLICY, sanitizeHtml } from "../_shared/sanitize";
import RawHtml from "./index";
import block from "./index.server";

const context: PageContext = { brand: "semana", path: "/calendario-electoral-2026/", params: {}, query: {} };
const dirty =
  '<h2 onclick="alert(1)">Fechas</h2><script>alert(2)</script><p>Vote <a href="javascript:alert(3)">aquí</a> o <a href="/elecciones/">acá</a>.</p>' +
  '<iframe src="https://evil.example/x"></iframe><iframe src="https://www.youtube.com/embed/abc123"></iframe><form action="/x"><input name="q"></form>';

describe("raw-html", () => {
  it("sends the browser the HTML sanitised exactly as an article's raw HTML", () => {
    const data = block.transform!({}, { published: true, html: dirty }, context);
    expect(data.html).toBe(sanitizeHtml(dirty, EMBED_POLICY));
    const { container } = render(<RawHtml id="html" pageId="p" settings={{ published: true }} data={data} />);
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("[onclick]")).toBeNull();
    expect(container.querySelector("form")).toBeNull();
    expect([...container.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([null, "/elecciones/"]);
    expect([...container.querySelectorAll("iframe")].map((f) => f.getAttribute("src"))).toEqual([null, "https://www.youtube.com/embed/abc123"]);
    expect(container.querySelector("h2")!.textContent).toBe("Fechas");
  });

  it("tells the editor which tags will not show, and is empty when nothing is left", () => {
    expect(block.settingsProblems!({ published: true, html: dirty })).toEqual([
      { setting: "html", message: "estas etiquetas no se muestran (el HTML se limpia como el de los artículos): <form>, <input>, <script>" },
    ]);
    expect(block.settingsProblems!({ published: true, html: "<p>Bien</p>" })).toEqual([]);
    expect(block.isEmpty!(block.transform!({}, { published: true, html: "<script>x()</script>" }, context), { published: true })).toBe(true);
  });
});
