// El País: the regional daily of Cali (docs/brands.md#the-six-brands; its header: docs/brands.md#elpais-header).
import { SEMANA_GROUP_FOOTER, section, socialLinks, wordmark, subscriberBanners } from "./common";
import type { Brand, MenuItem } from "./types";

const s = (id: string, title?: string, items?: MenuItem[]) => section("elpais", id, title, items);

/** The 'Noticias' submenu: 15 sections. */
const news: MenuItem[] = [
  s("/cali"),
  s("/valle"),
  s("/colombia"),
  s("/mundo"),
  s("/judicial"),
  s("/economia"),
  s("/entretenimiento"),
  s("/cultura"),
  s("/salud"),
  s("/tecnologia"),
  s("/educacion"),
  s("/medio-ambiente"),
  s("/turismo"),
  s("/gastronomia"),
  s("/tendencias"),
];

/** 'Clasificados': three external classifieds sites and the WhatsApp line (placeholders until the real ones are known). */
export const ELPAIS_CLASSIFIEDS: MenuItem[] = [
  { title: "Avisos clasificados", link: "https://clasificados.elpais.com.co/", isExternalLink: true },
  { title: "Empleos", link: "https://empleos.elpais.com.co/", isExternalLink: true },
  { title: "Inmuebles", link: "https://inmuebles.elpais.com.co/", isExternalLink: true },
  { title: "Clasificados por WhatsApp", link: "+57 315 000 0000", isChatNumber: true },
];

const main: MenuItem[] = [
  { title: "Inicio", link: "/" },
  { title: "Noticias", items: news },
  s("/cali"),
  s("/politica"),
  s("/judicial"),
  s("/deportes", undefined, [s("/deportes/america-de-cali"), s("/deportes/deportivo-cali"), s("/deportes/futbol-colombiano"), s("/deportes/ciclismo")]),
  s("/opinion"),
  s("/economia"),
  { title: "Clasificados", items: ELPAIS_CLASSIFIEDS },
  // /cali-cop16/ is the countdown-banner page of docs/brands.md#countdown-banner.
  { title: "Especiales", items: [s("/especiales", "Todos los especiales"), { title: "COP16 Cali", link: "/cali-cop16/" }, s("/tendencias")] },
];

/**
 * docs/brands.md#75-years-logo: the home page's extra '75 años' mark (El País was founded in Cali in
 * 1950), drawn inline in the brand's blue so that it costs no request.
 */
const ANNIVERSARY_BADGE = {
  label: "75 años",
  width: 64,
  height: 64,
  svg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">' +
    '<circle cx="32" cy="32" r="30" fill="none" stroke="#004c97" stroke-width="3"/>' +
    '<circle cx="32" cy="32" r="25" fill="none" stroke="#b5121b" stroke-width="1.5"/>' +
    '<text x="32" y="36" text-anchor="middle" font-family="Georgia, \'Times New Roman\', serif" font-size="22" font-weight="700" fill="#004c97" textLength="28" lengthAdjust="spacingAndGlyphs">75</text>' +
    '<text x="32" y="48" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="8" font-weight="700" letter-spacing="1" fill="#b5121b">AÑOS</text>' +
    '<text x="32" y="20" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="6" fill="#004c97">1950</text>' +
    "</svg>",
};

export const elpais: Brand = {
  id: "elpais",
  displayName: "El País",
  paywallPitch: "Este contenido es exclusivo para suscriptores de El País. Suscríbete y sigue informado sobre Cali y el Valle del Cauca sin límites.",
  legalName: "Editorial El País S.A.S.",
  // Invented for this project; replace with the company's registered NIT.
  taxNumber: "890.301.752-8",
  // The spec's footer names the city Bogotá. El País is a Cali daily, but it belongs to the Semana
  // group and the footer's legal line is the group's: we keep Bogotá for every brand, as the spec says.
  city: "Bogotá",
  // Invented for this project (valid check digit); replace with the daily's registered ISSN.
  issn: "0122-3348",
  hosts: ["elpais.localhost", "www.elpais.com.co", "elpais.com.co"],
  logo: wordmark("El País", { width: 150, height: 38, fontFamily: "Georgia, 'Times New Roman', serif", fontWeight: 700 }),
  // The mobile hamburger drawer has the same tree as the main menu.
  menus: { main, more: [], drawer: main },
  account: {
    subscribe: { title: "SUSCRÍBETE", link: "/suscripciones/" },
    register: { title: "Crea cuenta", link: "/-revista-semana/?=1" },
    login: { title: "Inicia sesión", link: "/-revista-semana/" },
  },
  social: socialLinks({
    youtube: "https://www.youtube.com/@elpaiscali",
    tiktok: "https://www.tiktok.com/@elpaiscali",
    twitter: "https://twitter.com/elpaiscali",
    facebook: "https://www.facebook.com/elpaiscali",
    instagram: "https://www.instagram.com/elpaiscali/",
  }),
  footer: SEMANA_GROUP_FOOTER,
  header: { fullStickyBar: true, homeBadge: ANNIVERSARY_BADGE },
  theme: {
    "--color-primary": "#004c97",
    "--color-primary-contrast": "#ffffff",
    "--color-accent": "#b5121b",
    "--color-text": "#1b1b1b",
    "--color-muted": "#555555",
    "--color-background": "#ffffff",
    "--color-surface": "#f3f6fa",
    "--color-border": "#d5dde8",
    "--color-dark-background": "#0a1f33",
    "--color-dark-text": "#eef3f8",
    "--font-heading": "Georgia, 'Times New Roman', serif",
    "--font-body": "Arial, 'Helvetica Neue', Helvetica, sans-serif",
  },
  subscriberBanners: subscriberBanners("/perfil/suscripciones/"),
};
