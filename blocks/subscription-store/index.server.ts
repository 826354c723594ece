import { defineBlockServer } from "../../runtime/define";
import { offerSummary, type OfferSummary } from "../_shared/accounts/offer";
import type { Settings } from "./settings";

/** What the offer card shows: the offer's name and yearly price, and its id for the buy link. */
type StoreOffer = Pick<OfferSummary, "offerId" | "name" | "price">;

export interface Data {
  /** null when the configured offer does not exist: the block is then left out. */
  offer: StoreOffer | null;
}

/** /store/: the subscription offer (466 by default) from the sales catalogue (docs/subscriptions-and-checkout.md#offer). */
export default defineBlockServer<Settings, Data>({
  transform: (_raw, settings) => {
    const offer = offerSummary(settings.offerId);
    return { offer: offer && { offerId: offer.offerId, name: offer.name, price: offer.price } };
  },
  isEmpty: (data) => !data.offer,
});
