import { getBrand } from "../../brands";
import { safeHref } from "../../domain/urls";
import { defineBlockServer } from "../../runtime/define";
import type { Settings } from "./settings";

/** WhatsApp's own hosts: channels, group invitations and chat links. */
const WHATSAPP_HOSTS: readonly string[] = ["whatsapp.com", "www.whatsapp.com", "chat.whatsapp.com", "api.whatsapp.com", "wa.me"];

export interface Data {
  brand: string;
  title: string;
  paragraphs: string[];
  link: string;
}

/** An https link to WhatsApp, or undefined. */
function whatsappLink(value: string | undefined): string | undefined {
  const url = safeHref(value);
  if (!url || !/^https:\/\//i.test(url)) return undefined;
  return WHATSAPP_HOSTS.includes(new URL(url).hostname.toLowerCase()) ? url : undefined;
}

/**
 * The WhatsApp community landing (docs/carousels-and-blocks.md#whatsapp-community-landing): why to
 * join, and the link to the brand's channel (linkWhatsapp, whose default is the channel's).
 */
export default defineBlockServer<Settings, Data | null>({
  transform: (_answers, settings, context) => {
    const link = whatsappLink(settings.linkWhatsapp);
    if (!link) return null;
    const brand = getBrand(context.brand).displayName;
    const paragraphs = (settings.text ?? "")
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean);
    return { brand, title: settings.title || `Únete a la comunidad de ${brand} en WhatsApp`, paragraphs, link };
  },
  isEmpty: (data) => data === null,
  settingsProblems: (settings) =>
    settings.linkWhatsapp === undefined || whatsappLink(settings.linkWhatsapp)
      ? []
      : [{ setting: "linkWhatsapp", message: `debe ser un enlace https de WhatsApp (${WHATSAPP_HOSTS.join(", ")})` }],
});
