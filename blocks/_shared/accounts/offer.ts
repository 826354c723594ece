// The subscription offer as the store and checkout pages show it, from the sales catalogue (the
// same data the sales API sells: offer 466, the annual digital plan at $199.000 a year). No React and
// no SDK: the store's and checkout's server halves compute it (docs/subscriptions-and-checkout.md#offer).
import { BUY_NOW_OFFER_ID, offerView } from "../../../domain/catalog";
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
  /** The price carries an asterisk and terms and conditions ($129.000*). */
  termsApply: boolean;
}

/** Colombian pesos as the paywall box writes them: "$199.000" (no space, no decimals). */
export function formatPesos(amount: number): string {
  return "$" + PESOS.format(amount);
}
// Made once: an Intl.NumberFormat costs far more to build than to use.
const PESOS = new Intl.NumberFormat("es-CO", { maximumFractionDigits: 0 });

/**
 * The offer's default price, or with `renewal` its renewal price (the subscriber banners' offer,
 * docs/subscriptions-and-checkout.md#renewal-offer); null when there is no such offer or price.
 */
export function offerSummary(offerId: string | undefined | null, { renewal = false }: { renewal?: boolean } = {}): OfferSummary | null {
  const offer = offerView(String(offerId ?? BUY_NOW_OFFER_ID));
  if (!offer) return null;
  if (renewal && !offer.renewalPriceCode) return null;
  const code = renewal ? offer.renewalPriceCode : offer.defaultPriceCode;
  const price = offer.product.prices.find((p) => p.priceCode === code) ?? (renewal ? undefined : offer.product.prices[0]);
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
    termsApply: price.termsApply,
  };
}

/** The buy-now address of an offer: /suscripciones-online/?offerId=466. */
export function checkoutUrl(offerId: string = BUY_NOW_OFFER_ID): string {
  return `${ACCOUNT_PAGES.checkout}?offerId=${encodeURIComponent(offerId)}`;
}
