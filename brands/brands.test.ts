import { brandForHost, brands, contrastRatio, getBrand, normalizeHost, SOHO_SUBMENU_MAX_ROWS, themeCss, WCAG_AA_TEXT_CONTRAST, type MenuItem } from "./index";
import { sectionsByBrand } from "../domain/sections";
import { brandIds, DEFAULT_BRAND, type BrandId } from "../domain/brands";
import { isSitePath } from "../domain/urls";
import fs from "node:fs";
import path from "node:path";

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...flatten(item.items ?? [])]);
}

function allMenuItems(id: BrandId): MenuItem[] {
  const { menus, account, footer } = brands[id];
  return flatten([...menus.main, ...menus.more, ...menus.drawer, account.subscribe, account.register, account.login, ...footer.groups.flatMap((g) => g.links)]);
}

/** Routes that are pages of their own, not section pages (docs/article-pages.md#routes). */
const SPECIAL_ROUTES = [
  /^\/$/,
  /^\/store\/$/,
  /^\/suscripciones\/$/,
  /^\/-revista-semana\/(\?=1)?$/,
  /^\/autogestion\//,
  /^\/semana-tv\//,
  /^\/lo-mas-visto\/$/,
  /^\/videos\/$/,
  /^\/cali-cop16\/$/,
];

describe("brandForHost", () => {
  it.each([
    ["soho.localhost:3000", "soho"],
    ["SOHO.LOCALHOST", "soho"],
    ["www.elpais.com.co", "elpais"],
    ["www.elpais.com.co.", "elpais"],
    ["fucsia.localhost:8080", "fucsia"],
    ["semanarural.localhost", "semanarural"],
    ["forosemana.localhost:3000", "forosemana"],
    ["localhost:3000", "semana"],
    ["127.0.0.1:3000", "semana"],
    ["www.semana.com", "semana"],
    ["unknown.example.org", "semana"],
    ["", "semana"],
  ])("%s → %s", (host, expected) => {
    expect(brandForHost(host).id).toBe(expected);
  });

  it("treats a missing Host header as the default brand", () => {
    expect(brandForHost(undefined).id).toBe(DEFAULT_BRAND);
    expect(DEFAULT_BRAND).toBe("semana");
  });

  it("normalises IPv6 hosts and ports", () => {
    expect(normalizeHost("[::1]:3000")).toBe("::1");
    expect(normalizeHost("Soho.Localhost:3000")).toBe("soho.localhost");
  });

  it("gives every brand a *.localhost host for development", () => {
    for (const id of brandIds) expect(brands[id].hosts).toContain(`${id}.localhost`);
  });
});

describe("getBrand", () => {
  it("returns each of the six brands by id", () => {
    for (const id of brandIds) expect(getBrand(id).id).toBe(id);
  });

  it("names the known brands when the id is unknown", () => {
    expect(() => getBrand("nope")).toThrow(/"nope".*semana, fucsia, soho, elpais, semanarural, forosemana/);
  });
});

describe("legal lines", () => {
  it("uses Semana's ISSN and Bogotá", () => {
    expect(getBrand("semana").issn).toBe("2745-2794");
    for (const id of brandIds) expect(brands[id].city).toBe("Bogotá");
  });

  it("gives every brand a well-formed ISSN with a valid check digit and a NIT", () => {
    for (const id of brandIds) {
      const { issn, taxNumber, legalName } = brands[id];
      expect(issn).toMatch(/^\d{4}-\d{3}[\dX]$/);
      const digits = issn.replace("-", "");
      const sum = [...digits.slice(0, 7)].reduce((acc, d, i) => acc + Number(d) * (8 - i), 0);
      const check = (11 - (sum % 11)) % 11;
      expect(digits[7], `${id} ISSN ${issn}`).toBe(check === 10 ? "X" : String(check));
      expect(taxNumber).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d$/);
      expect(legalName.length).toBeGreaterThan(3);
    }
  });
});

