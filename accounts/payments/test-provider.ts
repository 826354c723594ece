// The built-in test payment provider ("TestPay"). The card number itself is the token: only the
// test cards below are known; anything else fails as a tokenizer error (300160). What it "charged"
// is kept in accounts_test_provider_charges under the idempotency key it was given, so a repeated
// key answers the first outcome and never charges twice; lookupCharge reads it back by key and
// refund gives a charge back once. Its 3-D Secure challenges live on the server too: the simulated
// issuer page (testChallengePage) posts the reader's choice to recordChallengeResult's route, and
// completeChallenge reads it — what the browser claims is never believed.
//
// It is on by default outside production; in production only with PAYMENTS_TEST_PROVIDER=1
// (accounts/index.ts).
//
// Test cards (any future expiry, any CVC):
//   4242 4242 4242 4242  Visa         succeeds
//   5555 5555 5555 4444  Mastercard   succeeds
//   4000 0000 0000 3220  Visa         asks for a 3-D Secure challenge, then succeeds if it passes
//   4000 0000 0000 0010  Visa         300160 the card could not be tokenised
//   4000 0000 0000 0002  Visa         300161 declined by the issuer
//   4000 0000 0000 0069  Visa         300162 expired card
//   4000 0000 0000 9995  Visa         300163 insufficient funds
//   4000 0000 0000 0127  Visa         300164 wrong security code
//   4000 0000 0000 0119  Visa         300170 payment rejected, verify the data and retry
//   4000 0000 0000 0341  Visa         succeeds when the reader pays; later charges of the stored card
//                                     (renewals) are declined for insufficient funds (300163)
//
// A stored card (renewals, chargeStoredCard) is named by the charge id of its first charge or check;
// it is charged without a 3-D Secure challenge (a merchant-initiated charge).
import type { Database } from "../../platform/database";
import { ErrorCodes, type ErrorCode } from "../errors";
import { randomToken } from "../tokens";
import type { CardDetails, InitializeResult, PaymentOutcome, PaymentProvider, RefundOutcome } from "./provider";

type TestCardBehaviour = { outcome: "succeed" } | { outcome: "challenge" } | { outcome: "decline"; code: ErrorCode; message: string };

/** What a later charge of the stored card does (renewals); succeeds unless said. */
type StoredCardBehaviour = { stored?: { code: ErrorCode; message: string } };

const TEST_CARDS: Record<string, { brand: string } & TestCardBehaviour & StoredCardBehaviour> = {
  "4242424242424242": { brand: "Visa", outcome: "succeed" },
  "5555555555554444": { brand: "Mastercard", outcome: "succeed" },
  "4000000000003220": { brand: "Visa", outcome: "challenge" },
  "4000000000000010": { brand: "Visa", outcome: "decline", code: ErrorCodes.cardTokenizerFailed, message: "No se pudo procesar la tarjeta; revisa el número" },
  "4000000000000002": { brand: "Visa", outcome: "decline", code: ErrorCodes.cardDeclined, message: "El banco rechazó la tarjeta" },
  "4000000000000069": { brand: "Visa", outcome: "decline", code: ErrorCodes.cardExpired, message: "La tarjeta está vencida" },
  "4000000000009995": { brand: "Visa", outcome: "decline", code: ErrorCodes.cardInsufficientFunds, message: "La tarjeta no tiene fondos suficientes" },
  "4000000000000127": { brand: "Visa", outcome: "decline", code: ErrorCodes.cardSecurityCode, message: "El código de seguridad de la tarjeta no es correcto" },
  "4000000000000119": {
    brand: "Visa",
    outcome: "decline",
    code: ErrorCodes.paymentRejected,
    message: "El pago fue rechazado; verifica los datos e intenta de nuevo",
  },
  "4000000000000341": {
    brand: "Visa",
    outcome: "succeed",
    stored: { code: ErrorCodes.cardInsufficientFunds, message: "La tarjeta no tiene fondos suficientes" },
  },
};

