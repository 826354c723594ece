// The self-service pages and the name a signed-in reader goes by: what the header's account menu
// needs, without the account pages' components (AccountUi.tsx), so every page does not carry them.
import { HELP_CENTRE_LABEL, HELP_CENTRE_PATH } from "../../domain/routes";
import { ACCOUNT_PAGES } from "./identity";
import type { SessionState } from "./session";

export const ACCOUNT_NAV: ReadonlyArray<{ href: string; label: string }> = [
  { href: ACCOUNT_PAGES.profile, label: "Mi perfil" },
  { href: ACCOUNT_PAGES.personalData, label: "Datos personales" },
  { href: ACCOUNT_PAGES.subscriptions, label: "Mis suscripciones" },
  { href: ACCOUNT_PAGES.communications, label: "Comunicaciones" },
];

/** The help centre, after the self-service pages in the header's account menu (docs/help-centre.md#where-it-is-linked). */
export const HELP_CENTRE_LINK = { href: HELP_CENTRE_PATH, label: HELP_CENTRE_LABEL } as const;

export function displayName(profile: SessionState["profile"]): string {
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(" ").trim();
  return name || profile?.displayName || profile?.email?.split("@")[0] || "Mi cuenta";
}
