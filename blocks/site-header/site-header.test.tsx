// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { hydrateRoot } from "react-dom/client";
import { getBrand, type MenuItem } from "../../brands";
import type { PageContext } from "../../runtime/types";
import SiteHeader from "./index";
import server, { searchOverlayHtml, type Data } from "./index.server";
import { PROGRESS_THROTTLE_MS, STICKY_SCROLL_THROTTLE_MS } from "./SiteHeader";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

const LONG_DATE_ES_CO = /^\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}$/;

const story = {
  _id: "ABC123",
  type: "story",
  headlines: { basic: "El Congreso aprueba en último debate la reforma laboral" },
  taxonomy: { primary_section: { _id: "/politica", name: "Política" } },
};

function context(overrides: Partial<PageContext> = {}): PageContext {
  return { brand: "semana", path: "/", params: {}, query: {}, ...overrides };
}

/** The server half's data for this request; without renderedAt, as if the render instant were unknown. */
function headerData(settings: Settings = { published: true }, ctx: Partial<PageContext> = {}, renderedAt?: string): Data {
  const data = server.transform!({}, settings, context(ctx));
  return { ...data, renderedAt };
}

function header(settings: Settings = { published: true }, ctx: Partial<PageContext> = {}, renderedAt?: string) {
  return <SiteHeader id="header" pageId="home" settings={settings} data={headerData(settings, ctx, renderedAt)} />;
}

