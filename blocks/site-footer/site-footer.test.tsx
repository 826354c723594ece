// @vitest-environment jsdom
import { fireEvent, render, screen, within } from "@testing-library/react";
import { getBrand } from "../../brands";
import { enhance } from "../_shared/enhance";
import type { PageContext } from "../../runtime/types";
import SiteFooter from "./index";
import server, { FOOTER_SOCIAL_NETWORKS } from "./index.server";

const context = (brand = "semana"): PageContext => ({ brand, path: "/", params: {}, query: {} });

/** The footer with its server half's data. */
function footer(brand = "semana") {
  const data = server.transform!({}, { published: true }, context(brand));
  return <SiteFooter id="footer" pageId="home" settings={{ published: true }} data={data} />;
}

// The footer is HTML only in the browser: its groups fold with the page's one script.
beforeAll(() => enhance(document));

const copyright = (container: HTMLElement) => [...container.querySelectorAll("p")].find((p) => p.textContent!.startsWith("©"))!;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("site-footer", () => {
  it("lists the links of docs/brands.md#footer-links in the two groups", () => {
    render(footer());
    const about = screen.getByRole("button", { name: "Sobre nosotros" });
    const contact = screen.getByRole("button", { name: "Contáctenos" });
    fireEvent.click(about);
    fireEvent.click(contact);
    const aboutLinks = within(document.getElementById(about.getAttribute("aria-controls")!)!).getAllByRole("link");
    expect(aboutLinks.map((a) => a.textContent)).toEqual([
      "Términos de uso",
      "Política de tratamiento de datos",
      "Aviso de privacidad",
      "Política de riesgo antifraude",
      "Política SAGRILAFT",
      "Certificado ISSN",
    ]);
    const contactBody = document.getElementById(contact.getAttribute("aria-controls")!)!;
    expect(
      within(contactBody)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["Paute con nosotros", "/paute-con-nosotros/"],
      ["Servicio al cliente", "/servicio-al-cliente/"],
      ["Canales de atención al cliente", "/enos/"],
      ["Trabaje con nosotros", "/trabaje-con-nosotros/"],
    ]);
    expect(contactBody.textContent).toContain("Lunes a viernes de 8:00 a. m. a 6:00 p. m.");
  });

  it("folds each group independently on tap", () => {
    render(footer());
    const about = screen.getByRole("button", { name: "Sobre nosotros" });
    const contact = screen.getByRole("button", { name: "Contáctenos" });
    const body = (button: HTMLElement) => document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(about.getAttribute("aria-expanded")).toBe("false");
    expect(body(about).hidden).toBe(true);
    expect(screen.queryByRole("link", { name: "Términos de uso" })).toBeNull();

    fireEvent.click(about);
    expect(about.getAttribute("aria-expanded")).toBe("true");
    expect(body(about).hidden).toBe(false);
    expect(screen.getByRole("link", { name: "Términos de uso" })).toBeTruthy();
    expect(contact.getAttribute("aria-expanded")).toBe("false");
    expect(body(contact).hidden).toBe(true);

    fireEvent.click(contact);
    expect(body(about).hidden).toBe(false);
    expect(body(contact).hidden).toBe(false);

    fireEvent.click(about);
    expect(about.getAttribute("aria-expanded")).toBe("false");
    expect(body(about).hidden).toBe(true);
    expect(body(contact).hidden).toBe(false);
  });

  it("shows the four social networks of the footer, in order, and the SIC badge", () => {
    render(footer());
    const names = ["Facebook", "Instagram", "Twitter", "YouTube"];
    const links = screen.getAllByRole("link", { name: /^Semana en / });
    expect(links.map((a) => a.getAttribute("aria-label"))).toEqual(names.map((n) => `Semana en ${n}`));
    expect(FOOTER_SOCIAL_NETWORKS).toEqual(["facebook", "instagram", "twitter", "youtube"]);
    const sic = screen.getByRole("link", { name: "Superintendencia de Industria y Comercio" });
    expect(sic.getAttribute("href")).toBe("https://www.sic.gov.co/");
    expect(sic.querySelector("svg")).not.toBeNull();
  });

  it("shows the copyright of the current year with the legal lines", () => {
    const { container } = render(footer());
    const bogotaYear = new Intl.DateTimeFormat("es-CO", { year: "numeric", timeZone: "America/Bogota" }).format(new Date());
    expect(copyright(container).textContent).toBe(`© ${bogotaYear} Publicaciones Semana S.A.`);
    expect(screen.getByText("NIT 860.509.265-1")).toBeTruthy();
    expect(screen.getByText("Bogotá")).toBeTruthy();
    expect(screen.getByText("ISSN 2745-2794")).toBeTruthy();
  });

  it("uses each brand's own legal lines", () => {
    const elpais = getBrand("elpais");
    const { container } = render(footer("elpais"));
    expect(copyright(container).textContent).toContain(elpais.legalName);
    expect(screen.getByText(`NIT ${elpais.taxNumber}`)).toBeTruthy();
    expect(screen.getByText(`ISSN ${elpais.issn}`)).toBeTruthy();
    expect(screen.getByRole("link", { name: "El País en Facebook" }).getAttribute("href")).toBe("https://www.facebook.com/elpaiscali");
  });

  it("shows the year in Bogotá when the page was rendered", () => {
    // 04:00 UTC on 1 January 2027 is still 31 December 2026 in Bogotá.
    vi.useFakeTimers({ now: new Date("2027-01-01T04:00:00.000Z"), toFake: ["Date"] });
    const { container } = render(footer());
    expect(copyright(container).textContent).toBe("© 2026 Publicaciones Semana S.A.");
  });

  it("fetches nothing and is never empty", () => {
    expect(server.fetch).toBeUndefined();
    const data = server.transform!({}, { published: true }, context());
    expect(server.isEmpty!(data, { published: true })).toBe(false);
  });

  it("sends only this brand's footer: no other brand, no menus, theme, hosts or other social links", () => {
    const semana = getBrand("semana");
    const data = server.transform!({}, { published: true }, context());
    expect(data.social.map((link) => link.network)).toEqual(FOOTER_SOCIAL_NETWORKS);
    const json = JSON.stringify(data);
    expect(json).toContain(JSON.stringify(semana.logo.svg));
    expect(json).not.toContain(JSON.stringify(getBrand("elpais").logo.svg));
    expect(json).not.toContain("tiktok");
    expect(json).not.toContain("/ultimas-noticias/");
    expect(json).not.toContain("--color-primary");
    expect(json).not.toContain(semana.hosts.at(-1)!);
  });

  it("links today's daily archive, in Bogotá (docs/archives.md#daily-archive)", () => {
    // 03:00 UTC on 25 November is still 24 November in Bogotá.
    const data = server.transform!({}, { published: true }, { ...context(), now: new Date("2026-11-25T03:00:00.000Z") });
    render(<SiteFooter id="footer" pageId="home" settings={{ published: true }} data={data} />);
    expect(screen.getByRole("link", { name: "Archivo del día" }).getAttribute("href")).toBe("/archivo/2026/11/24/");
  });
});
