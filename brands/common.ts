// Data shared by the brands of the Semana group: footer links, account links, the SIC badge,
// wordmark logos and menu entries built from brands/sections.ts.
import { sectionName } from "../domain/sections";
import { type BrandId } from "../domain/brands";
import { HELP_CENTRE_LABEL, HELP_CENTRE_PATH } from "../domain/routes";
import { CUSTOMER_SERVICE_PATH } from "../domain/pqrs";
import type { AccountLinks, BrandFooter, BrandLogo, MenuItem, SocialLink, SocialNetwork, SubscriberBanners } from "./types";

/** docs/brands.md#footer-facts: "Monday to Friday 8:00 a.m. to 6:00 p.m.". */
export const OFFICE_HOURS = "Lunes a viernes de 8:00 a. m. a 6:00 p. m.";

/**
 * A menu entry for one of the brand's sections, named as brands/sections.ts names it unless a
 * title is given. Throws at load time when the section does not exist, so a typo cannot ship.
 * Section pages are served at the section id plus "/" (soho: see sohoSection).
 */
export function section(brand: BrandId, id: string, title?: string, items?: MenuItem[]): MenuItem {
  const name = sectionName(brand, id);
  if (!name) throw new Error(`brands/${brand}: la sección "${id}" no existe en brands/sections.ts`);
  return { title: title ?? name, link: `${id}/`, ...(items ? { items } : {}) };
}

/** The publisher of the Semana group's brands, as the footer's legal line names it. */
export const SEMANA_GROUP_LEGAL = {
  legalName: "Publicaciones Semana S.A.",
  taxNumber: "860.509.265-1",
  city: "Bogotá",
} as const;

/** The anonymous user menu of docs/paywall-and-visitors.md#header-per-visitor (the accounts work fills the other states). */
export const SEMANA_GROUP_ACCOUNT_LINKS: AccountLinks = {
  subscribe: { title: "Suscríbete", link: "/store/" },
  register: { title: "Crea tu cuenta", link: "/-revista-semana/?=1" },
  login: { title: "Iniciar sesión", link: "/-revista-semana/" },
};

/**
 * The subscriber banners of a brand (docs/subscriptions-and-checkout.md#renewal-banners): the renewal
 * offer leads to its checkout, the payment update to the subscriptions page where the card changes.
 * `subscriptions` is the brand's subscriptions page (the regional daily's is under /perfil/).
 */
export function subscriberBanners(subscriptions = "/autogestion/mis-suscripciones/"): SubscriberBanners {
  const renewal = "/suscripciones-online/?offerId=466&renovacion=1";
  return {
    renovacion: {
      URLInread: renewal,
      URLMenuContextual: renewal,
      URLModalHome: renewal,
      URLPerfil: renewal,
      ModalText: "Tu suscripción termina el {fecha}. Renuévala ahora por {precio} al año y sigue leyendo sin límites.",
      ActualizarBoton: "Renovar ahora",
      BannerDesktop: "/banners/renovacion-960.svg",
      BannerTablet: "/banners/renovacion-720.svg",
      BannerMobile: "/banners/renovacion-480.svg",
      MenuContext: "Renueva por {precio} al año",
    },
    actualizarPago: {
      URLInread: subscriptions,
      URLMenuContextual: subscriptions,
      URLModalHome: subscriptions,
      URLPerfil: subscriptions,
      ModalText: "No pudimos cobrar la renovación de tu suscripción. Actualiza tu medio de pago antes del {fecha} para no perder el acceso.",
      ActualizarBoton: "Actualizar medio de pago",
      BannerDesktop: "/banners/actualizar-pago-960.svg",
      BannerTablet: "/banners/actualizar-pago-720.svg",
      BannerMobile: "/banners/actualizar-pago-480.svg",
      MenuContext: "Actualiza tu medio de pago",
    },
  };
}

