// Which state of the help centre an address names, shared by both halves: the server renders the
// state of the address it was asked for, the browser moves between states with the same addresses
// (docs/help-centre.md#states). No React here.
import type { HelpEntry } from "./content";

/** The query-string parameters of a state: the chosen card and sub-card. */
export const CARD_PARAM = "categoria";
export const SUB_CARD_PARAM = "tema";

/** The home (nothing chosen), a card, or a card and one of its sub-cards. */
export interface HelpPlace {
  card?: string;
  subCard?: string;
}

/** The card and sub-card a query names, each kept only if it exists (anything else opens the home). */
export function placeOf(cards: readonly HelpEntry[], query: Record<string, string | undefined>): HelpPlace {
  const card = cards.find((entry) => entry.id === query[CARD_PARAM]);
  if (!card) return {};
  const subCard = card.children?.find((entry) => entry.id === query[SUB_CARD_PARAM]);
  return subCard ? { card: card.id, subCard: subCard.id } : { card: card.id };
}

/** The address of a state on the page at `path`: the home is the page itself. */
export function placeHref(path: string, place: HelpPlace): string {
  if (!place.card) return path;
  const query = new URLSearchParams({ [CARD_PARAM]: place.card });
  if (place.subCard) query.set(SUB_CARD_PARAM, place.subCard);
  return `${path}?${query}`;
}

/** Where 'Volver' goes: from a sub-card to its card, from a card to the home. */
export function parentOf(place: HelpPlace): HelpPlace {
  return place.subCard ? { card: place.card } : {};
}
