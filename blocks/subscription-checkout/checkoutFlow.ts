// The checkout's steps (form → paying → 3-D Secure challenge → paid) as a reducer, and what moves
// them: a payment call's outcome (retries included) and the issuer's 3-D Secure result. The
// component renders a step and makes the calls.
import { useEffect, type Dispatch, type MutableRefObject } from "react";
import { produce } from "immer";
import { errorCode, errorMessage, messageForError } from "../_shared/accounts/apiErrors";
import { THREE_DS_MESSAGE_TYPE } from "../_shared/accounts/card";
import { loadSdks, refreshSubscriptions } from "../_shared/accounts/session";
import { ErrorCodes, SALES_ERROR_MESSAGES } from "../../domain/errors";
import type { CheckoutOffer } from "./index.server";

/** 300016: another tab, or a retried request, already paid this order. */
export const ORDER_ALREADY_PAID_MESSAGE = "Este pedido ya está pagado. Tu suscripción está activa.";
export const PAID_MESSAGE = "¡Gracias! Tu suscripción está activa.";
/** The renewal price for someone it was not offered to (docs/subscriptions-and-checkout.md#renewal-offer). */
export const RENEWAL_NOT_OFFERED =
  "Este precio es una oferta de renovación para suscriptores que la recibieron en su aviso de renovación. Puedes suscribirte a la tarifa vigente.";
export const RENEWAL_PAID_MESSAGE = "¡Gracias! Renovaste tu suscripción: sumamos 12 meses a tu periodo actual.";
export const PAYMENT_UNAVAILABLE_MESSAGE = "El pago en línea no está disponible en este momento. Intenta más tarde.";
const PAYMENT_IN_PROGRESS_MESSAGE = "Hay un pago en curso para esta compra. Espera un momento y revisa Mis suscripciones antes de intentar de nuevo.";

type Step = "form" | "paying" | "challenge" | "paid";

export interface CheckoutState {
  step: Step;
  /** Kept after a decline: the next card pays the same order. */
  orderNumber: string | null;
  paymentMethodId: number | null;
  challenge: { token: string; url: string } | null;
  error: string | null;
  /** What the finished checkout says: paid now, paid already (300016), or already subscribed. */
  done: { message: string; kind: "success" | "info" } | null;
}

export type Action =
  | { type: "pay" }
  | { type: "ordered"; orderNumber: string; paymentMethodId: number }
  | { type: "challenge"; token: string; url: string }
  | { type: "paid"; message?: string; kind?: "success" | "info" }
  | { type: "failed"; message: string; forgetOrder?: boolean };

export const INITIAL_CHECKOUT: CheckoutState = { step: "form", orderNumber: null, paymentMethodId: null, challenge: null, error: null, done: null };

/** The checkout's steps: form → paying → (challenge →) paid, or back to the form with a message. */
export const checkoutReducer = produce((draft: CheckoutState, action: Action) => {
  switch (action.type) {
    case "pay":
      draft.step = "paying";
      draft.error = null;
      break;
    case "ordered":
      draft.orderNumber = action.orderNumber;
      draft.paymentMethodId = action.paymentMethodId;
      break;
    case "challenge":
      draft.step = "challenge";
      draft.challenge = { token: action.token, url: action.url };
      break;
    case "paid":
      draft.step = "paid";
      draft.challenge = null;
      draft.error = null;
      draft.done = { message: action.message ?? PAID_MESSAGE, kind: action.kind ?? "success" };
      break;
    case "failed":
      draft.step = "form";
      draft.challenge = null;
      draft.error = action.message;
      if (action.forgetOrder) draft.orderNumber = null;
      break;
  }
});

/**
 * The finalize options: the SDK spreads them into the request body, so the server learns the total
 * this page showed (expectedTotal) and refuses to charge another one. The SDK's type does not know
 * the field.
 */
export function finalizeOptions(expectedTotal: number) {
  return { expectedTotal } as Record<string, unknown> as never;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isNetworkFailure = (failure: unknown) => failure instanceof TypeError;
const isPaymentInFlight = (failure: unknown) => (failure as { paymentInFlight?: unknown } | null)?.paymentInFlight === true;

/**
 * A finalize call, retried when the network dropped (the server answers a retry of a finalize that
 * went through with 300016, which counts as paid) or another call of this buyer was still running.
 */
export async function withRetries<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (failure) {
      if (attempt < 2 && isNetworkFailure(failure)) await wait(800 * (attempt + 1));
      else if (attempt < 5 && isPaymentInFlight(failure)) await wait(1500);
      else throw failure;
    }
  }
}

/** The checkout is over: paid now, paid already (300016), or nothing to buy (already subscribed). */
export async function finish(dispatch: (action: Action) => void, message?: string, kind?: "success" | "info") {
  dispatch({ type: "paid", message, kind });
  await refreshSubscriptions();
}

/** What a failed step means for the reader: paid after all, already subscribed, or a message and the form again. */
export async function fail(dispatch: (action: Action) => void, failure: unknown) {
  const code = errorCode(failure);
  if (code === ErrorCodes.orderAlreadyPaid) return finish(dispatch, ORDER_ALREADY_PAID_MESSAGE);
  if ((failure as { alreadySubscribed?: unknown } | null)?.alreadySubscribed === true)
    return finish(dispatch, errorMessage(failure) ?? "Ya tienes una suscripción activa.", "info");
  // The renewal price for someone it was not offered to, or an offer that expired meanwhile.
  if ((failure as { renewalOfferOnly?: unknown } | null)?.renewalOfferOnly === true)
    return dispatch({ type: "failed", message: RENEWAL_NOT_OFFERED, forgetOrder: true });
  dispatch({
    type: "failed",
    message: isPaymentInFlight(failure) ? PAYMENT_IN_PROGRESS_MESSAGE : messageForError(failure, SALES_ERROR_MESSAGES),
    forgetOrder: code === ErrorCodes.orderNotFound || code === ErrorCodes.cartNotFound || code === ErrorCodes.cartEmpty,
  });
}

/**
 * While the checkout waits on the bank: the simulated issuer page reports the 3-D Secure result
 * with postMessage; the server asks the provider whether the issuer really authenticated the reader.
 */
export function useChallengeResult(
  state: CheckoutState,
  dispatch: Dispatch<Action>,
  busy: MutableRefObject<boolean>,
  offer: CheckoutOffer | null,
  renewal: boolean,
) {
  useEffect(() => {
    if (state.step !== "challenge" || !state.challenge || !state.orderNumber || state.paymentMethodId === null || !offer) return;
    const { token } = state.challenge;
    const orderNumber = state.orderNumber;
    const paymentMethodId = state.paymentMethodId;
    const expectedTotal = offer.amount;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== THREE_DS_MESSAGE_TYPE || event.data.token !== token) return;
      if (busy.current) return;
      busy.current = true;
      window.removeEventListener("message", onMessage);
      dispatch({ type: "pay" });
      loadSdks()
        .then(({ Sales }) =>
          withRetries(() => Sales.finalizePayment3ds(orderNumber, paymentMethodId, token, finalizeOptions(expectedTotal), event.data.succeeded === true)),
        )
        .then(() => finish(dispatch, renewal ? RENEWAL_PAID_MESSAGE : undefined))
        .catch((failure) => fail(dispatch, failure))
        .finally(() => {
          busy.current = false;
        });
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
    // busy and dispatch are the component's ref and reducer dispatch: they never change.
  }, [state.step, state.challenge, state.orderNumber, state.paymentMethodId, offer, renewal, busy, dispatch]);
}