/** The Colombian consumer-protection authority's badge: an inline SVG, no external file. */
const SIC_LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 168 44" width="168" height="44" aria-hidden="true" focusable="false">' +
  '<rect x="1" y="1" width="166" height="42" rx="6" fill="#ffffff" stroke="#1f3a68" stroke-width="2"/>' +
  '<rect x="1" y="1" width="52" height="42" rx="6" fill="#1f3a68"/>' +
  '<text x="27" y="28" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="16" font-weight="700" fill="#ffffff">SIC</text>' +
  '<text x="60" y="18" font-family="Arial, Helvetica, sans-serif" font-size="10" font-weight="700" fill="#1f3a68">Vigilado por la</text>' +
  '<text x="60" y="31" font-family="Arial, Helvetica, sans-serif" font-size="8.5" fill="#1f3a68">Superintendencia de</text>' +
  '<text x="60" y="40" font-family="Arial, Helvetica, sans-serif" font-size="8.5" fill="#1f3a68">Industria y Comercio</text>' +
  "</svg>";

/** The footer of docs/brands.md#footer, grouped as the small-screen collapsibles show them (docs/brands.md#collapsible-groups). */
export const SEMANA_GROUP_FOOTER: BrandFooter = {
  groups: [
    {
      id: "about",
      title: "Sobre nosotros",
      links: [
        { title: "Términos de uso", link: "/terminos-de-uso/" },
        { title: "Política de tratamiento de datos", link: "/politica-de-tratamiento-de-datos/" },
        { title: "Aviso de privacidad", link: "/aviso-de-privacidad/" },
        { title: "Política de riesgo antifraude", link: "/politica-antifraude/" },
        { title: "Política SAGRILAFT", link: "/politica-sagrilaft/" },
        { title: "Certificado ISSN", link: "/certificado-issn/" },
      ],
    },
    {
      id: "contact",
      title: "Contáctenos",
      links: [
        { title: "Paute con nosotros", link: "/paute-con-nosotros/" },
        // The help centre, beside the channels it sends its readers to (docs/help-centre.md#where-it-is-linked).
        { title: HELP_CENTRE_LABEL, link: HELP_CENTRE_PATH },
        { title: "Canales de atención al cliente", link: CUSTOMER_SERVICE_PATH },
        { title: "Trabaje con nosotros", link: "/trabaje-con-nosotros/" },
      ],
    },
  ],
  officeHours: OFFICE_HOURS,
  consumerAuthority: { name: "Superintendencia de Industria y Comercio", url: "https://www.sic.gov.co/", logoSvg: SIC_LOGO_SVG },
};

/** The five networks in the hamburger's order (docs/article-pages.md#menus: Youtube, TikTok, Twitter, Facebook, Instagram). */
export function socialLinks(urls: Record<SocialNetwork, string>): SocialLink[] {
  const order: SocialNetwork[] = ["youtube", "tiktok", "twitter", "facebook", "instagram"];
  return order.map((network) => ({ network, url: urls[network] }));
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * A wordmark logo as inline SVG. textLength pins the word to the box whatever font the reader has,
 * so the logo never changes size; fill follows the header's text colour (currentColor).
 */
export function wordmark(
  text: string,
  options: { width: number; height: number; fontFamily: string; fontWeight?: number; fontStyle?: "normal" | "italic"; accent?: string },
): BrandLogo {
  const { width, height, fontFamily, fontWeight = 800, fontStyle = "normal", accent } = options;
  const baseline = Math.round(height * 0.8);
  const bar = accent ? `<rect x="0" y="${height - 3}" width="${width}" height="3" fill="${accent}"/>` : "";
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" aria-hidden="true" focusable="false">` +
    `<text x="0" y="${baseline}" textLength="${width}" lengthAdjust="spacingAndGlyphs" font-family="${escapeXml(fontFamily)}" ` +
    `font-size="${Math.round(height * (accent ? 0.82 : 0.9))}" font-weight="${fontWeight}" font-style="${fontStyle}" fill="currentColor">${escapeXml(text)}</text>` +
    bar +
    "</svg>";
  return { svg, width, height };
}
