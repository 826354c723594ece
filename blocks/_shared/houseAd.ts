// The house ad (docs/ads-and-widgets.md#house-ad): the brand's own subscription offer, drawn in every
// ad slot at the slot's fixed height. It is the slot's content until an ad server fills the slot
// (none is configured on the embedded default), so a reader never sees an empty box. No React: the
// server halves compute it.
import { getBrand } from "../../brands";
import { BUY_NOW_OFFER_ID } from "../../domain/catalog";
import { ACCOUNT_PAGES } from "./accounts/identity";
import { offerSummary } from "./accounts/offer";

export interface HouseAd {
  /** 'Suscríbete a Semana' */
  headline: string;
  /** The offer's price per year: '$199.000 al año'. */
  price: string;
  /** The offer's description, for the taller slots. */
  pitch: string;
  /** 'Suscríbete', to the store with offer 466. */
  cta: string;
  href: string;
  /**
   * What a subscriber sees in the slot instead (docs/ads-and-widgets.md#house-ad): the brand's
   * newsletters, never a subscribe offer. Both are in the server HTML (the page is the same for
   * everyone); the browser shows this one once the session says "subscriber".
   */
  subscriber: { headline: string; line: string; cta: string; href: string };
}

const HOUSE_AD_CTA = "Suscríbete";
/** The subscriber variant's button and page: the brand's newsletters (a group page of every brand). */
const SUBSCRIBER_AD_CTA = "Inscríbete";
const NEWSLETTERS_PATH = "/boletines/";

/** The house ad of a brand (its name, offer 466's price and description, the store's address). */
export function houseAd(brandId: string): HouseAd {
  let ad = HOUSE_ADS.get(brandId);
  if (!ad) HOUSE_ADS.set(brandId, (ad = Object.freeze(makeHouseAd(brandId))));
  return ad;
}

/** The catalogue is fixed: each brand's house ad is made once (a home page has a dozen slots). */
const HOUSE_ADS = new Map<string, HouseAd>();

function makeHouseAd(brandId: string): HouseAd {
  const offer = offerSummary(BUY_NOW_OFFER_ID);
  return {
    headline: `Suscríbete a ${getBrand(brandId).displayName}`,
    price: offer ? `${offer.price} al año` : "",
    pitch: offer?.description ?? "",
    cta: HOUSE_AD_CTA,
    href: `${ACCOUNT_PAGES.store}?offerId=${BUY_NOW_OFFER_ID}`,
    subscriber: {
      headline: `Boletines de ${getBrand(brandId).displayName}`,
      line: "Lo más importante del día en tu correo",
      cta: SUBSCRIBER_AD_CTA,
      href: NEWSLETTERS_PATH,
    },
  };
}
