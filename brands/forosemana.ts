// Foros Semana: the forums site (events, their videos, galleries and memorable moments).
import { section, SEMANA_GROUP_ACCOUNT_LINKS, SEMANA_GROUP_FOOTER, SEMANA_GROUP_LEGAL, socialLinks, wordmark, subscriberBanners } from "./common";
import type { Brand, MenuItem } from "./types";

const s = (id: string, title?: string) => section("forosemana", id, title);

const main: MenuItem[] = [
  s("/foros-semana", "Inicio"),
  s("/foros-semana/foros"),
  s("/foros-semana/videos", "Videos"),
  s("/foros-semana/galerias", "Galerías"),
  s("/foros-semana/momentos"),
];

export const forosemana: Brand = {
  id: "forosemana",
  displayName: "Foros Semana",
  paywallPitch: "Este contenido es exclusivo para suscriptores. Suscríbete y accede sin límites a los foros, entrevistas y debates de Foros Semana.",
  ...SEMANA_GROUP_LEGAL,
  // Invented for this project (valid check digit); replace with the registered ISSN.
  issn: "2711-4589",
  hosts: ["forosemana.localhost", "www.forosemana.com", "forosemana.com"],
  logo: wordmark("FOROS SEMANA", { width: 196, height: 34, fontFamily: "'Helvetica Neue', Helvetica, Arial, sans-serif", fontWeight: 800, accent: "#c8102e" }),
  menus: { main, more: [], drawer: main },
  account: SEMANA_GROUP_ACCOUNT_LINKS,
  social: socialLinks({
    youtube: "https://www.youtube.com/@ForosSemana",
    tiktok: "https://www.tiktok.com/@forossemana",
    twitter: "https://twitter.com/ForosSemana",
    facebook: "https://www.facebook.com/ForosSemana",
    instagram: "https://www.instagram.com/forossemana/",
  }),
  footer: SEMANA_GROUP_FOOTER,
  theme: {
    "--color-primary": "#1d3557",
    "--color-primary-contrast": "#ffffff",
    "--color-accent": "#b3102a",
    "--color-text": "#1a1a1a",
    "--color-muted": "#5a6270",
    "--color-background": "#ffffff",
    "--color-surface": "#f1f4f8",
    "--color-border": "#d8dee6",
    "--color-dark-background": "#0e1a2b",
    "--color-dark-text": "#edf1f6",
    "--font-heading": "'Helvetica Neue', Helvetica, Arial, sans-serif",
    "--font-body": "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  },
  subscriberBanners: subscriberBanners(),
};
