// The adapter between checkout and a payment provider. The built-in test provider implements it;
// a real one (Spreedly, PayU, Stripe…) implements the same four calls against its API. Every
// call that can move money takes an idempotency key: the provider must answer a repeated key with
// the first outcome instead of charging again.
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
  /** Charges the tokenised card. */
  charge(input: { token: string; amount: number; currency: string; idempotencyKey: string; description: string }): Promise<PaymentOutcome>;
  /** Checks a card without charging it (payment-method update). */
  verifyCard(input: { token: string; idempotencyKey: string }): Promise<PaymentOutcome>;
  /** Finishes a 3-D Secure challenge; `succeeded` is what the browser reports (SPREEDLY_SUCCEEDED). */
  completeChallenge(input: { challengeToken: string; succeeded: boolean; idempotencyKey: string }): Promise<PaymentOutcome>;
}
