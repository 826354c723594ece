// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PageContext } from "../../runtime/types";
import { enhance } from "../_shared/enhance";
import LiveSidebar from "../live-sidebar";
import liveSidebarServer from "../live-sidebar/index.server";
import ArticleBody from "./index";
import server from "./index.server";
import { BACK_LABEL, LIVE_LATEST_TITLE } from "./LiveTimeline";
import { withoutTime } from "./timeline";

const SECRET = "SOLO-SUSCRIPTORES";
const live = {
  _id: "LIVE1",
  type: "story",
  headlines: { basic: "En vivo: la jornada electoral" },
  publish_date: "2024-05-20T15:00:00Z",
  taxonomy: { primary_section: { _id: "/nacion" }, sections: [{ _id: "/live" }], tags: [{ slug: "elecciones", text: "Elecciones" }] },
  content_elements: [
    { _id: "i", type: "text", content: "Siga minuto a minuto la jornada." },
    { _id: "a", type: "text", content: "3:40 p. m. | <b>Cierran</b> las urnas en todo el país." },
    { _id: "img", type: "image", url: "/images/semana/x.jpg", caption: "Una mesa" },
    { _id: "b", type: "text", content: `<b>11:05 a. m.</b> · Abre la votación ${SECRET}.` },
    { _id: "c", type: "text", content: "Un párrafo sin hora que sigue a la actualización." },
  ],
};
const context = (access?: PageContext["access"]): PageContext => ({ brand: "semana", path: "/live/articulo/x/", params: {}, query: {}, article: live, access });
const settings = { published: true, timeline: true };

function renderLive(access?: PageContext["access"]) {
  const body = JSON.parse(JSON.stringify(server.transform!({}, settings, context(access))));
  const sidebar = JSON.parse(JSON.stringify(liveSidebarServer.transform!({}, { published: true }, context(access)) ?? null));
  return render(
    <>
      <ArticleBody id="cuerpo" pageId="article-live" settings={settings} data={body} />
      <LiveSidebar id="barra" pageId="article-live" settings={{ published: true }} data={sidebar} />
    </>,
  );
}

describe("live blog timeline", () => {
  it("draws the introduction, then the updates with the time read from each entry's first 20 characters", () => {
    const { container } = renderLive();
    expect(container.querySelector("[data-article-body] > p")!.textContent).toBe("Siga minuto a minuto la jornada.");
    const entries = [...container.querySelectorAll("[data-live-timeline] > li")];
    expect(entries.map((li) => li.id)).toEqual(["actualizacion-1", "actualizacion-2"]);
    const times = entries.map((li) => li.querySelector("time")!);
    expect(times.map((t) => [t.textContent, t.getAttribute("datetime")])).toEqual([
      ["3:40 p. m.", "2024-05-20T15:40:00-05:00"],
      ["11:05 a. m.", "2024-05-20T11:05:00-05:00"],
    ]);
    // The time leaves the text; what follows an update (an image, a paragraph) belongs to it.
    expect(entries[0].querySelector("p")!.textContent).toBe("Cierran las urnas en todo el país.");
    expect(entries[0].querySelector("img")).not.toBeNull();
    expect(entries[1].textContent).toContain("Un párrafo sin hora que sigue a la actualización.");
    // No ads between updates; the tags stay.
    expect(container.querySelector("[data-ad-slot], [data-widget]")).toBeNull();
    expect(screen.getByRole("link", { name: "Elecciones" })).toBeTruthy();
  });

  it("folds 'Encuentra aquí lo último' (open) and 'Actualizaciones' (closed) on a click, and 'Regresar' goes to the top", () => {
    const { container } = renderLive();
    enhance(document);
    const latest = screen.getByRole("button", { name: LIVE_LATEST_TITLE });
    const updates = screen.getByRole("button", { name: "Actualizaciones" });
    const panel = (button: HTMLElement) => document.getElementById(button.getAttribute("aria-controls")!)!;
    expect([latest.getAttribute("aria-expanded"), panel(latest).hidden]).toEqual(["true", false]);
    expect([updates.getAttribute("aria-expanded"), panel(updates).hidden]).toEqual(["false", true]);
    fireEvent.click(latest);
    fireEvent.click(updates);
    expect(panel(latest).hidden).toBe(true);
    expect(panel(updates).hidden).toBe(false);
    const links = [...panel(updates).querySelectorAll("a")];
    expect(links.map((a) => [a.getAttribute("href"), a.textContent])).toEqual([
      ["#actualizacion-1", "3:40 p. m. Cierran las urnas en todo el país."],
      ["#actualizacion-2", `11:05 a. m. Abre la votación ${SECRET}.`],
    ]);
    for (const link of links) expect(container.querySelector(link.getAttribute("href")!)).not.toBeNull();
    expect(screen.getByRole("link", { name: BACK_LABEL }).getAttribute("href")).toBe("#contenido");
  });

  it("keeps a locked live blog's updates on the server: the preview and the notice, no timeline, no sidebar", () => {
    const { container } = renderLive({ locked: true, signedIn: false });
    expect(container.querySelector("[data-live-timeline]")).toBeNull();
    expect(container.textContent).not.toContain(SECRET);
    expect(container.querySelector("[data-paywall]")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Actualizaciones" })).toBeNull();
  });

  it("removes the leading time from an entry's HTML only", () => {
    expect(withoutTime("9:05 a. m. | Texto")).toBe("Texto");
    expect(withoutTime("<b>12:40 p. m.</b> · Texto")).toBe("<b></b>Texto");
    expect(withoutTime("Texto con 9:05 a. m. dentro")).toBe("Texto con 9:05 a. m. dentro");
  });
});
