import { PQRS_FORM_TITLE } from "../../domain/pqrs";
import { HELP_CENTRE_LABEL, HELP_CENTRE_PATH } from "../../domain/routes";
import { safeHref, safeWhatsappLink } from "../../domain/urls";
import { defineBlockServer } from "../../runtime/define";
import type { PageContext } from "../../runtime/types";
import { HELP_CARDS, PERSONAL_DATA, WHATSAPP_CHANNEL, WHATSAPP_LINE, type HelpEntry, type HelpLink } from "./content";
import { CARD_PARAM, placeOf, SUB_CARD_PARAM, type HelpPlace } from "./place";
import type { Settings } from "./settings";

const HELP_CENTRE_TITLE = HELP_CENTRE_LABEL;
const PERSONAL_DATA_TITLE = "Datos personales";

/** The WhatsApp line when the page names none (or one that is not a WhatsApp link). */
export const DEFAULT_WHATSAPP_LINE = "https://wa.me/573150000000";
/** The brands' WhatsApp news channel (the common linkWhatsapp default, docs/listings.md#block-settings). */
export const WHATSAPP_NEWS_CHANNEL = "https://whatsapp.com/channel/0029VaJm0ZC3bbV5TsQ3Tq1M";

export type { HelpEntry, HelpTopic } from "./content";

/** The whole help centre, the personal-data help, or the PQRS form alone (the contact page, /enos/). */
type HelpView = NonNullable<Settings["vista"]>;

export interface Data {
  view: HelpView;
  /** The page's path: the home's address, and the base of every state's. */
  path: string;
  /** The screen's title (h1) and the breadcrumb's root, which resets the screen; the form's heading in the form view. */
  title: string;
  /** Crumbs before the root: links to other pages (the personal-data page: 'Servicio al cliente'). */
  trail: HelpLink[];
  cards: HelpEntry[];
  /** Where the screen opens: the card and sub-card the address names, when they exist. */
  start: HelpPlace;
  /** The WhatsApp line (chat), already checked. */
  whatsapp: string;
}

/** A topic's links as the reader gets them: WhatsApp placeholders resolved, anything unsafe dropped. */
function resolveLinks(entry: HelpEntry, whatsapp: string): HelpEntry {
  const link = (item: HelpLink): HelpLink[] => {
    const href = item.href === WHATSAPP_LINE ? whatsapp : item.href === WHATSAPP_CHANNEL ? WHATSAPP_NEWS_CHANNEL : safeHref(item.href);
    return href ? [{ label: item.label, href }] : [];
  };
  return {
    ...entry,
    ...(entry.topics ? { topics: entry.topics.map((topic) => ({ ...topic, ...(topic.links ? { links: topic.links.flatMap(link) } : {}) })) } : {}),
    ...(entry.children ? { children: entry.children.map((child) => resolveLinks(child, whatsapp)) } : {}),
  };
}

export function helpCentreData(settings: Settings, context: Pick<PageContext, "query" | "path">): Data {
  const view = settings.vista ?? "centro";
  const whatsapp = safeWhatsappLink(settings.linkWhatsapp) ?? DEFAULT_WHATSAPP_LINE;
  // The form alone sends none of the help texts to the reader.
  if (view === "formulario") return { view, path: context.path, title: settings.title || PQRS_FORM_TITLE, trail: [], cards: [], start: {}, whatsapp };
  const personalData = view === "datos-personales";
  const cards = (personalData ? PERSONAL_DATA : HELP_CARDS).map((card) => resolveLinks(card, whatsapp));
  return {
    view,
    path: context.path,
    title: settings.title || (personalData ? PERSONAL_DATA_TITLE : HELP_CENTRE_TITLE),
    trail: personalData ? [{ label: HELP_CENTRE_TITLE, href: HELP_CENTRE_PATH }] : [],
    cards,
    start: placeOf(cards, context.query),
    whatsapp,
  };
}

/**
 * The help centre (docs/help-centre.md): its texts, the WhatsApp line and the state the address
 * names (?categoria=…&tema=…), so that a state can be linked to and renders without JavaScript; or,
 * in the form view, only what the PQRS form on the contact page needs.
 */
export default defineBlockServer<Settings, Data>({
  queryParams: [CARD_PARAM, SUB_CARD_PARAM],
  transform: (_raw, settings, context) => helpCentreData(settings, context),
  isEmpty: () => false,
});
