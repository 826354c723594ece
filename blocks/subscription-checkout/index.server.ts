import { defineBlockServer } from "../../runtime/define";
import { offerSummary, type OfferSummary } from "../_shared/accounts/offer";
import type { Settings } from "./settings";

/** The query parameter that names the offer to buy: /suscripciones-online/?offerId=466. */
export const OFFER_QUERY_PARAM = "offerId";
/** /suscripciones-online/?offerId=466&regalo=1 buys the offer as a gift (docs/subscriptions-and-checkout.md#gifts). */
const GIFT_QUERY_PARAM = "regalo";
/** /suscripciones-online/?offerId=466&renovacion=1 buys the renewal offer of the banners (docs/subscriptions-and-checkout.md#renewal-offer). */
const RENEWAL_QUERY_PARAM = "renovacion";

/**
 * What the checkout shows (name, price), puts in the cart (SKU, price code) and tells the server it
 * showed (amount: finalize refuses to charge another total).
 */
export type CheckoutOffer = Pick<OfferSummary, "name" | "price" | "amount" | "sku" | "priceCode" | "termsApply">;

export interface Data {
  /** null when the requested offer does not exist. */
  offer: CheckoutOffer | null;
  /** The offer the address asked for, to name it when it does not exist. */
  requestedOfferId: string;
  /** Bought as a gift for someone else: the checkout asks for the recipient. */
  gift: boolean;
  /** The renewal offer: only a subscriber it was offered to can buy it, and it adds a year to their subscription. */
  renewal: boolean;
}

/**
 * /suscripciones-online/?offerId=466 (docs/subscriptions-and-checkout.md#checkout): the offer the
 * address asks for, else the configured one, from the sales catalogue.
 */
export default defineBlockServer<Settings, Data>({
  queryParams: [OFFER_QUERY_PARAM, GIFT_QUERY_PARAM, RENEWAL_QUERY_PARAM],
  transform: (_raw, settings, context) => {
    const requestedOfferId = context.query[OFFER_QUERY_PARAM] || settings.offerId || "";
    const gift = context.query[GIFT_QUERY_PARAM] === "1";
    // A renewal is the reader's own: never a gift.
    const renewal = !gift && context.query[RENEWAL_QUERY_PARAM] === "1";
    const offer = offerSummary(requestedOfferId, { renewal });
    return {
      offer: offer && { name: offer.name, price: offer.price, amount: offer.amount, sku: offer.sku, priceCode: offer.priceCode, termsApply: offer.termsApply },
      requestedOfferId,
      gift,
      renewal,
    };
  },
});
