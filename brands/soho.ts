// Soho: the men's magazine. Its section pages live under /seccion/<last segment>/.
import { sectionName } from "../domain/sections";
import { SEMANA_GROUP_ACCOUNT_LINKS, SEMANA_GROUP_FOOTER, SEMANA_GROUP_LEGAL, socialLinks, wordmark, subscriberBanners } from "./common";
import type { Brand, MenuItem } from "./types";

/** docs/brands.md#soho-menu: "Submenus show at most 9 rows". */
export const SOHO_SUBMENU_MAX_ROWS = 9;

/** A soho section entry: the page is /seccion/<last segment of the id>/. */
function sohoSection(id: string, items?: MenuItem[]): MenuItem {
  const name = sectionName("soho", id);
  if (!name) throw new Error(`brands/soho: la sección "${id}" no existe en brands/sections.ts`);
  return { title: name, link: `/seccion/${id.split("/").pop()}/`, ...(items ? { items } : {}) };
}

/** The men's magazine menu of docs/brands.md#soho-menu, in its order. */
const menu: MenuItem[] = [
  { title: "Inicio", link: "/" },
  sohoSection("/mujeres-soho"),
  sohoSection("/sexo"),
  sohoSection("/deportes"),
  sohoSection("/relatos", [sohoSection("/relatos/historias"), sohoSection("/relatos/opinadores")]),
  sohoSection("/que-pasa", [
    sohoSection("/que-pasa/estilo-de-vida"),
    sohoSection("/que-pasa/noticias"),
    sohoSection("/que-pasa/virales"),
    sohoSection("/que-pasa/peliculas-y-series"),
    sohoSection("/que-pasa/entretenimiento"),
  ]),
  { title: "Videos", link: "/videos/" },
  { title: "Lo más visto", link: "/lo-mas-visto/" },
];

export const soho: Brand = {
  id: "soho",
  displayName: "Soho",
  paywallPitch: "Este contenido es exclusivo para suscriptores de Soho. Suscríbete y sigue leyendo sin límites.",
  ...SEMANA_GROUP_LEGAL,
  // Invented for this project (valid check digit); replace with the magazine's registered ISSN.
  issn: "0124-3012",
  hosts: ["soho.localhost", "www.soho.co", "soho.co"],
  logo: wordmark("SOHO", { width: 112, height: 38, fontFamily: "Impact, 'Arial Narrow', 'Helvetica Neue', Arial, sans-serif", fontWeight: 900 }),
  // The toggle menu and the horizontal menu show the same tree.
  menus: { main: menu, more: [], drawer: menu, submenuMaxRows: SOHO_SUBMENU_MAX_ROWS },
  account: SEMANA_GROUP_ACCOUNT_LINKS,
  social: socialLinks({
    youtube: "https://www.youtube.com/@RevistaSoho",
    tiktok: "https://www.tiktok.com/@revistasoho",
    twitter: "https://twitter.com/revistasoho",
    facebook: "https://www.facebook.com/RevistaSoho",
    instagram: "https://www.instagram.com/revistasoho/",
  }),
  footer: SEMANA_GROUP_FOOTER,
  // docs/brands.md#soho-menu: the search label opens an overlay toggled by a checkbox label.
  header: { searchOverlay: true },
  theme: {
    "--color-primary": "#d6001c",
    "--color-primary-contrast": "#ffffff",
    "--color-accent": "#b3001b",
    "--color-text": "#111111",
    "--color-muted": "#595959",
    "--color-background": "#ffffff",
    "--color-surface": "#f2f2f2",
    "--color-border": "#d9d9d9",
    "--color-dark-background": "#000000",
    "--color-dark-text": "#ffffff",
    "--font-heading": "'Arial Narrow', 'Roboto Condensed', 'Helvetica Neue', Arial, sans-serif",
    "--font-body": "'Helvetica Neue', Helvetica, Arial, sans-serif",
  },
  subscriberBanners: subscriberBanners(),
  // docs/brands.md#age-gate: on every page, whoever reads it and however they got there.
  everyPage: [{ type: "age-gate", id: "verificacion-edad", settings: { published: true } }],
};
