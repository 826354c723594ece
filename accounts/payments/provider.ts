// The adapter between checkout and a payment provider. The built-in test provider implements it;
// a real one (Spreedly, PayU, Stripe…) implements the same calls against its API. Every call that
// can move money takes an idempotency key: the provider must answer a repeated key with the first
// outcome instead of charging (or refunding) again. Results are the provider's word, never the
// browser's: a 3-D Secure challenge is completed by asking the provider how the issuer answered.
// See docs/decisions/0010-checkout-money-moves-once.md.
import type { ErrorCode } from "../errors";

export interface CardDetails {
  cardType: string;
  firstSix: string;
  lastFour: string;
  expiration: string;
  holder: string | null;
}

export type PaymentOutcome =
  | { status: "succeeded"; chargeId: string; card: CardDetails }
  | { status: "declined"; code: ErrorCode; message: string }
  /** The issuer asks for a 3-D Secure challenge: the reader completes it, then finalize3ds. */
  | { status: "challenge"; challengeToken: string; challengeUrl: string; card: CardDetails };

export type RefundOutcome = { status: "succeeded"; refundId: string } | { status: "failed"; message: string };

export interface InitializeResult {
  parameter1: string | null;
  parameter2: string | null;
  parameter3: string | null;
  parameter4: string | null;
}

export interface PaymentProvider {
  /** The id the SDK passes as paymentMethodID in checkout and payment-update paths. */
  readonly paymentMethodID: number;
  readonly paymentMethodType: number;
  /** Shown in payment options and stored as the payment partner. */
  readonly name: string;
  /** Starts a payment: what the browser needs to tokenise the card (provider keys, session ids). */
  initialize(input: { subject: string; amount: number; currency: string }): Promise<InitializeResult>;
  /** Charges the tokenised card. The amount is the order's, computed on the server. */
  charge(input: { token: string; amount: number; currency: string; idempotencyKey: string; description: string }): Promise<PaymentOutcome>;
  /**
   * Charges a card the provider keeps (the renewal job: docs/decisions/0017-renewals.md), named by
   * the reference the provider gave when the card was first charged or checked
   * (accounts_payment_methods.provider_ref). A merchant-initiated charge: no 3-D Secure challenge.
   * A repeated idempotency key answers the first outcome. Optional in the type for test doubles;
   * without it the provider's subscriptions cannot renew (an error is logged).
   */
  chargeStoredCard?(input: { reference: string; amount: number; currency: string; idempotencyKey: string; description: string }): Promise<PaymentOutcome>;
  /** Checks a card without charging it (payment-method update). */
  verifyCard(input: { token: string; idempotencyKey: string }): Promise<PaymentOutcome>;
  /**
   * Finishes a 3-D Secure challenge by asking the provider (and through it the issuer) whether the
   * reader authenticated. What the browser claims (SPREEDLY_SUCCEEDED) is not an input.
   */
  completeChallenge(input: { challengeToken: string; idempotencyKey: string }): Promise<PaymentOutcome>;
  /**
   * What the provider did under an idempotency key: the outcome of the charge (or challenge
   * completion) it recorded, or null when it never saw the key. Reconciliation calls it for
   * charges whose order was left unsettled (a crash between the charge and the settlement).
   * Optional in the type only so that test doubles may leave it out: every real provider must
   * implement it, or its charges cannot be reconciled (a warning is logged).
   */
  lookupCharge?(idempotencyKey: string): Promise<PaymentOutcome | null>;
  /**
   * Gives a charge back (reconciliation: a charge for a product the buyer already holds). A
   * repeated key answers the first refund. Optional in the type for the same reason as lookupCharge.
   */
  refund?(input: { chargeId: string; amount: number; currency: string; idempotencyKey: string; reason: string }): Promise<RefundOutcome>;
}
