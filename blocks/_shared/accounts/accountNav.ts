// The self-service pages and the name a signed-in reader goes by: what the header's account menu
// needs, without the account pages' components (AccountUi.tsx), so every page does not carry them.
import { ACCOUNT_PAGES } from "./identity";
import type { SessionState } from "./session";

export const ACCOUNT_NAV: ReadonlyArray<{ href: string; label: string }> = [
  { href: ACCOUNT_PAGES.profile, label: "Mi perfil" },
  { href: ACCOUNT_PAGES.personalData, label: "Datos personales" },
  { href: ACCOUNT_PAGES.subscriptions, label: "Mis suscripciones" },
  { href: ACCOUNT_PAGES.communications, label: "Comunicaciones" },
];

export function displayName(profile: SessionState["profile"]): string {
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(" ").trim();
  return name || profile?.displayName || profile?.email?.split("@")[0] || "Mi cuenta";
}
