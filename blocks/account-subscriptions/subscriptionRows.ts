// The reader's subscriptions as the list shows them (each with its details: payment card, dates,
// addresses, gift, transfer), read through the sales SDK, and which of them the reader may edit or
// transfer.
import { RESCUED_STATUS } from "../_shared/accounts/identity";
import { loadSdks } from "../_shared/accounts/session";
import type { TransferRequestView } from "../../domain/transfer";
import type { AddressValue, ShippingAddressChange } from "./AddressForm";
import { isActiveStatus } from "../../domain/subscriptions";

export interface SubscriptionRow {
  subscriptionID: number;
  status: number;
  productName: string;
  nextEventDateUTC?: number;
  currentPeriodStartUTC?: number;
  paymentRetryUTC?: number | null;
  graceEndUTC?: number;
  paymentMethodId?: number | null;
  billingAddress?: AddressValue | null;
  /** Null: delivered to the billing address. */
  shippingAddress?: AddressValue | null;
  /** A delivery change made after the 3:00 p. m. cutoff, waiting for its business day. */
  shippingAddressChange?: ShippingAddressChange | null;
  gift?: boolean;
  giftRecipient?: { email: string; name: string } | null;
  /** A gift someone else bought, redeemed by this reader: it does not renew and shows none of the buyer's data. */
  giftReceived?: boolean;
  /** The buyer's signature; null: unsigned. */
  giftFrom?: string | null;
  lastFour?: string | null;
  cardType?: string | null;
  shared?: boolean;
  /** The owner's open transfer request (sales/transfers.ts), or null. */
  transferRequest?: TransferRequestView | null;
}

/** Every subscription with the details the list shows (payment card, next date). */
export async function loadSubscriptions(): Promise<SubscriptionRow[]> {
  const { Sales } = await loadSdks();
  const all: Array<{
    subscriptionID: number;
    status: number;
    productName?: string;
    shared?: boolean;
    gift?: boolean;
    giftRecipient?: { email: string; name: string } | null;
    giftReceived?: boolean;
    giftFrom?: string | null;
    paymentMethod?: { lastFour?: string; creditCardType?: string; paymentMethodID?: number } | null;
  }> = await Sales.getAllSubscriptions();
  return Promise.all(
    all.map(async (summary) => {
      const details = await Sales.getSubscriptionDetails(summary.subscriptionID).catch(() => null);
      return {
        subscriptionID: summary.subscriptionID,
        status: Number(details?.status ?? summary.status),
        productName: details?.productName ?? summary.productName ?? "Suscripción",
        nextEventDateUTC: details?.nextEventDateUTC,
        currentPeriodStartUTC: details?.currentPeriodStartUTC,
        paymentRetryUTC: details?.paymentRetryUTC,
        graceEndUTC: details?.graceEndUTC,
        paymentMethodId: details?.currentPaymentMethod?.paymentMethodID ?? summary.paymentMethod?.paymentMethodID ?? null,
        gift: summary.gift === true,
        billingAddress: details?.billingAddress ?? null,
        shippingAddress: details?.shippingAddress ?? null,
        shippingAddressChange: details?.shippingAddressChange ?? null,
        giftRecipient: summary.giftRecipient ?? null,
        giftReceived: summary.giftReceived === true,
        giftFrom: summary.giftFrom ?? null,
        lastFour: details?.currentPaymentMethod?.lastFour ?? summary.paymentMethod?.lastFour,
        cardType: details?.currentPaymentMethod?.creditCardType ?? summary.paymentMethod?.creditCardType,
        shared: summary.shared,
        transferRequest: details?.transferRequest ?? null,
      };
    }),
  );
}

/** The delivery address the reader asked for last: the waiting change's, else the one in force. */
export const deliveryWanted = (row: SubscriptionRow) => (row.shippingAddressChange ? row.shippingAddressChange.shippingAddress : row.shippingAddress);

/** The subscriptions whose addresses the reader edits: their own, live, not gifts they gave. */
export const ownLive = (row: SubscriptionRow) => !row.shared && !row.gift && !row.giftReceived && isActiveStatus(row.status);

/** What the owner may transfer (docs/subscriptions-and-checkout.md#transfer): their own active purchase, no request open. */
export const transferable = (row: SubscriptionRow) => !row.shared && !row.gift && !row.giftReceived && row.status === RESCUED_STATUS && !row.transferRequest;