const root = (container: HTMLElement) => container.firstElementChild as HTMLElement;
const mainNav = () => screen.getByRole("navigation", { name: "Menú principal" });
const moreButton = () => screen.getByRole("button", { name: "Más" });
const menuButton = () => screen.getAllByRole("button", { name: "Menú" })[0];

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("site-header: Semana's menus", () => {
  it("shows the main menu of docs/article-pages.md#menus, in order, linking to the sections", () => {
    render(header());
    const links = within(mainNav()).getAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual([
      "Últimas Noticias",
      "Nación",
      "Política",
      "Economía",
      "Mundo",
      "Deportes",
      "Tecnología",
      "El Debate",
      "Impresa",
    ]);
    expect(links[1].getAttribute("href")).toBe("/nacion/");
    expect(moreButton().getAttribute("aria-expanded")).toBe("false");
  });

  it("links the logo to the home page", () => {
    render(header());
    expect(screen.getAllByRole("link", { name: "Semana: ir a la portada" })[0].getAttribute("href")).toBe("/");
  });

  it("marks the section being read as the current page", () => {
    render(header({ published: true }, { path: "/economia/" }));
    expect(within(mainNav()).getByRole("link", { name: "Economía" }).getAttribute("aria-current")).toBe("page");
    expect(within(mainNav()).getByRole("link", { name: "Nación" }).getAttribute("aria-current")).toBeNull();
  });

  it("opens 'Más' with about 25 sections, and opening the hamburger closes it", () => {
    render(header());
    fireEvent.click(moreButton());
    expect(moreButton().getAttribute("aria-expanded")).toBe("true");
    const more = screen.getByRole("list", { name: "Más secciones" });
    expect(moreButton().getAttribute("aria-controls")).toBe(more.parentElement!.id);
    const moreLinks = within(more).getAllByRole("link");
    expect(moreLinks.length).toBeGreaterThanOrEqual(23);
    expect(moreLinks.length).toBeLessThanOrEqual(27);
    expect(within(more).getByRole("link", { name: "Opinión" }).getAttribute("href")).toBe("/opinion/");

    fireEvent.click(menuButton());
    expect(menuButton().getAttribute("aria-expanded")).toBe("true");
    expect(moreButton().getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("list", { name: "Más secciones" })).toBeNull();
    const drawer = screen.getByRole("navigation", { name: "Secciones" });
    const sections = within(drawer).getAllByRole("link");
    expect(sections.length).toBeGreaterThanOrEqual(32);
    expect(sections.length).toBeLessThanOrEqual(36);

    // And back: opening 'Más' closes the hamburger.
    fireEvent.click(moreButton());
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("navigation", { name: "Secciones" })).toBeNull();
  });

  it("shows the five social networks in the hamburger with accessible names", () => {
    render(header());
    fireEvent.click(menuButton());
    for (const [name, url] of [
      ["Semana en YouTube", "https://www.youtube.com/@RevistaSemana"],
      ["Semana en TikTok", "https://www.tiktok.com/@revistasemana"],
      ["Semana en Twitter", "https://twitter.com/RevistaSemana"],
      ["Semana en Facebook", "https://www.facebook.com/RevistaSemana"],
      ["Semana en Instagram", "https://www.instagram.com/revistasemana/"],
    ]) {
      const link = screen.getByRole("link", { name });
      expect(link.getAttribute("href")).toBe(url);
      expect(link.getAttribute("rel")).toContain("noopener");
    }
  });

  it("closes on a click outside, not on a click inside the open menu", () => {
    render(header());
    fireEvent.click(moreButton());
    fireEvent.click(screen.getByRole("list", { name: "Más secciones" }));
    expect(moreButton().getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(document.body);
    expect(moreButton().getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(menuButton());
    expect(menuButton().getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(screen.getAllByRole("link", { name: "Semana: ir a la portada" })[0]);
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
  });

  it("closes on Escape and gives focus back to the button", () => {
    render(header());
    fireEvent.click(menuButton());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cerrar menú" }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(menuButton());

    fireEvent.click(moreButton());
    fireEvent.keyDown(document, { key: "Escape" });
    expect(moreButton().getAttribute("aria-expanded")).toBe("false");
  });

  it("closes the drawer with its close button and on a second click of the hamburger", () => {
    render(header());
    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole("button", { name: "Cerrar menú" }));
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(menuButton());
    fireEvent.click(menuButton());
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
  });
});

describe("site-header: user menu, ISSN, date", () => {
  it("renders the anonymous user menu in its slot", () => {
    const { container } = render(header());
    const slot = container.querySelector('[data-slot="user-menu"]') as HTMLElement;
    const links = within(slot).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Suscríbete", "/store/"],
      ["Crea tu cuenta", "/-revista-semana/?=1"],
      ["Iniciar sesión", "/-revista-semana/"],
    ]);
  });

  it("shows the brand's ISSN", () => {
    render(header());
    expect(screen.getByText("ISSN 2745-2794")).toBeTruthy();
  });

  it("shows today's date in es-CO long format after mount", () => {
    const { container } = render(header());
    const time = container.querySelector("time")!;
    expect(time.textContent).toMatch(LONG_DATE_ES_CO);
    const today = new Intl.DateTimeFormat("es-CO", { day: "numeric", month: "long", year: "numeric", timeZone: "America/Bogota" }).format(new Date());
    expect(time.textContent).toBe(today);
  });

  it("renders on the server the Bogotá date of the render instant", () => {
    // 03:00 UTC on 6 March is still 5 March (22:00) in Bogotá.
    const html = renderToString(header({ published: true }, {}, "2026-03-06T03:00:00.000Z"));
    expect(html).toContain('<time dateTime="2026-03-05">5 de marzo de 2026</time>');
  });

  it("hydrates a cached page from yesterday without a warning, then shows today's date", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-06T17:00:00.000Z"), toFake: ["Date"] });
    const element = header({ published: true }, {}, "2026-03-05T17:00:00.000Z");
    const container = document.createElement("div");
    container.innerHTML = renderToString(element);
    document.body.appendChild(container);
    expect(container.querySelector("time")!.textContent).toBe("5 de marzo de 2026");
    const errors = vi.spyOn(console, "error");
    const root = await act(async () => hydrateRoot(container, element));
    // Unmounted at the end, as Testing Library does with what it renders: a header left mounted follows the session of the files after this one.
    onTestFinished(() => {
      act(() => root.unmount());
      container.remove();
    });
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector("time")!.textContent).toBe("6 de marzo de 2026");
  });
});

describe("site-header: modes", () => {
  it("puts the mode's class on the root", () => {
    const { container, rerender } = render(header());
    expect(root(container).classList.contains(styles.normal)).toBe(true);
    rerender(header({ published: true, mode: "Oscuro" }));
    expect(root(container).classList.contains(styles.dark)).toBe(true);
    expect(root(container).classList.contains(styles.normal)).toBe(false);
    rerender(header({ published: true, mode: "Transparente" }));
    expect(root(container).classList.contains(styles.transparent)).toBe(true);
    expect(root(container).dataset.mode).toBe("Transparente");
  });

  it("falls back to Normal for an unknown mode", () => {
    const { container } = render(header({ published: true, mode: "Fucsia" as any }));
    expect(root(container).classList.contains(styles.normal)).toBe(true);
  });
});

