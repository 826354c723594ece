// Fucsia: the lifestyle magazine of the Semana group.
import { section, SEMANA_GROUP_ACCOUNT_LINKS, SEMANA_GROUP_FOOTER, SEMANA_GROUP_LEGAL, socialLinks, wordmark, subscriberBanners } from "./common";
import type { Brand, MenuItem } from "./types";

const s = (id: string, title?: string) => section("fucsia", id, title);

const main: MenuItem[] = [s("/moda"), s("/belleza"), s("/bienestar"), s("/gente"), s("/estilo-de-vida"), s("/sexo"), s("/cocina"), s("/opinion-fucsia")];

export const fucsia: Brand = {
  id: "fucsia",
  displayName: "Fucsia",
  paywallPitch: "Este contenido es exclusivo para suscriptores. Suscríbete a Fucsia y lee sin límites lo mejor de moda, belleza y bienestar.",
  ...SEMANA_GROUP_LEGAL,
  // Invented for this project (valid check digit); replace with the magazine's registered ISSN.
  issn: "0123-7632",
  hosts: ["fucsia.localhost", "www.fucsia.co", "fucsia.co"],
  logo: wordmark("fucsia", { width: 132, height: 36, fontFamily: "Didot, 'Bodoni 72', 'Bodoni MT', Georgia, serif", fontWeight: 700, fontStyle: "italic" }),
  menus: { main, more: [], drawer: [...main, s("/galerias")] },
  account: SEMANA_GROUP_ACCOUNT_LINKS,
  social: socialLinks({
    youtube: "https://www.youtube.com/@RevistaFucsia",
    tiktok: "https://www.tiktok.com/@revistafucsia",
    twitter: "https://twitter.com/RevistaFucsia",
    facebook: "https://www.facebook.com/RevistaFucsia",
    instagram: "https://www.instagram.com/revistafucsia/",
  }),
  footer: SEMANA_GROUP_FOOTER,
  theme: {
    "--color-primary": "#a3126b",
    "--color-primary-contrast": "#ffffff",
    "--color-accent": "#6b2d8f",
    "--color-text": "#222222",
    "--color-muted": "#5f5a5d",
    "--color-background": "#ffffff",
    "--color-surface": "#fbf3f7",
    "--color-border": "#ead6e1",
    "--color-dark-background": "#1b1018",
    "--color-dark-text": "#f7eef3",
    "--font-heading": "Didot, 'Bodoni 72', 'Bodoni MT', Georgia, serif",
    "--font-body": "'Helvetica Neue', Helvetica, Arial, sans-serif",
  },
  subscriberBanners: subscriberBanners(),
};
