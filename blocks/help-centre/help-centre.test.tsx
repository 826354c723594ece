// @vitest-environment jsdom
// The help centre as a reader meets it (docs/help-centre.md): the 8 cards and every sub-card with
// the spec's ids, the business facts where a reader looks for them, the states home → card →
// sub-card with their addresses, 'Volver', the breadcrumb's root that resets, the browser's back
// button, the WhatsApp links, the personal-data help, and the PQRS form's checks before sending.
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PQRS_MESSAGES } from "../../domain/pqrs";
import HelpCentre, { BACK_LABEL, CTA_TITLE } from "./index";
import { HELP_CARDS, PERSONAL_DATA } from "./content";
import { DEFAULT_WHATSAPP_LINE, helpCentreData, WHATSAPP_NEWS_CHANNEL, type Data } from "./index.server";
import { PQRS_SUBMIT } from "./PqrsForm";
import type { Settings } from "./settings";

const CARD_IDS = ["datos-personales", "suscripcion", "transacciones", "entrega-periodico", "soporte-tecnico", "contenido-editorial", "clasificados", "pqrs"];
const PERSONAL_DATA_IDS = ["actualizacion-datos-personales", "tratamiento-datos", "requerimientos-sobre-tratamiento-datos"];
const SUB_CARD_IDS: Record<string, string[] | undefined> = {
  "datos-personales": PERSONAL_DATA_IDS,
  suscripcion: ["renovaciones", "cambios-en-mi-suscripcion", "tipos-de-suscripciones"],
  transacciones: ["devoluciones", "facturacion", "medios-de-pago"],
  "entrega-periodico": undefined,
  "soporte-tecnico": ["accesso-a-mi-suscripcion-digital", "accesso-a-mi-contenido", "ediciones-impresas-en-formato-digital"],
  "contenido-editorial": ["opiniones", "peticiones", "rectificaciones"],
  clasificados: ["publicar-un-aviso", "oficinas", "puntos-de-venta", "portales-de-clasificados", "avisos-legales"],
  pqrs: ["canal-de-whatsapp", "publicidad", "archivo", "trabaje-con-nosotros", "peticiones-quejas-y-reclamos"],
};
const LINE = "https://wa.me/573001112233";
const PATH = "/servicio-al-cliente/";

function data(settings: Settings = { published: true, linkWhatsapp: LINE }, query: Record<string, string> = {}, path = PATH): Data {
  return helpCentreData(settings, { query, path });
}

function mount(settings?: Settings, query?: Record<string, string>, path?: string) {
  const rendered = render(<HelpCentre id="ayuda" pageId="servicio" settings={settings ?? { published: true }} data={data(settings, query, path)} />);
  return { ...rendered, root: () => rendered.container.querySelector<HTMLElement>("[data-help-state]")! };
}

