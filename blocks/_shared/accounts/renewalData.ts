// The renewal data of a signed-in subscriber and the banner it calls for
// (docs/subscriptions-and-checkout.md#segment-lookup, #renewal-banners). Loaded only for signed-in
// subscribers, after hydration (with SubscriberNotices.tsx, which the header loads on demand). It
// imports nothing of the session: the header hands it the reader, so the code every page loads
// is not split further by it.
//
// The customer-segment lookup — POST /s3plus/obtenersegmentoscliente with {correo} and the reader's
// access token as the authorisation header — is made at most once per calendar day: its answer's
// first element is kept in local storage as RenewalData, with the local day it was asked on
// (currentlocaldate, "YYYY-MM-DD") and the reader's uuid (IdAnalytics). A page view the same day, by
// the same reader, reads the stored copy; another day or another reader asks again.
import type { SubscriberBannerConfig, SubscriberBanners } from "../../../brands/types";
import { formatLongDate } from "../format";

/** Local storage keys (docs/accounts.md#storage-keys). */
export const RENEWAL_DATA_KEY = "RenewalData";
export const CURRENT_LOCAL_DATE_KEY = "currentlocaldate";
export const ID_ANALYTICS_KEY = "IdAnalytics";
export const SEGMENT_LOOKUP_PATH = "/s3plus/obtenersegmentoscliente";

/** One element of the answer (accounts/sales/offers.ts#SegmentElement). */
export interface RenewalData {
  correo: string;
  segmento: "ACTUALIZAR_PAGO" | "RENOVACION" | "AL_DIA" | "SIN_SUSCRIPCION";
  idSuscripcion?: number;
  estado?: number;
  producto?: string;
  finPeriodo?: string;
  finGracia?: string;
  proximoIntento?: string | null;
  oferta?: { codigoPrecio: string; precio: number; texto: string; vence: string; url: string };
  consultado: string;
}

type BannerKind = keyof SubscriberBanners;

/** The banner a reader's renewal data calls for, with its texts filled in. */
export interface BannerState {
  kind: BannerKind;
  config: SubscriberBannerConfig;
  /** ModalText with {fecha} and {precio} filled in. */
  text: string;
  /** MenuContext, filled in the same way. */
  menuText: string;
  /** The renewal offer's price carries terms and conditions. */
  termsApply: boolean;
}

/** The browser's local day, "YYYY-MM-DD": the calendar day the lookup is made once in. */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // blocked: the lookup runs on every page view, which is still correct
  }
}

function storedData(store: Storage | null): RenewalData | null {
  try {
    const value = JSON.parse(store?.getItem(RENEWAL_DATA_KEY) ?? "null");
    return value && typeof value === "object" && typeof value.segmento === "string" ? (value as RenewalData) : null;
  } catch {
    return null;
  }
}

export interface LookupInput {
  email: string;
  uuid: string;
  accessToken: string;
  /** The origin the lookup is asked of (the accounts API's). */
  origin: string;
  /** Today, for the once-a-day rule (tests pass their own). */
  now?: Date;
}

/**
 * The reader's renewal data: the stored copy when it was asked today by this reader, else a new
 * lookup (stored with today's date and the reader's uuid). A failed lookup is logged and answers the
 * stored copy of this reader, if any; the next page view tries again.
 */
export async function loadRenewalData(input: LookupInput): Promise<RenewalData | null> {
  const store = storage();
  const today = localDate(input.now ?? new Date());
  const stored = store?.getItem(ID_ANALYTICS_KEY) === input.uuid ? storedData(store) : null;
  if (stored && store?.getItem(CURRENT_LOCAL_DATE_KEY) === today) return stored;
  try {
    const response = await fetch(`${input.origin}${SEGMENT_LOOKUP_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: input.accessToken },
      body: JSON.stringify({ correo: input.email }),
    });
    const answer = await response.json().catch(() => null);
    if (!response.ok) throw new Error(answer?.message ?? `HTTP ${response.status}`);
    const first = answer?.data?.ObtenerSegmentosClienteResult?.[0];
    if (!first || typeof first !== "object") throw new Error("la respuesta no trae ObtenerSegmentosClienteResult[0]");
    try {
      store?.setItem(RENEWAL_DATA_KEY, JSON.stringify(first));
      store?.setItem(CURRENT_LOCAL_DATE_KEY, today);
      store?.setItem(ID_ANALYTICS_KEY, input.uuid);
    } catch {
      // storage full or blocked: the data still serves this page
    }
    return first as RenewalData;
  } catch (error) {
    console.warn("[cuentas] no se pudo consultar la renovación:", (error as Error)?.message ?? error);
    return stored;
  }
}

let pending: { uuid: string; promise: Promise<RenewalData | null> } | null = null;

/** The renewal data of the signed-in reader of this page: one lookup per page however often it is asked. */
export async function renewalDataOfReader(reader: LookupInput | null): Promise<RenewalData | null> {
  if (!reader) return null;
  if (pending?.uuid !== reader.uuid) pending = { uuid: reader.uuid, promise: loadRenewalData(reader) };
  return pending.promise;
}

/** Tests: forget this page's lookup. */
export function forgetRenewalLookup(): void {
  pending = null;
}

/**
 * The banner the data calls for: the payment update while a declined renewal is due, the renewal
 * offer while one is offered, none otherwise (up to date, or no subscription).
 */
export function bannerFor(data: RenewalData | null, banners: SubscriberBanners): BannerState | null {
  const kind: BannerKind | null =
    data?.segmento === "ACTUALIZAR_PAGO" ? "actualizarPago" : data?.segmento === "RENOVACION" && data.oferta ? "renovacion" : null;
  if (!kind || !data) return null;
  const config = banners[kind];
  const date = formatLongDate(kind === "actualizarPago" ? (data.finGracia ?? data.finPeriodo) : data.finPeriodo);
  const price = data.oferta ? data.oferta.texto.replace(/ al año$/, "") : "";
  const fill = (template: string) => template.replaceAll("{fecha}", date).replaceAll("{precio}", price);
  return { kind, config, text: fill(config.ModalText), menuText: fill(config.MenuContext), termsApply: kind === "renovacion" && price.includes("*") };
}
