// The subscription offer as the store and checkout pages show it, from the sales catalogue (the
// same data the sales API sells: offer 466, the annual digital plan at $199.000 a year). No React and
// no SDK: the store's and checkout's server halves compute it (docs/subscriptions-and-checkout.md#offer).
import { BUY_NOW_OFFER_ID, offerView } from "../../domain/catalog";
import { ACCOUNT_PAGES } from "./identity";

export interface OfferSummary {
  offerId: string;
  name: string;
  description: string;
  sku: string;
  priceCode: string;
  amount: number;
  /** "$199.000" */
  price: string;
  currency: string;
}

/** Colombian pesos as the paywall box writes them: "$199.000" (no space, no decimals). */
export function formatPesos(amount: number): string {
  return "$" + new Intl.NumberFormat("es-CO", { maximumFractionDigits: 0 }).format(amount);
}

/** The offer's default price, or null when there is no such offer. */
export function offerSummary(offerId: string | undefined | null): OfferSummary | null {
  const offer = offerView(String(offerId ?? BUY_NOW_OFFER_ID));
  if (!offer) return null;
  const price = offer.product.prices.find((p) => p.priceCode === offer.defaultPriceCode) ?? offer.product.prices[0];
  if (!price) return null;
  return {
    offerId: offer.id,
    name: offer.name,
    description: offer.product.shortDescription,
    sku: offer.sku,
    priceCode: price.priceCode,
    amount: price.amount,
    price: formatPesos(price.amount),
    currency: offer.currency,
  };
}

/** The buy-now address of an offer: /suscripciones-online/?offerId=466. */
export function checkoutUrl(offerId: string = BUY_NOW_OFFER_ID): string {
  return `${ACCOUNT_PAGES.checkout}?offerId=${encodeURIComponent(offerId)}`;
}