/** Named numbers for tests and the checkout page's development hints. */
export const TEST_CARD_NUMBERS = {
  success: "4242424242424242",
  successMastercard: "5555555555554444",
  threeDSecure: "4000000000003220",
  tokenizerFailure: "4000000000000010",
  declined: "4000000000000002",
  expired: "4000000000000069",
  insufficientFunds: "4000000000009995",
  wrongSecurityCode: "4000000000000127",
  rejected: "4000000000000119",
  /** Pays at checkout; its renewals are declined (insufficient funds). */
  renewalDeclined: "4000000000000341",
} as const;

const TEST_PROVIDER_NAME = "TestPay";
const TEST_PAYMENT_METHOD_ID = 1;
/** Where the browser opens the simulated issuer challenge (served by the sales router). */
export const TEST_CHALLENGE_PATH = "/sales/public/v1/checkout/3ds/challenge/";
/** Where the simulated issuer page reports the reader's choice (POST, body { succeeded }). */
export function testChallengeResultPath(challengeToken: string): string {
  return `${TEST_CHALLENGE_PATH}${encodeURIComponent(challengeToken)}/result`;
}

function cardOf(digits: string, brand: string): CardDetails {
  return { cardType: brand, firstSix: digits.slice(0, 6), lastFour: digits.slice(-4), expiration: "12/2030", holder: null };
}

export class TestPaymentProvider implements PaymentProvider {
  readonly paymentMethodID = TEST_PAYMENT_METHOD_ID;
  readonly paymentMethodType = 1;
  readonly name = TEST_PROVIDER_NAME;

  constructor(
    private readonly db: Database,
    private readonly clock: () => number,
  ) {}

  async initialize(input: { subject: string; amount: number; currency: string }): Promise<InitializeResult> {
    // Nothing to tokenise in the browser: the card number is the token. The parameters say so.
    return { parameter1: TEST_PROVIDER_NAME, parameter2: `sesion_${randomToken(9)}`, parameter3: input.currency, parameter4: String(input.amount) };
  }

  charge(input: { token: string; amount: number; currency: string; idempotencyKey: string }): Promise<PaymentOutcome> {
    return this.once(input.idempotencyKey, input.amount, input.currency, () => this.decide(input.token));
  }

  /** Charges the card first charged (or checked) under `reference`: what a renewal does. */
  async chargeStoredCard(input: { reference: string; amount: number; currency: string; idempotencyKey: string }): Promise<PaymentOutcome> {
    const { rows } = await this.db.query<{ outcome: string }>("SELECT outcome FROM accounts_test_provider_charges WHERE charge_id = $1", [input.reference]);
    const first = rows[0] ? (JSON.parse(rows[0].outcome) as PaymentOutcome) : null;
    return this.once(input.idempotencyKey, input.amount, input.currency, (): PaymentOutcome => {
      if (!first || first.status !== "succeeded")
        return { status: "declined", code: ErrorCodes.cardTokenizerFailed, message: "El proveedor de pruebas no tiene guardada esa tarjeta" };
      const digits = Object.keys(TEST_CARDS).find((n) => n.startsWith(first.card.firstSix) && n.endsWith(first.card.lastFour));
      const stored = digits ? TEST_CARDS[digits].stored : undefined;
      if (stored) return { status: "declined", code: stored.code, message: stored.message };
      return { status: "succeeded", chargeId: `ch_test_${randomToken(12)}`, card: first.card };
    });
  }

  verifyCard(input: { token: string; idempotencyKey: string }): Promise<PaymentOutcome> {
    return this.once(input.idempotencyKey, 0, "COP", () => this.decide(input.token));
  }

