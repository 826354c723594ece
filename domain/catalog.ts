// What is for sale: the annual digital subscription of the "buy now" offer (id 466) at $199.000 a
// year, and the $129.000* a year renewal price the subscriber banners show (with terms and
// conditions), which only a reader the banner offered it to can buy
// (docs/subscriptions-and-checkout.md#renewal-offer). Prices are final, in Colombian pesos, as the
// paywall box and the banner advertise them.

export const CURRENCY = "COP";
export const BUY_NOW_OFFER_ID = "466";
export const DIGITAL_ANNUAL_SKU = "DIGITAL-ANUAL";
export const DIGITAL_ANNUAL_PRICE = 199000;
export const BANNER_ANNUAL_PRICE = 129000;
/** The price code of the renewal offer ($129.000* a year). */
export const RENEWAL_PRICE_CODE = "ANUAL-129000";
/** Advertised prices include every tax: nothing is added at checkout. */
export const TAX_RATE = 0;
export const SUBSCRIPTION_TERM_MONTHS = 12;
/** "Up to 4 devices": the owner and three associates. */
export const MAX_SHARED_ASSOCIATES = 3;
/** "A digital subscription works on up to 4 devices": a subscriber's open sessions at most. */
export const DIGITAL_DEVICE_LIMIT = 4;
export const MAX_CART_QUANTITY = 10;
export const MAX_CART_ITEMS = 10;

export interface PriceOption {
  priceCode: string;
  amount: number;
  /** How the price is advertised, e.g. "$199.000 al año". */
  label: string;
  /** The price carries an asterisk and terms and conditions. */
  termsApply: boolean;
  /**
   * Sold only as the renewal offer of the subscriber banners: to a reader who was offered it, for
   * the subscription it was offered for (docs/subscriptions-and-checkout.md#renewal-offer).
   */
  renewalOfferOnly?: boolean;
}

export interface Product {
  sku: string;
  name: string;
  shortDescription: string;
  prices: PriceOption[];
}

interface Offer {
  id: string;
  name: string;
  description: string;
  sku: string;
  defaultPriceCode: string;
  /** The price of the offer's renewal (the banners' offer), bought with ?renovacion=1. */
  renewalPriceCode?: string;
}

const PRODUCTS: Product[] = [
  {
    sku: DIGITAL_ANNUAL_SKU,
    name: "Suscripción digital anual",
    shortDescription: "Acceso ilimitado a todo el contenido digital durante un año, en hasta 4 dispositivos. Cancela cuando quieras.",
    prices: [
      { priceCode: "ANUAL-199000", amount: DIGITAL_ANNUAL_PRICE, label: "$199.000 al año", termsApply: false },
      { priceCode: RENEWAL_PRICE_CODE, amount: BANNER_ANNUAL_PRICE, label: "$129.000* al año", termsApply: true, renewalOfferOnly: true },
    ],
  },
];

const OFFERS: Offer[] = [
  {
    id: BUY_NOW_OFFER_ID,
    name: "Suscripción digital anual",
    description: "Plan digital anual. Cancela cuando quieras.",
    sku: DIGITAL_ANNUAL_SKU,
    defaultPriceCode: "ANUAL-199000",
    renewalPriceCode: RENEWAL_PRICE_CODE,
  },
];

export function findProduct(sku: string): Product | undefined {
  return PRODUCTS.find((p) => p.sku === sku);
}

export function findPrice(sku: string, priceCode: string | undefined): PriceOption | undefined {
  const product = findProduct(sku);
  if (!product) return undefined;
  return priceCode ? product.prices.find((p) => p.priceCode === priceCode) : product.prices[0];
}

/** The offer with its product and prices, as the store and checkout pages show it. */
export function offerView(id: string) {
  const offer = OFFERS.find((o) => o.id === id);
  if (!offer) return null;
  const product = findProduct(offer.sku)!;
  return { ...offer, currency: CURRENCY, product };
}
