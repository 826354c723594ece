// Semana: the news weekly with a video channel, and the default brand (it serves localhost).
import { section, SEMANA_GROUP_ACCOUNT_LINKS, SEMANA_GROUP_FOOTER, SEMANA_GROUP_LEGAL, socialLinks, wordmark, subscriberBanners } from "./common";
import type { Brand, MenuItem } from "./types";

const s = (id: string, title?: string) => section("semana", id, title);

/** docs/article-pages.md#menus: exactly these nine, in this order. */
const main: MenuItem[] = [
  s("/ultimas-noticias"),
  s("/nacion"),
  s("/politica"),
  s("/economia"),
  s("/mundo"),
  s("/deportes"),
  s("/tecnologia"),
  s("/el-debate"),
  s("/impresa"),
];

/** The 'Más' dropdown: about 25 more sections (docs/article-pages.md#menus). */
const more: MenuItem[] = [
  s("/opinion"),
  s("/vida-moderna"),
  s("/cultura"),
  s("/gente"),
  s("/salud"),
  s("/educacion"),
  s("/medio-ambiente"),
  s("/turismo"),
  s("/mascotas"),
  s("/finanzas"),
  s("/confidenciales"),
  s("/elecciones"),
  s("/recetas"),
  s("/galerias"),
  s("/caricaturas/galeria"),
  s("/videos"),
  s("/semanaplay"),
  s("/semana-tv"),
  s("/live"),
  s("/especiales"),
  s("/hablan-las-marcas"),
  s("/mejor-colombia"),
  s("/economia/capsulas"),
  s("/economia/empresas"),
  s("/edicion"),
];

export const semana: Brand = {
  id: "semana",
  displayName: "Semana",
  paywallPitch: "Para seguir leyendo este contenido exclusivo, suscríbete a Semana: periodismo independiente sobre Colombia y el mundo, sin límites.",
  ...SEMANA_GROUP_LEGAL,
  issn: "2745-2794",
  hosts: ["semana.localhost", "localhost", "127.0.0.1", "www.semana.com", "semana.com"],
  logo: wordmark("SEMANA", { width: 168, height: 36, fontFamily: "'Helvetica Neue', Helvetica, Arial, sans-serif", fontWeight: 900 }),
  // The hamburger lists about 34 sections: the main menu followed by the 'Más' sections.
  menus: { main, more, drawer: [...main, ...more] },
  account: SEMANA_GROUP_ACCOUNT_LINKS,
  social: socialLinks({
    youtube: "https://www.youtube.com/@RevistaSemana",
    tiktok: "https://www.tiktok.com/@revistasemana",
    twitter: "https://twitter.com/RevistaSemana",
    facebook: "https://www.facebook.com/RevistaSemana",
    instagram: "https://www.instagram.com/revistasemana/",
  }),
  footer: SEMANA_GROUP_FOOTER,
  theme: {
    "--color-primary": "#c8102e",
    "--color-primary-contrast": "#ffffff",
    "--color-accent": "#0b5cad",
    "--color-text": "#1a1a1a",
    "--color-muted": "#5c5c5c",
    "--color-background": "#ffffff",
    "--color-surface": "#f4f4f4",
    "--color-border": "#dddddd",
    "--color-dark-background": "#111111",
    "--color-dark-text": "#f2f2f2",
    "--font-heading": "'Helvetica Neue', Helvetica, Arial, sans-serif",
    "--font-body": "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  },
  subscriberBanners: subscriberBanners(),
};