const cardIds = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>("[data-card]")].map((card) => card.dataset.card);
const crumbs = () =>
  within(screen.getByRole("navigation", { name: "Ruta de navegación" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);
const stateText = (query: Record<string, string>) =>
  renderToString(<HelpCentre id="a" pageId="p" settings={{ published: true }} data={data(undefined, query)} />);

beforeEach(() => window.history.replaceState(null, "", PATH));
afterEach(() => vi.restoreAllMocks());

describe("cards and sub-cards", () => {
  it("shows the 8 category cards on the home, in the spec's order", () => {
    const { container, root } = mount();
    expect(root().dataset.helpState).toBe("home");
    expect(cardIds(container)).toEqual(CARD_IDS);
  });

  it.each(CARD_IDS)("%s: its sub-cards carry the spec's ids (information only when it has none)", (card) => {
    const { container } = mount(undefined, { categoria: card });
    const expected = SUB_CARD_IDS[card];
    if (expected) expect(cardIds(container)).toEqual(expected);
    else {
      expect(cardIds(container)).toEqual([]);
      expect(container.querySelectorAll("h3").length).toBeGreaterThan(0);
    }
  });

  const facts: Array<[string, Record<string, string>, string[]]> = [
    [
      "4 devices, Android 8.2 and iOS 8.0",
      { categoria: "soporte-tecnico", tema: "accesso-a-mi-suscripcion-digital" },
      ["hasta 4 dispositivos", "Android 8.2", "iOS 8.0"],
    ],
    ["the app's 7 days of editions", { categoria: "soporte-tecnico", tema: "ediciones-impresas-en-formato-digital" }, ["durante 7 días"]],
    [
      "refunds only in the listed cases, 5 business days, 15 calendar days, the bank certificate",
      { categoria: "transacciones", tema: "devoluciones" },
      [
        "Solo en estos casos",
        "Fallecimiento del suscriptor.",
        "Fallas repetidas del servicio, reportadas a tiempo.",
        "Cierre de la publicación.",
        "Derecho de retracto.",
        "saldo no consumido",
        "5 días hábiles",
        "15 días calendario",
        "certificación bancaria expedida hace no más de 30 días por un banco colombiano, a nombre de quien pagó",
        "certificado de defunción",
        "parentesco",
      ],
    ],
    ["the four cards", { categoria: "transacciones", tema: "medios-de-pago" }, ["Solo aceptamos las tarjetas Visa, MasterCard, American Express y Diners."]],
    [
      "the noon rule for delivery claims",
      { categoria: "entrega-periodico" },
      ["el mismo día de la entrega", "antes de las 12:00 m. se resuelven ese mismo día", "el siguiente día hábil"],
    ],
    [
      "the 3:00 p. m. address cutoff, cancelling 2 days before, the transfer",
      { categoria: "suscripcion", tema: "cambios-en-mi-suscripcion" },
      [
        "en un día hábil antes de las 3:00 p. m. se aplican de inmediato; los que lleguen después, o en fin de semana o festivo, desde el siguiente día hábil",
        "hasta 2 días antes",
        "conservas el acceso hasta ese día",
        "transferir a otra persona",
        "elige «Ceder a otra persona»",
      ],
    ],
    [
      "auto-renewal at the full rate on the card used",
      { categoria: "suscripcion", tema: "renovaciones" },
      ["tarifa plena vigente", "la tarjeta con la que compraste"],
    ],
    [
      "back issues from 2014 and the hours",
      { categoria: "pqrs", tema: "archivo" },
      ["desde 2014", "lunes a viernes de 8:00 a 10:00 a. m. y de 1:00 a 4:00 p. m.", "lunes a jueves de 9:00 a 11:00 a. m. y de 2:00 a 4:00 p. m."],
    ],
  ];

  it.each(facts)("states %s where a reader looks for it", (_what, query, texts) => {
    const html = stateText(query).replace(/<!-- -->/g, "");
    for (const text of texts) expect(html).toContain(text);
  });

  it("links the classifieds card to the external classifieds portals, opening in a new tab", () => {
    const { container } = mount(undefined, { categoria: "clasificados", tema: "portales-de-clasificados" });
    const portals = [...container.querySelectorAll<HTMLAnchorElement>(".links a, [class*='links'] a")].filter((a) => a.href.startsWith("https://"));
    expect(portals.map((a) => new URL(a.href).hostname)).toEqual(["clasificados.elpais.com.co", "empleos.elpais.com.co", "inmuebles.elpais.com.co"]);
    for (const portal of portals) expect(portal).toMatchObject({ target: "_blank", rel: "noopener noreferrer" });
  });
});

describe("states", () => {
  it("moves home → card → sub-card in place, with an address for each state and the heading focused", () => {
    const push = vi.spyOn(window.history, "pushState");
    const { container, root } = mount();
    fireEvent.click(container.querySelector('[data-card="suscripcion"]')!);
    expect(root().dataset.helpState).toBe("card");
    expect(push).toHaveBeenLastCalledWith(null, "", `${PATH}?categoria=suscripcion`);
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2, name: "Suscripción" }));
    expect(crumbs()).toEqual(["Servicio al cliente", "Suscripción"]);

    fireEvent.click(container.querySelector('[data-card="renovaciones"]')!);
    expect(root().dataset.helpState).toBe("sub-card");
    expect(push).toHaveBeenLastCalledWith(null, "", `${PATH}?categoria=suscripcion&tema=renovaciones`);
    expect(crumbs()).toEqual(["Servicio al cliente", "Suscripción", "Renovaciones"]);
    expect(screen.getByRole("heading", { level: 2, name: "Renovaciones" })).toBe(document.activeElement);
  });

  it("'Volver' goes from a sub-card to its card and from a card to the home", () => {
    const { root } = mount(undefined, { categoria: "transacciones", tema: "devoluciones" });
    expect(root().dataset.helpState).toBe("sub-card");
    fireEvent.click(screen.getByRole("link", { name: BACK_LABEL }));
    expect(root().dataset.helpState).toBe("card");
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Transacciones");
    fireEvent.click(screen.getByRole("link", { name: BACK_LABEL }));
    expect(root().dataset.helpState).toBe("home");
    expect(screen.queryByRole("link", { name: BACK_LABEL })).toBeNull();
  });

  it("the breadcrumb starts at 'Servicio al cliente', and its root resets card and sub-card at once", () => {
    const push = vi.spyOn(window.history, "pushState");
    const { root } = mount(undefined, { categoria: "soporte-tecnico", tema: "accesso-a-mi-contenido" });
    expect(crumbs()).toEqual(["Servicio al cliente", "Soporte técnico", "Acceso a mi contenido"]);
    fireEvent.click(screen.getByRole("link", { name: "Servicio al cliente" }));
    expect(root().dataset.helpState).toBe("home");
    expect(push).toHaveBeenLastCalledWith(null, "", PATH);
    expect(crumbs()).toEqual(["Servicio al cliente"]);
  });

  it("follows the browser's back and forward buttons", () => {
    const { container, root } = mount();
    fireEvent.click(container.querySelector('[data-card="pqrs"]')!);
    fireEvent.click(container.querySelector('[data-card="archivo"]')!);
    act(() => {
      window.history.replaceState(null, "", `${PATH}?categoria=pqrs`);
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(root().dataset.helpState).toBe("card");
    act(() => {
      window.history.replaceState(null, "", PATH);
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(root().dataset.helpState).toBe("home");
  });

  it("leaves a click that asks for a new tab to the browser", () => {
    const push = vi.spyOn(window.history, "pushState");
    const { container, root } = mount();
    fireEvent.click(container.querySelector('[data-card="pqrs"]')!, { ctrlKey: true });
    expect(root().dataset.helpState).toBe("home");
    expect(push).not.toHaveBeenCalled();
  });

  it("renders any state from its address on the server: each card is a link that works without JavaScript", () => {
    const html = stateText({ categoria: "transacciones", tema: "facturacion" });
    expect(html).toContain('data-help-state="sub-card"');
    expect(html).toContain(`href="${PATH}?categoria=transacciones"`);
    expect(stateText({})).toContain(`href="${PATH}?categoria=datos-personales"`);
    // A card or sub-card that does not exist opens the home; a sub-card of another card is ignored.
    expect(stateText({ categoria: "<script>" })).toContain('data-help-state="home"');
    expect(stateText({ categoria: "suscripcion", tema: "devoluciones" })).toContain('data-help-state="card"');
  });
});

describe("WhatsApp", () => {
  it("has the floating link and '¿No encontraste lo que buscabas?' on every state, to the configured line", () => {
    for (const query of [{}, { categoria: "pqrs" }, { categoria: "pqrs", tema: "archivo" }] as Array<Record<string, string>>) {
      const { container, unmount } = mount({ published: true, linkWhatsapp: LINE }, query);
      expect(container.querySelector<HTMLAnchorElement>("[data-whatsapp-float]")!.href).toBe(LINE);
      expect(screen.getByText(CTA_TITLE)).toBeTruthy();
      expect(screen.getByRole("link", { name: "Formulario de contacto" }).getAttribute("href")).toBe("/enos/");
      unmount();
    }
  });

  it("takes only https WhatsApp links from the settings", () => {
    expect(data({ published: true, linkWhatsapp: "javascript:alert(1)" }).whatsapp).toBe(DEFAULT_WHATSAPP_LINE);
    expect(data({ published: true, linkWhatsapp: "https://evil.example/wa.me" }).whatsapp).toBe(DEFAULT_WHATSAPP_LINE);
    expect(data({ published: true, linkWhatsapp: "http://wa.me/573001112233" }).whatsapp).toBe(DEFAULT_WHATSAPP_LINE);
    expect(data({ published: true, linkWhatsapp: LINE }).whatsapp).toBe(LINE);
  });

  it("links the news channel sub-card to the WhatsApp channel and 'Escríbenos por WhatsApp' to the line", () => {
    mount({ published: true, linkWhatsapp: LINE }, { categoria: "pqrs", tema: "canal-de-whatsapp" });
    expect(screen.getByRole("link", { name: "Canal de WhatsApp" }).getAttribute("href")).toBe(WHATSAPP_NEWS_CHANNEL);
  });
});

describe("personal-data help", () => {
  it("shows its 3 cards, each opening its text with 'Volver', under 'Servicio al cliente › Datos personales'", () => {
    const settings: Settings = { published: true, vista: "datos-personales" };
    const path = "/servicio-al-cliente/datos-personales/";
    const { container, root } = mount(settings, {}, path);
    expect(cardIds(container)).toEqual(PERSONAL_DATA_IDS);
    expect(crumbs()).toEqual(["Servicio al cliente", "Datos personales"]);
    expect(screen.getByRole("link", { name: "Servicio al cliente" }).getAttribute("href")).toBe(PATH);
    for (const id of PERSONAL_DATA_IDS) {
      fireEvent.click(container.querySelector(`[data-card="${id}"]`)!);
      expect(root().dataset.helpState).toBe("card");
      expect(container.querySelectorAll("h3").length).toBeGreaterThan(0);
      fireEvent.click(screen.getByRole("link", { name: BACK_LABEL }));
      expect(root().dataset.helpState).toBe("home");
    }
  });
});

describe("PQRS form", () => {
  it("says what is missing after a submit attempt, without sending anything", () => {
    const send = vi.spyOn(globalThis, "fetch");
    mount(undefined, { categoria: "pqrs", tema: "peticiones-quejas-y-reclamos" });
    expect(screen.queryByText(PQRS_MESSAGES.tipo)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: PQRS_SUBMIT }));
    for (const message of [
      PQRS_MESSAGES.tipo,
      PQRS_MESSAGES.nombre,
      PQRS_MESSAGES.correo,
      PQRS_MESSAGES.asunto,
      PQRS_MESSAGES.mensaje,
      PQRS_MESSAGES.autorizacion,
    ])
      expect(screen.getByText(message)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText("Tipo de solicitud"));

    fireEvent.change(screen.getByLabelText("Tipo de solicitud"), { target: { value: "queja" } });
    fireEvent.change(screen.getByLabelText("Teléfono (opcional)"), { target: { value: "12345" } });
    expect(screen.queryByText(PQRS_MESSAGES.tipo)).toBeNull();
    expect(screen.getByText(PQRS_MESSAGES.telefono)).toBeTruthy();
  });

  it("stands alone in the form view (the contact page /enos/): its heading under the page's h1, the help centre and WhatsApp beside it, no help texts", () => {
    const settings: Settings = { published: true, vista: "formulario", linkWhatsapp: LINE };
    const formData = data(settings, { categoria: "pqrs" }, "/enos/");
    // None of the help centre's texts travel with the contact page.
    expect(formData.cards).toEqual([]);
    const { container } = render(<HelpCentre id="formulario" pageId="enos" settings={settings} data={formData} />);
    const form = screen.getByRole("form", { name: "Radica tu PQRS" });
    expect(within(form).getByRole("heading", { level: 2 }).textContent).toBe("Radica tu PQRS");
    expect(container.querySelector("[data-card], [data-help-state], [data-whatsapp-float]")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Ruta de navegación" })).toBeNull();
    expect(screen.getByRole("link", { name: "Servicio al cliente" }).getAttribute("href")).toBe(PATH);
    expect(screen.getByRole("link", { name: "escríbenos por WhatsApp" }).getAttribute("href")).toBe(LINE);

    // The same checks as in the help centre: nothing leaves while a field is wrong.
    const send = vi.spyOn(globalThis, "fetch");
    fireEvent.click(within(form).getByRole("button", { name: PQRS_SUBMIT }));
    expect(screen.getByText(PQRS_MESSAGES.autorizacion)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    // An editor may name the form otherwise.
    expect(data({ ...settings, title: "Escríbenos" }).title).toBe("Escríbenos");
  });
});

describe("the help centre's texts", () => {
  it("end each sentence with one period, never 'p. m..' where a time of day closes it", () => {
    const texts: string[] = [];
    const walk = (value: unknown): void => {
      if (typeof value === "string") texts.push(value);
      else if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object") Object.values(value).forEach(walk);
    };
    walk([HELP_CARDS, PERSONAL_DATA]);
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.filter((text) => /(^|[^.])\.\.($|[^.])/.test(text))).toEqual([]);
    expect(texts.some((text) => /8:00 a\. m\. a 6:00 p\. m\.$/.test(text))).toBe(true);
  });
});
