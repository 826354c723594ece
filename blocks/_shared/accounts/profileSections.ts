// The self-service navigation of the account pages (not the header's: accountNav.ts, kept small
// because every page loads it): the /perfil/ sections on the regional daily's profile pages
// (docs/accounts.md#profile-page), the /autogestion/ pages elsewhere.
import { ACCOUNT_NAV } from "./accountNav";
import { ACCOUNT_PAGES } from "./identity";

/**
 * The profile page's sections (docs/accounts.md#profile-page), each a page under /perfil/ (the
 * regional daily's address of the self-service pages; every brand serves them).
 */
const PROFILE_SECTIONS: ReadonlyArray<{ section: string; href: string; label: string }> = [
  { section: "perfil", href: "/perfil/", label: "Mi perfil" },
  { section: "editarperfil", href: "/perfil/editarperfil/", label: "Editar perfil" },
  { section: "datos-personales", href: "/perfil/datos-personales/", label: "Datos personales" },
  { section: "comunicaciones", href: "/perfil/comunicaciones/", label: "Comunicaciones" },
  { section: "suscripciones", href: "/perfil/suscripciones/", label: "Suscripciones" },
  { section: "editardireccion", href: "/perfil/editardireccion/", label: "Editar dirección" },
];

const PROFILE_BASE = "/perfil/";

/** The navigation of the self-service page at `path`: the /perfil/ sections there, the /autogestion/ pages elsewhere. */
export function accountNavFor(path: string): ReadonlyArray<{ href: string; label: string }> {
  return path.startsWith(PROFILE_BASE) ? PROFILE_SECTIONS : ACCOUNT_NAV;
}

/** Where a self-service link goes from `path`: the /perfil/ section that matches, else the /autogestion/ page. */
export function accountPageFor(path: string, page: "personalData" | "subscriptions"): string {
  if (!path.startsWith(PROFILE_BASE)) return ACCOUNT_PAGES[page];
  return page === "personalData" ? "/perfil/editarperfil/" : "/perfil/suscripciones/";
}
