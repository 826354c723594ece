// Semana Rural: the rural and agribusiness section of the Semana group.
import { section, SEMANA_GROUP_ACCOUNT_LINKS, SEMANA_GROUP_FOOTER, SEMANA_GROUP_LEGAL, socialLinks, wordmark, subscriberBanners } from "./common";
import type { Brand, MenuItem } from "./types";

const s = (id: string, title?: string) => section("semanarural", id, title);

const main: MenuItem[] = [
  { title: "Inicio", link: "/" },
  s("/semanarural/agricultura"),
  s("/semanarural/ganaderia"),
  s("/semanarural/medio-ambiente"),
  s("/semanarural/emprendimiento"),
  s("/semanarural/tecnologia"),
  s("/semanarural/opinion"),
];

export const semanarural: Brand = {
  id: "semanarural",
  displayName: "Semana Rural",
  paywallPitch: "Este contenido es exclusivo para suscriptores. Suscríbete y lee sin límites el periodismo del campo colombiano de Semana Rural.",
  ...SEMANA_GROUP_LEGAL,
  // Invented for this project (valid check digit); replace with the registered ISSN.
  issn: "2357-5972",
  hosts: ["semanarural.localhost", "www.semanarural.com", "semanarural.com"],
  logo: wordmark("SEMANA RURAL", { width: 196, height: 34, fontFamily: "'Helvetica Neue', Helvetica, Arial, sans-serif", fontWeight: 800, accent: "#6f9c2c" }),
  menus: { main, more: [], drawer: main },
  account: SEMANA_GROUP_ACCOUNT_LINKS,
  social: socialLinks({
    youtube: "https://www.youtube.com/@SemanaRural",
    tiktok: "https://www.tiktok.com/@semanarural",
    twitter: "https://twitter.com/SemanaRural",
    facebook: "https://www.facebook.com/SemanaRural",
    instagram: "https://www.instagram.com/semanarural/",
  }),
  footer: SEMANA_GROUP_FOOTER,
  theme: {
    "--color-primary": "#2e6b1f",
    "--color-primary-contrast": "#ffffff",
    "--color-accent": "#7a4f00",
    "--color-text": "#1f2a1a",
    "--color-muted": "#55604f",
    "--color-background": "#fffdf7",
    "--color-surface": "#f3f1e7",
    "--color-border": "#dcd8c4",
    "--color-dark-background": "#14210f",
    "--color-dark-text": "#f1f5ec",
    "--font-heading": "Georgia, 'Times New Roman', serif",
    "--font-body": "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  },
  subscriberBanners: subscriberBanners(),
};