describe("menus", () => {
  it("points every site link at an existing section or a known route", () => {
    for (const id of brandIds) {
      const sectionIds = new Set(sectionsByBrand[id].map((s) => s.id));
      const lastSegments = new Set(sectionsByBrand[id].map((s) => s.id.split("/").pop()));
      const footerLinks = new Set(brands[id].footer.groups.flatMap((g) => g.links));
      for (const item of allMenuItems(id)) {
        if (!item.link || footerLinks.has(item)) continue;
        if (item.isChatNumber) {
          expect(item.link, item.title).toMatch(/^\+?[\d ]{10,}$/);
          continue;
        }
        if (item.isExternalLink) {
          expect(item.link, item.title).toMatch(/^https:\/\//);
          continue;
        }
        const link = item.link;
        const known =
          SPECIAL_ROUTES.some((route) => route.test(link)) ||
          (link.endsWith("/") && sectionIds.has(link.slice(0, -1))) ||
          (id === "soho" && /^\/seccion\/[a-z0-9-]+\/$/.test(link) && lastSegments.has(link.split("/")[2]));
        expect(known, `${id}: "${item.title}" → ${link}`).toBe(true);
      }
    }
  });

  it("gives Semana the spec's main menu, in order", () => {
    expect(getBrand("semana").menus.main.map((item) => item.title)).toEqual([
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
  });

  it("gives Semana about 25 'Más' sections and a hamburger of about 34, without repeats", () => {
    const { more, drawer } = getBrand("semana").menus;
    expect(more.length).toBeGreaterThanOrEqual(23);
    expect(more.length).toBeLessThanOrEqual(27);
    expect(drawer.length).toBeGreaterThanOrEqual(32);
    expect(drawer.length).toBeLessThanOrEqual(36);
    expect(new Set(drawer.map((item) => item.link)).size).toBe(drawer.length);
  });

  it("gives Semana the five social networks of the hamburger, in order", () => {
    expect(getBrand("semana").social.map((link) => link.network)).toEqual(["youtube", "tiktok", "twitter", "facebook", "instagram"]);
    for (const id of brandIds) for (const link of brands[id].social) expect(link.url).toMatch(/^https:\/\//);
  });

  it("gives Soho the men's magazine menu with its children and a 9-row submenu limit", () => {
    const soho = getBrand("soho");
    expect(soho.menus.main.map((item) => item.link)).toEqual([
      "/",
      "/seccion/mujeres-soho/",
      "/seccion/sexo/",
      "/seccion/deportes/",
      "/seccion/relatos/",
      "/seccion/que-pasa/",
      "/videos/",
      "/lo-mas-visto/",
    ]);
    const byLink = (link: string) => soho.menus.main.find((item) => item.link === link)!;
    expect(byLink("/seccion/relatos/").items!.map((i) => i.link)).toEqual(["/seccion/historias/", "/seccion/opinadores/"]);
    expect(byLink("/seccion/que-pasa/").items!.map((i) => i.link)).toEqual([
      "/seccion/estilo-de-vida/",
      "/seccion/noticias/",
      "/seccion/virales/",
      "/seccion/peliculas-y-series/",
      "/seccion/entretenimiento/",
    ]);
    expect(SOHO_SUBMENU_MAX_ROWS).toBe(9);
    expect(soho.menus.submenuMaxRows).toBe(9);
  });

  it("gives El País the regional daily's menu", () => {
    const { menus, account } = getBrand("elpais");
    expect(menus.main.map((item) => item.title)).toEqual([
      "Inicio",
      "Noticias",
      "Cali",
      "Política",
      "Judicial",
      "Deportes",
      "Opinión",
      "Economía",
      "Clasificados",
      "Especiales",
    ]);
    const byTitle = (title: string) => menus.main.find((item) => item.title === title)!;
    expect(byTitle("Inicio").link).toBe("/");
    expect(byTitle("Noticias").items).toHaveLength(15);
    expect(byTitle("Deportes").items!.map((i) => i.title)).toEqual(["América de Cali", "Deportivo Cali", "Fútbol Colombiano", "Ciclismo"]);
    const classifieds = byTitle("Clasificados").items!;
    expect(classifieds.filter((i) => i.isExternalLink)).toHaveLength(3);
    expect(classifieds.filter((i) => i.isChatNumber)).toHaveLength(1);
    expect(byTitle("Especiales").items).toHaveLength(3);
    expect(account.login.title).toBe("Inicia sesión");
    expect(account.register.title).toBe("Crea cuenta");
    expect(account.subscribe).toEqual({ title: "SUSCRÍBETE", link: "/suscripciones/" });
  });

  it("gives the Semana group's anonymous user menu", () => {
    expect(getBrand("semana").account).toEqual({
      subscribe: { title: "Suscríbete", link: "/store/" },
      register: { title: "Crea tu cuenta", link: "/-revista-semana/?=1" },
      login: { title: "Iniciar sesión", link: "/-revista-semana/" },
    });
  });
});

describe("footer", () => {
  it("lists the spec's nine links and the help centre in the two groups, and the office hours", () => {
    for (const id of brandIds) {
      const { groups, officeHours, consumerAuthority } = brands[id].footer;
      expect(groups.map((g) => g.id)).toEqual(["about", "contact"]);
      expect(groups.flatMap((g) => g.links.map((l) => l.title)).sort()).toEqual(
        [
          "Términos de uso",
          "Política de tratamiento de datos",
          "Paute con nosotros",
          "Aviso de privacidad",
          "Política de riesgo antifraude",
          "Política SAGRILAFT",
          "Certificado ISSN",
          "Canales de atención al cliente",
          "Trabaje con nosotros",
          "Servicio al cliente",
        ].sort(),
      );
      expect(officeHours).toBe("Lunes a viernes de 8:00 a. m. a 6:00 p. m.");
      expect(consumerAuthority.url).toBe("https://www.sic.gov.co/");
      expect(consumerAuthority.logoSvg).toMatch(/^<svg[^>]*width="\d+" height="\d+"/);
    }
  });
});

describe("theme", () => {
  const pairs = [
    ["--color-text", "--color-background"],
    ["--color-text", "--color-surface"],
    ["--color-muted", "--color-background"],
    ["--color-accent", "--color-background"],
    ["--color-primary-contrast", "--color-primary"],
    ["--color-primary", "--color-background"],
    ["--color-dark-text", "--color-dark-background"],
  ] as const;

  it.each(brandIds)("%s meets WCAG AA for text on its backgrounds", (id) => {
    const theme = brands[id].theme;
    for (const [fg, bg] of pairs) {
      expect(contrastRatio(theme[fg], theme[bg]), `${id}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(WCAG_AA_TEXT_CONTRAST);
    }
  });

  it("computes the WCAG ratio (black on white is 21, equal colours 1)", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    expect(WCAG_AA_TEXT_CONTRAST).toBe(4.5);
    expect(() => contrastRatio("red", "#ffffff")).toThrow(/"red"/);
  });

  it("gives each brand its own primary colour and a stylesheet rule", () => {
    expect(new Set(brandIds.map((id) => brands[id].theme["--color-primary"])).size).toBe(brandIds.length);
    expect(themeCss(brands.semana.theme)).toMatch(/^:root\{--color-primary:#c8102e;.*--font-body:[^;]+\}$/);
  });

  it("draws every logo as an inline SVG of fixed size", () => {
    for (const id of brandIds) {
      const { svg, width, height } = brands[id].logo;
      expect(svg).toContain(`width="${width}" height="${height}"`);
      expect(svg).toContain('fill="currentColor"');
      expect(svg).not.toMatch(/href=|src=/);
    }
  });
});

describe("subscriber banners", () => {
  // docs/subscriptions-and-checkout.md#renewal-banners: every field of the configuration, links on the
  // brand's own site, and the image at each width (960 px and wider, 480 to 959, narrower).
  const FIELDS = [
    "URLInread",
    "URLMenuContextual",
    "URLModalHome",
    "URLPerfil",
    "ModalText",
    "ActualizarBoton",
    "BannerDesktop",
    "BannerTablet",
    "BannerMobile",
    "MenuContext",
  ];

  it.each(brandIds)("%s configures both banners with every field, site links and existing images", (id) => {
    for (const [kind, config] of Object.entries(brands[id].subscriberBanners)) {
      expect(Object.keys(config).sort(), `${id}.${kind}`).toEqual([...FIELDS].sort());
      for (const field of ["URLInread", "URLMenuContextual", "URLModalHome", "URLPerfil"] as const)
        expect(isSitePath(config[field]), `${id}.${kind}.${field}`).toBe(true);
      const widths = { BannerDesktop: 960, BannerTablet: 720, BannerMobile: 480 } as const;
      for (const [field, width] of Object.entries(widths)) {
        const image = config[field as keyof typeof widths];
        const file = path.join(process.cwd(), "public", image);
        expect(fs.existsSync(file), `${id}.${kind}.${field}: ${image}`).toBe(true);
        expect(fs.readFileSync(file, "utf8")).toContain(`width="${width}"`);
      }
      expect(config.ModalText).toContain("{fecha}");
    }
    // The renewal offer's texts name its price; the regional daily's payment update goes to its /perfil/ section.
    expect(brands[id].subscriberBanners.renovacion.MenuContext).toContain("{precio}");
    expect(brands[id].subscriberBanners.actualizarPago.URLPerfil).toBe(id === "elpais" ? "/perfil/suscripciones/" : "/autogestion/mis-suscripciones/");
  });
});
