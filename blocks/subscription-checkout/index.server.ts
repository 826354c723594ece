import { defineBlockServer } from "../../runtime/define";
import { offerSummary, type OfferSummary } from "../_shared/offer";
import type { Settings } from "./settings";

/** The query parameter that names the offer to buy: /suscripciones-online/?offerId=466. */
export const OFFER_QUERY_PARAM = "offerId";

/**
 * What the checkout shows (name, price), puts in the cart (SKU, price code) and tells the server it
 * showed (amount: finalize refuses to charge another total).
 */
export type CheckoutOffer = Pick<OfferSummary, "name" | "price" | "amount" | "sku" | "priceCode">;

export interface Data {
  /** null when the requested offer does not exist. */
  offer: CheckoutOffer | null;
  /** The offer the address asked for, to name it when it does not exist. */
  requestedOfferId: string;
}

/**
 * /suscripciones-online/?offerId=466 (docs/subscriptions-and-checkout.md#checkout): the offer the
 * address asks for, else the configured one, from the sales catalogue.
 */
export default defineBlockServer<Settings, Data>({
  queryParams: [OFFER_QUERY_PARAM],
  transform: (_raw, settings, context) => {
    const requestedOfferId = context.query[OFFER_QUERY_PARAM] || settings.offerId || "";
    const offer = offerSummary(requestedOfferId);
    return {
      offer: offer && { name: offer.name, price: offer.price, amount: offer.amount, sku: offer.sku, priceCode: offer.priceCode },
      requestedOfferId,
    };
  },
});