describe("site-header: sticky compact header", () => {
  function mockRect(element: Element, rect: Partial<DOMRect>) {
    vi.spyOn(element, "getBoundingClientRect").mockReturnValue({ top: 0, bottom: 0, height: 0, left: 0, right: 0, width: 0, x: 0, y: 0, ...rect } as DOMRect);
  }
  const scroll = () => act(() => void window.dispatchEvent(new Event("scroll")));
  const compactHeader = (container: HTMLElement) => container.querySelector("[data-compact-header]");

  it("appears on a story once the header leaves the viewport, checked at most every 200 ms", () => {
    vi.useFakeTimers();
    const { container } = render(header({ published: true }, { article: story, path: "/politica/articulo/reforma/123/" }));
    const mainHeader = container.querySelector("header")!;
    expect(compactHeader(container)).toBeNull();

    mockRect(mainHeader, { top: -180, bottom: -20, height: 160 });
    act(() => vi.advanceTimersByTime(50));
    scroll();
    expect(compactHeader(container)).toBeNull(); // the mount-time check ran 50 ms ago
    act(() => vi.advanceTimersByTime(STICKY_SCROLL_THROTTLE_MS - 51));
    expect(compactHeader(container)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(compactHeader(container)).not.toBeNull();
    expect(within(compactHeader(container) as HTMLElement).getByText(story.headlines.basic)).toBeTruthy();

    // Scrolling back up hides it again.
    mockRect(mainHeader, { top: 0, bottom: 160, height: 160 });
    act(() => vi.advanceTimersByTime(STICKY_SCROLL_THROTTLE_MS));
    scroll();
    expect(compactHeader(container)).toBeNull();
    expect(STICKY_SCROLL_THROTTLE_MS).toBe(200);
  });

  it("turns the menu bar compact when its top reaches the top of the window, before the whole header has gone", () => {
    vi.useFakeTimers();
    const { container } = render(header({ published: true }, { brand: "elpais", path: "/cali/" }));
    const mainHeader = container.querySelector("header")!;
    const bar = within(mainHeader).getByRole("navigation", { name: "Menú principal" });
    // The masthead has scrolled away; the menu bar's top is 1 px below the window's top.
    mockRect(mainHeader, { top: -107, bottom: 46, height: 153 });
    mockRect(bar, { top: 1, bottom: 46, height: 45 });
    act(() => vi.advanceTimersByTime(STICKY_SCROLL_THROTTLE_MS));
    scroll();
    expect(compactHeader(container)).toBeNull();
    mockRect(mainHeader, { top: -108, bottom: 45, height: 153 });
    mockRect(bar, { top: 0, bottom: 45, height: 45 });
    act(() => vi.advanceTimersByTime(STICKY_SCROLL_THROTTLE_MS));
    scroll();
    expect(compactHeader(container)).not.toBeNull();
  });

  it("updates the reading progress from the article body at most every 100 ms", () => {
    vi.useFakeTimers();
    const body = document.createElement("div");
    body.setAttribute("data-article-body", "");
    document.body.appendChild(body);
    const innerHeight = window.innerHeight; // jsdom: 768
    try {
      const { container } = render(header({ published: true }, { article: story }));
      mockRect(container.querySelector("header")!, { top: -300, bottom: -140, height: 160 });
      // The body is innerHeight + 1000 px tall and its top is 250 px above the window: 25 % read.
      mockRect(body, { top: -250, bottom: innerHeight + 750, height: innerHeight + 1000 });
      act(() => vi.advanceTimersByTime(STICKY_SCROLL_THROTTLE_MS));
      scroll();
      const bar = screen.getByRole("progressbar", { name: "Progreso de lectura" });
      expect(bar.getAttribute("aria-valuenow")).toBe("25");

      mockRect(body, { top: -750, bottom: innerHeight + 250, height: innerHeight + 1000 });
      act(() => vi.advanceTimersByTime(10));
      scroll();
      expect(bar.getAttribute("aria-valuenow")).toBe("25");
      act(() => vi.advanceTimersByTime(PROGRESS_THROTTLE_MS - 11));
      expect(bar.getAttribute("aria-valuenow")).toBe("25");
      act(() => vi.advanceTimersByTime(1));
      expect(bar.getAttribute("aria-valuenow")).toBe("75");
      expect(PROGRESS_THROTTLE_MS).toBe(100);
    } finally {
      body.remove();
    }
  });

  it("has no progress bar off stories, and nothing sticky when sticky is off", () => {
    vi.useFakeTimers();
    const { container, unmount } = render(header({ published: true }, { path: "/nacion/" }));
    mockRect(container.querySelector("header")!, { top: -200, bottom: -40, height: 160 });
    act(() => vi.advanceTimersByTime(STICKY_SCROLL_THROTTLE_MS));
    scroll();
    expect(compactHeader(container)).not.toBeNull();
    expect(screen.queryByRole("progressbar")).toBeNull();
    unmount();

    const off = render(header({ published: true, sticky: false }, { article: story }));
    mockRect(off.container.querySelector("header")!, { top: -200, bottom: -40, height: 160 });
    act(() => vi.advanceTimersByTime(STICKY_SCROLL_THROTTLE_MS));
    scroll();
    act(() => vi.advanceTimersByTime(STICKY_SCROLL_THROTTLE_MS));
    expect(compactHeader(off.container)).toBeNull();
  });

  it("opens the drawer from the compact header's menu button", () => {
    vi.useFakeTimers();
    const { container } = render(header({ published: true }, { article: story }));
    mockRect(container.querySelector("header")!, { top: -200, bottom: -40, height: 160 });
    act(() => vi.advanceTimersByTime(STICKY_SCROLL_THROTTLE_MS));
    scroll();
    const compactMenu = within(compactHeader(container) as HTMLElement).getByRole("button", { name: "Menú" });
    fireEvent.click(compactMenu);
    expect(compactMenu.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("navigation", { name: "Secciones" })).toBeTruthy();
  });
});

describe("site-header: Soho and El País menus from brand data", () => {
  it("renders Soho's toggle menu with its submenus", () => {
    render(header({ published: true }, { brand: "soho" }));
    const nav = mainNav();
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/", "/seccion/mujeres-soho/", "/seccion/sexo/", "/seccion/deportes/", "/seccion/relatos/", "/seccion/que-pasa/", "/videos/", "/lo-mas-visto/"]);
    expect(screen.queryByRole("button", { name: "Más" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Submenú de Qué pasa" }));
    expect(
      within(screen.getByRole("list", { name: "Qué pasa" }))
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Estilo de vida", "Noticias", "Virales", "Películas y series", "Entretenimiento"]);
    expect(screen.getByText(`ISSN ${getBrand("soho").issn}`)).toBeTruthy();
  });

  it("shows at most 9 rows in a Soho submenu", () => {
    const soho = getBrand("soho");
    const original = soho.menus;
    const twelve: MenuItem[] = Array.from({ length: 12 }, (_, i) => ({ title: `Entrada ${i + 1}`, link: "/seccion/relatos/" }));
    soho.menus = { ...original, main: [...original.main, { title: "Larga", items: twelve }], drawer: [{ title: "Larga", items: twelve }] };
    try {
      render(header({ published: true }, { brand: "soho" }));
      fireEvent.click(screen.getByRole("button", { name: "Larga" }));
      expect(within(screen.getByRole("list", { name: "Larga" })).getAllByRole("link")).toHaveLength(9);
      fireEvent.click(menuButton());
      expect(within(screen.getByRole("navigation", { name: "Secciones" })).getAllByRole("link")).toHaveLength(9);
    } finally {
      soho.menus = original;
    }
  });

  it("renders El País's top bar, submenus, external classifieds and the WhatsApp line", () => {
    const { container } = render(header({ published: true }, { brand: "elpais" }));
    const slot = container.querySelector('[data-slot="user-menu"]') as HTMLElement;
    expect(within(slot).getByRole("link", { name: "Inicia sesión" })).toBeTruthy();
    expect(within(slot).getByRole("link", { name: "Crea cuenta" })).toBeTruthy();
    expect(within(slot).getByRole("link", { name: "SUSCRÍBETE" }).getAttribute("href")).toBe("/suscripciones/");

    fireEvent.click(screen.getByRole("button", { name: "Noticias" }));
    expect(within(screen.getByRole("list", { name: "Noticias" })).getAllByRole("link")).toHaveLength(15);

    fireEvent.click(screen.getByRole("button", { name: "Submenú de Deportes" }));
    expect(screen.queryByRole("list", { name: "Noticias" })).toBeNull();
    expect(
      within(screen.getByRole("list", { name: "Deportes" }))
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["América de Cali", "Deportivo Cali", "Fútbol Colombiano", "Ciclismo"]);

    fireEvent.click(screen.getByRole("button", { name: "Clasificados" }));
    const classifieds = within(screen.getByRole("list", { name: "Clasificados" })).getAllByRole("link");
    expect(classifieds).toHaveLength(4);
    for (const link of classifieds) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener");
      expect(link.getAttribute("href")).toMatch(/^https:\/\//);
    }
    expect(screen.getByRole("link", { name: "Clasificados por WhatsApp" }).getAttribute("href")).toBe("https://wa.me/573150000000");

    // The hamburger closes an open submenu too.
    fireEvent.click(menuButton());
    expect(screen.queryByRole("list", { name: "Clasificados" })).toBeNull();
  });
});

describe("site-header server half", () => {
  it("fetches nothing, is never empty, and records the render instant", () => {
    expect(server.fetch).toBeUndefined();
    const before = Date.now();
    const data = server.transform!({}, { published: true }, context());
    expect(Date.parse(data.renderedAt!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(data.renderedAt!)).toBeLessThanOrEqual(Date.now());
    expect(server.isEmpty!(data, { published: true })).toBe(false);
  });

  it("passes the path, and on a story its headline, but nothing else of the request or the article", () => {
    const off = server.transform!({}, { published: true }, context({ path: "/economia/" }));
    expect(off).toMatchObject({ path: "/economia/", isStory: false });
    expect(off.headline).toBeUndefined();
    const data = server.transform!({}, { published: true }, context({ path: "/politica/articulo/x/ABC123/", article: story }));
    expect(data).toMatchObject({ path: "/politica/articulo/x/ABC123/", isStory: true, headline: story.headlines.basic });
    const json = JSON.stringify({ ...data, path: "" });
    expect(json).not.toContain("ABC123");
    expect(json).not.toContain("primary_section");
  });

  it("sends only this brand's header: no other brand, no theme, hosts, footer or legal lines", () => {
    const semana = getBrand("semana");
    const soho = getBrand("soho");
    const json = JSON.stringify(server.transform!({}, { published: true }, context()));
    expect(json).toContain(JSON.stringify(semana.logo.svg));
    expect(json).not.toContain(JSON.stringify(soho.logo.svg));
    expect(json).not.toContain("/seccion/mujeres-soho/");
    expect(json).not.toContain("--color-primary");
    expect(json).not.toContain(semana.hosts.at(-1)!);
    expect(json).not.toContain(semana.legalName);
    expect(json).not.toContain(semana.taxNumber);
    expect(json).not.toContain(semana.footer.consumerAuthority.url);
  });

  it("cuts submenus to the brand's row limit and keeps no level the header does not show", () => {
    const soho = getBrand("soho");
    const original = soho.menus;
    const nested: MenuItem = { title: "Con hijos", link: "/seccion/relatos/", items: [{ title: "Nieto", link: "/seccion/relatos/nieto/" }] };
    const twelve: MenuItem[] = Array.from({ length: 12 }, (_, i) => (i === 0 ? nested : { title: `Entrada ${i + 1}`, link: "/seccion/relatos/" }));
    soho.menus = { ...original, main: [{ title: "Larga", items: twelve }], more: [nested], drawer: [{ title: "Larga", items: twelve }] };
    try {
      const { menus } = server.transform!({}, { published: true }, context({ brand: "soho" }));
      expect(menus.main[0].items).toHaveLength(9);
      expect(menus.drawer[0].items).toHaveLength(9);
      expect(JSON.stringify(menus)).not.toContain("Nieto");
    } finally {
      soho.menus = original;
    }
  });
});

describe("site-header: search, the regional daily's sticky bar and its '75 años' mark", () => {
  function mockRect(element: Element, rect: Partial<DOMRect>) {
    vi.spyOn(element, "getBoundingClientRect").mockReturnValue({ top: 0, bottom: 0, height: 0, left: 0, right: 0, width: 0, x: 0, y: 0, ...rect } as DOMRect);
  }
  /** The header after the main header scrolled out of view: the sticky bar shows. */
  function scrolled(ctx: Partial<PageContext>) {
    vi.useFakeTimers();
    const rendered = render(header({ published: true }, ctx));
    mockRect(rendered.container.querySelector("header")!, { top: -200, bottom: -40, height: 160 });
    act(() => vi.advanceTimersByTime(STICKY_SCROLL_THROTTLE_MS));
    act(() => void window.dispatchEvent(new Event("scroll")));
    return { ...rendered, bar: rendered.container.querySelector<HTMLElement>("[data-compact-header]")! };
  }

  it("links 'Buscar' to the results page on brands without the overlay", () => {
    const { container } = render(header({ published: true }, { brand: "elpais", path: "/cali/" }));
    expect(container.querySelector("input[type=checkbox]")).toBeNull();
    expect(screen.getByRole("link", { name: "Buscar" }).getAttribute("href")).toBe("/buscador/");
  });

  it("gives Soho a search overlay toggled by a checkbox label: the form asks the results page with ?query=", () => {
    const { container } = render(header({ published: true }, { brand: "soho", path: "/seccion/sexo/" }));
    const toggle = container.querySelector<HTMLInputElement>("input[type=checkbox]")!;
    const labels = [...container.querySelectorAll<HTMLLabelElement>(`label[for="${toggle.id}"]`)];
    // The top bar's 'Buscar' and the overlay's close button are both labels of the checkbox.
    expect(labels.map((label) => label.textContent)).toEqual(["Buscar", "×Cerrar la búsqueda"]);
    expect(screen.queryByRole("link", { name: "Buscar" })).toBeNull();
    const form = screen.getByRole("search");
    expect(form.getAttribute("action")).toBe("/buscador/");
    expect(form.getAttribute("method")).toBe("get");
    const field = within(form).getByLabelText("Buscar en Soho") as HTMLInputElement;
    expect(field).toMatchObject({ name: "query", type: "search", maxLength: 200 });
    // The labels toggle the checkbox natively: the overlay shows while it is checked (CSS, tests/e2e).
    fireEvent.click(labels[0]);
    expect(toggle.checked).toBe(true);
    fireEvent.click(labels[1]);
    expect(toggle.checked).toBe(false);
  });

  it("sends the search as HTML: the overlay for Soho, with the brand's name escaped, a link elsewhere", () => {
    expect(headerData({ published: true }, { brand: "soho" }).searchHtml).toContain("Buscar en Soho");
    expect(headerData({ published: true }, { brand: "semana" }).searchHtml).toBe(`<a href="/buscador/" data-search-link="">Buscar</a>`);
    expect(searchOverlayHtml('A&B <"x">')).toContain("Buscar en A&amp;B &lt;&quot;x&quot;&gt;");
  });

  it("gives El País a sticky bar with the small logo, the menu, search, subscribe and the user menu", () => {
    const { bar } = scrolled({ brand: "elpais", path: "/cali/" });
    expect(within(bar).getByRole("button", { name: "Menú" })).toBeTruthy();
    expect(within(bar).getByRole("link", { name: "El País: ir a la portada" })).toBeTruthy();
    const menu = within(bar).getByRole("navigation", { name: "Menú de la barra fija" });
    expect(
      within(menu)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Inicio", "Cali", "Política", "Judicial", "Deportes", "Opinión", "Economía"]);
    expect(within(menu).getByRole("link", { name: "Cali" }).getAttribute("aria-current")).toBe("page");
    expect(within(bar).getByRole("link", { name: "Buscar" }).getAttribute("href")).toBe("/buscador/");
    // The user menu waits for the session as the header's does (signed in: tested with the real API
    // in UserMenuSlot.integration.test.tsx).
    expect(bar.querySelector('[data-slot="user-menu"]')).toBeTruthy();
  });

  it("keeps the story's headline in the sticky bar of the other brands", () => {
    const { bar } = scrolled({ brand: "soho", article: story, path: "/sexo/articulo/x/1/" });
    expect(within(bar).queryByRole("navigation", { name: "Menú de la barra fija" })).toBeNull();
    expect(within(bar).getByText(story.headlines.basic)).toBeTruthy();
    expect(within(bar).queryByRole("link", { name: "Buscar" })).toBeNull();
  });

  it("shows El País's '75 años' mark beside the wordmark on its home page only", () => {
    const home = render(header({ published: true }, { brand: "elpais", path: "/" }));
    const badge = home.container.querySelector<HTMLElement>("header [data-home-badge]")!;
    expect(badge.getAttribute("aria-label")).toBe("75 años");
    // Inside the wordmark's link to the home page.
    expect(badge.closest("a")?.getAttribute("aria-label")).toBe("El País: ir a la portada");
    expect(badge.querySelector("svg")).toBeTruthy();
    home.unmount();
    for (const ctx of [
      { brand: "elpais", path: "/cali/" },
      { brand: "semana", path: "/" },
    ]) {
      const other = render(header({ published: true }, ctx));
      expect(other.container.querySelector("[data-home-badge]")).toBeNull();
      other.unmount();
    }
  });
});