  async completeChallenge(input: { challengeToken: string; idempotencyKey: string }): Promise<PaymentOutcome> {
    const { rows } = await this.db.query<{ outcome: string; amount: string; currency: string; challenge_result: string | null }>(
      "SELECT outcome, amount, currency, challenge_result FROM accounts_test_provider_charges WHERE challenge_token = $1",
      [input.challengeToken],
    );
    if (!rows[0]) return { status: "declined", code: ErrorCodes.paymentRejected, message: "El desafío 3-D Secure no existe o venció" };
    const challenge = JSON.parse(rows[0].outcome) as Extract<PaymentOutcome, { status: "challenge" }>;
    const result = rows[0].challenge_result;
    // A challenged charge recorded the amount it asked for; its completion charges that amount.
    return this.once(input.idempotencyKey, Number(rows[0].amount), rows[0].currency, () =>
      result === "authenticated"
        ? { status: "succeeded", chargeId: `ch_test_${randomToken(12)}`, card: challenge.card }
        : {
            status: "declined",
            code: ErrorCodes.paymentRejected,
            message: result === "failed" ? "La autenticación 3-D Secure falló" : "El banco no confirmó la autenticación 3-D Secure",
          },
    );
  }

  /**
   * The simulated issuer's answer, as its page reports it: the first answer for a challenge counts.
   * Returns false when there is no such challenge or it was already answered.
   */
  async recordChallengeResult(challengeToken: string, succeeded: boolean): Promise<boolean> {
    const { rows } = await this.db.query(
      `UPDATE accounts_test_provider_charges SET challenge_result = $2, challenge_decided_at = $3
       WHERE challenge_token = $1 AND challenge_result IS NULL RETURNING idempotency_key`,
      [challengeToken, succeeded ? "authenticated" : "failed", new Date(this.clock())],
    );
    return rows.length > 0;
  }

  async lookupCharge(idempotencyKey: string): Promise<PaymentOutcome | null> {
    const { rows } = await this.db.query<{ outcome: string }>("SELECT outcome FROM accounts_test_provider_charges WHERE idempotency_key = $1", [
      idempotencyKey,
    ]);
    return rows[0] ? (JSON.parse(rows[0].outcome) as PaymentOutcome) : null;
  }

  async refund(input: { chargeId: string; amount: number; currency: string; idempotencyKey: string; reason: string }): Promise<RefundOutcome> {
    const { rows } = await this.db.query<{ amount: string; currency: string; refund_id: string | null; outcome: string }>(
      "SELECT amount, currency, refund_id, outcome FROM accounts_test_provider_charges WHERE charge_id = $1",
      [input.chargeId],
    );
    const charge = rows[0];
    if (!charge || (JSON.parse(charge.outcome) as PaymentOutcome).status !== "succeeded")
      return { status: "failed", message: `El proveedor de pruebas no tiene un cobro ${input.chargeId}` };
    if (charge.refund_id) return { status: "succeeded", refundId: charge.refund_id };
    if (input.amount > Number(charge.amount) || input.currency !== charge.currency)
      return { status: "failed", message: "El reembolso no puede superar el cobro ni cambiar de moneda" };
    const refundId = `re_test_${randomToken(12)}`;
    await this.db.query(
      "UPDATE accounts_test_provider_charges SET refund_id = $2, refund_key = $3, refunded_at = $4 WHERE charge_id = $1 AND refund_id IS NULL",
      [input.chargeId, refundId, input.idempotencyKey, new Date(this.clock())],
    );
    // Whoever refunded first: their refund is the one.
    const { rows: after } = await this.db.query<{ refund_id: string }>("SELECT refund_id FROM accounts_test_provider_charges WHERE charge_id = $1", [
      input.chargeId,
    ]);
    return { status: "succeeded", refundId: after[0].refund_id };
  }

  private decide(token: string): PaymentOutcome {
    const digits = token.replace(/[\s-]/g, "");
    const card = TEST_CARDS[digits];
    if (!card)
      return {
        status: "declined",
        code: ErrorCodes.cardTokenizerFailed,
        message: "Tarjeta desconocida para el proveedor de pruebas; usa una tarjeta de prueba",
      };
    if (card.outcome === "decline") return { status: "declined", code: card.code, message: card.message };
    if (card.outcome === "challenge") {
      const challengeToken = `3ds_${randomToken(15)}`;
      return { status: "challenge", challengeToken, challengeUrl: `${TEST_CHALLENGE_PATH}${challengeToken}`, card: cardOf(digits, card.brand) };
    }
    return { status: "succeeded", chargeId: `ch_test_${randomToken(12)}`, card: cardOf(digits, card.brand) };
  }

  /** The first outcome for a key is stored; later calls with the key get it back unchanged. */
  private async once(key: string, amount: number, currency: string, decide: () => PaymentOutcome): Promise<PaymentOutcome> {
    const outcome = decide();
    const chargeId = outcome.status === "succeeded" ? outcome.chargeId : `no_${randomToken(12)}`;
    const lastFour = outcome.status === "declined" ? "" : outcome.card.lastFour;
    await this.db.query(
      `INSERT INTO accounts_test_provider_charges (idempotency_key, charge_id, card_last_four, amount, currency, outcome, challenge_token, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (idempotency_key) DO NOTHING`,
      [
        key,
        chargeId,
        lastFour,
        // What moved (or, for a challenge, what will move once it passes); nothing for a decline.
        outcome.status === "declined" ? 0 : amount,
        currency,
        JSON.stringify(outcome),
        outcome.status === "challenge" ? outcome.challengeToken : null,
        new Date(this.clock()),
      ],
    );
    const { rows } = await this.db.query<{ outcome: string }>("SELECT outcome FROM accounts_test_provider_charges WHERE idempotency_key = $1", [key]);
    return JSON.parse(rows[0].outcome) as PaymentOutcome;
  }
}

/** The script of the simulated issuer page: served from this site, so a Content-Security-Policy without inline scripts allows it. */
export const TEST_CHALLENGE_SCRIPT_PATH = "/sales/public/v1/checkout/3ds/challenge.js";

/**
 * The simulated issuer page for the 3-D Secure test card: it reports the reader's choice to the
 * server first (that is what completeChallenge reads), then tells the opener the challenge is over.
 */
export function testChallengePage(challengeToken: string): string {
  const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<!doctype html><html lang="es-CO"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Autenticación 3-D Secure de prueba</title>
<style>body{font-family:system-ui,Arial,sans-serif;max-width:420px;margin:32px auto;padding:0 16px;color:#1a1a1a}
button{font-size:16px;padding:10px 16px;margin:8px 8px 0 0;border-radius:6px;border:1px solid #0b57d0;background:#0b57d0;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0b57d0}button:disabled{opacity:.6;cursor:default}button:focus{outline:3px solid #1a1a1a;outline-offset:2px}</style>
<script src="${TEST_CHALLENGE_SCRIPT_PATH}" defer></script></head>
<body data-token="${attribute(challengeToken)}" data-result-path="${attribute(testChallengeResultPath(challengeToken))}">
<h1>Verificación de tu banco (prueba)</h1>
<p>Este es el desafío 3-D Secure simulado del proveedor de pruebas. Elige el resultado.</p>
<button type="button" id="ok" disabled>Autenticar</button><button type="button" id="ko" class="secondary" disabled>Fallar la autenticación</button>
<p id="done" role="status"></p>
</body></html>`;
}

/** What the simulated issuer page runs (TEST_CHALLENGE_SCRIPT_PATH). */
export const TEST_CHALLENGE_SCRIPT = `"use strict";
const token = document.body.dataset.token;
const resultPath = document.body.dataset.resultPath;
const done = document.getElementById("done");
const buttons = () => document.querySelectorAll("button");
async function report(succeeded) {
  for (const button of buttons()) button.disabled = true;
  try {
    const response = await fetch(resultPath, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ succeeded }) });
    if (!response.ok) throw new Error(String(response.status));
  } catch {
    done.textContent = "No pudimos registrar la respuesta del banco. Intenta de nuevo.";
    for (const button of buttons()) button.disabled = false;
    return;
  }
  (window.opener || window.parent).postMessage({ type: "ARC_3DS_RESULT", token, succeeded }, window.location.origin);
  done.textContent = succeeded ? "Autenticación completada. Puedes volver al pago." : "Autenticación fallida. Puedes volver al pago.";
}
document.getElementById("ok").addEventListener("click", () => report(true));
document.getElementById("ko").addEventListener("click", () => report(false));
// The buttons come disabled: a click before this script listens would be lost.
for (const button of buttons()) button.disabled = false;
`;
