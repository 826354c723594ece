// Carts: a signed-in reader's cart belongs to their account; an anonymous reader's is found by
// an httpOnly cookie (the sales SDK sends credentials for anonymous calls) and is claimed by the
// account when that reader signs in.
import type express from "express";
import type { Queryable } from "../../platform/database";
import type { AccountsContext, Caller } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { parseCookies, setCookie } from "../../platform/request";
import { CODE, LINK_TOKEN, optionalInteger, optionalText, passes, quoteInput } from "../input";
import { randomToken } from "../tokens";
import type { Address } from "../identity/validation";
import { checkAddress } from "../identity/validation";
import { CURRENCY, findPrice, findProduct, MAX_CART_ITEMS, MAX_CART_QUANTITY, TAX_RATE } from "../../domain/catalog";

export const CART_COOKIE = "sales_cart";
const CART_COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface StoredItem {
  sku: string;
  priceCode: string;
  quantity: number;
  gift: boolean;
  /** The subscription a renewal-offer price renews (sales/offers.ts#bindRenewalItems). */
  renewalOf?: number;
}

export interface CartRow {
  id: string;
  user_uuid: string | null;
  items: StoredItem[];
  billing_address: Address | null;
  revision: number;
}

export interface PricedItem extends StoredItem {
  name: string;
  shortDescription: string;
  price: number;
  tax: number;
  subtotal: number;
  total: number;
}

export function priceItems(items: StoredItem[]): PricedItem[] {
  return items.map((item) => {
    const product = findProduct(item.sku)!;
    const price = findPrice(item.sku, item.priceCode)!.amount;
    const subtotal = price * item.quantity;
    const tax = Math.round(subtotal * TAX_RATE);
    return { ...item, name: product.name, shortDescription: product.shortDescription, price, tax, subtotal, total: subtotal + tax };
  });
}

export function totals(items: PricedItem[]) {
  const subtotal = items.reduce((sum, i) => sum + i.subtotal, 0);
  const tax = items.reduce((sum, i) => sum + i.tax, 0);
  return { currency: CURRENCY, subtotal, tax, shipping: 0, total: subtotal + tax };
}

/** The Cart of the sales SDK (order.d.ts). */
export function cartView(cart: CartRow | null) {
  const items = priceItems(cart?.items ?? []);
  return { ...totals(items), items, billingAddress: cart?.billing_address ?? null };
}

/** Validates the items of an add-to-cart body. */
export function checkItems(value: unknown): StoredItem[] {
  if (!Array.isArray(value) || value.length === 0)
    throw new ApiError(400, ErrorCodes.cartUnknownSku, "items debe ser una lista con al menos un producto", { field: "items" });
  if (value.length > MAX_CART_ITEMS)
    throw new ApiError(400, ErrorCodes.cartInvalidQuantity, `Un carrito admite como máximo ${MAX_CART_ITEMS} productos`, { field: "items" });
  return value.map((raw, i) => {
    const field = `items[${i}]`;
    const item = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    const sku = optionalText(item.sku, `${field}.sku`, { ...CODE, code: ErrorCodes.cartUnknownSku }) ?? "";
    if (!findProduct(sku)) throw new ApiError(400, ErrorCodes.cartUnknownSku, `El producto ${quoteInput(sku)} no existe`, { field: `${field}.sku` });
    // The SDK may send a price code as a number.
    const rawPriceCode = typeof item.priceCode === "number" ? String(item.priceCode) : item.priceCode;
    const priceCode = optionalText(rawPriceCode, `${field}.priceCode`, { ...CODE, code: ErrorCodes.cartUnknownPriceCode }) || undefined;
    const price = findPrice(sku, priceCode);
    if (!price)
      throw new ApiError(400, ErrorCodes.cartUnknownPriceCode, `El precio ${quoteInput(priceCode)} no existe para ${sku}`, { field: `${field}.priceCode` });
    const quantity = optionalInteger(item.quantity, `${field}.quantity`, { min: 1, max: MAX_CART_QUANTITY }, ErrorCodes.cartInvalidQuantity) ?? 1;
    const gift = item.gift === true;
    if (!gift && quantity > 1) {
      throw new ApiError(
        400,
        ErrorCodes.cartInvalidQuantity,
        `Una suscripción propia se compra de a una: la cantidad de ${sku} debe ser 1 (para comprar varias, márcalas como regalo)`,
        { field: `${field}.quantity` },
      );
    }
    return { sku, priceCode: price.priceCode, quantity, gift };
  });
}

/**
 * The cart after adding `added`. A reader's own (non-gift) subscription is one per product: adding
 * it again keeps one (the price last added wins), so a retried or repeated checkout never buys two.
 * Gifts add up (a reader may give several).
 */
export function mergeItems(current: StoredItem[], added: StoredItem[]): StoredItem[] {
  const merged = current.map((i) => ({ ...i }));
  for (const item of added) {
    if (!item.gift) {
      const own = merged.findIndex((m) => m.sku === item.sku && !m.gift);
      if (own >= 0) merged.splice(own, 1);
      merged.push({ ...item, quantity: 1 });
      continue;
    }
    const same = merged.find((m) => m.sku === item.sku && m.priceCode === item.priceCode && m.gift);
    if (same) same.quantity += item.quantity;
    else merged.push({ ...item });
  }
  for (const item of merged) {
    if (item.quantity > MAX_CART_QUANTITY)
      throw new ApiError(400, ErrorCodes.cartInvalidQuantity, `La cantidad de ${item.sku} no puede pasar de ${MAX_CART_QUANTITY}`, { field: "items" });
  }
  if (merged.length > MAX_CART_ITEMS)
    throw new ApiError(400, ErrorCodes.cartInvalidQuantity, `Un carrito admite como máximo ${MAX_CART_ITEMS} productos`, { field: "items" });
  return merged;
}

/** Whether two carts (or a cart and an order) hold the same things: same products, prices, quantities and gifts. */
export function sameItems(
  a: ReadonlyArray<Omit<StoredItem, "gift" | "renewalOf"> & { gift?: boolean; renewalOf?: number | null }>,
  b: ReadonlyArray<Omit<StoredItem, "gift" | "renewalOf"> & { gift?: boolean; renewalOf?: number | null }>,
): boolean {
  const key = (items: typeof a) =>
    items
      .map((i) => `${i.sku}|${i.priceCode}|${Number(i.quantity)}|${i.gift === true}|${i.renewalOf ?? ""}`)
      .sort()
      .join("\n");
  return key(a) === key(b);
}

/**
 * An order's or a subscription's billing (or shipping) address: the checkout and address forms'
 * rules, street, city, department and country (docs/subscriptions-and-checkout.md#addresses).
 */
export function checkBillingAddress(value: unknown, field = "billingAddress"): Address {
  return checkAddress(value, field, ["line1", "locality", "region", "country"]);
}

/** The cart's address: its country is enough to price the cart (the order asks for the whole address). */
export function checkCartAddress(value: unknown, field = "billingAddress"): Address {
  return checkAddress(value, field, ["country"]);
}

/** The cart id of the request's cookie; a cookie that is not one of our ids (forged, garbled) counts as none. */
export function cartCookie(req: express.Request): string | null {
  const id = parseCookies(req.get("cookie"))[CART_COOKIE];
  return passes(id, LINK_TOKEN) ? id : null;
}

/**
 * Whether adding to the cart would create an anonymous cart (no account, no cart behind the
 * cookie): such a creation is counted per client address before the transaction that makes it.
 */
export async function createsAnonymousCart(ctx: AccountsContext, req: express.Request, caller: Caller | null): Promise<boolean> {
  if (caller) return false;
  const id = cartCookie(req);
  if (!id) return true;
  const { rows } = await ctx.db.query("SELECT 1 FROM accounts_carts WHERE id = $1 AND user_uuid IS NULL", [id]);
  return rows.length === 0;
}

/**
 * The caller's cart, locked for the transaction. A signed-in reader without a cart claims the
 * anonymous cart of their cookie. With `create`, a missing cart is created (and, for an anonymous
 * reader, its cookie set).
 */
export async function lockCart(
  ctx: AccountsContext,
  tx: Queryable,
  req: express.Request,
  res: express.Response,
  caller: Caller | null,
  create: boolean,
): Promise<CartRow | null> {
  const cookieId = cartCookie(req);
  if (caller) {
    const { rows } = await tx.query<CartRow>("SELECT * FROM accounts_carts WHERE user_uuid = $1 FOR UPDATE", [caller.uuid]);
    if (rows[0]) return rows[0];
    if (cookieId) {
      const { rows: claimed } = await tx.query<CartRow>("UPDATE accounts_carts SET user_uuid = $2 WHERE id = $1 AND user_uuid IS NULL RETURNING *", [
        cookieId,
        caller.uuid,
      ]);
      if (claimed[0]) return claimed[0];
    }
    if (!create) return null;
    await tx.query("INSERT INTO accounts_carts (id, user_uuid, created_at, updated_at) VALUES ($1, $2, $3, $3) ON CONFLICT (user_uuid) DO NOTHING", [
      randomToken(18),
      caller.uuid,
      ctx.now(),
    ]);
    const { rows: created } = await tx.query<CartRow>("SELECT * FROM accounts_carts WHERE user_uuid = $1 FOR UPDATE", [caller.uuid]);
    return created[0];
  }
  if (cookieId) {
    // An account's cart is never reachable by its cookie alone.
    const { rows } = await tx.query<CartRow>("SELECT * FROM accounts_carts WHERE id = $1 AND user_uuid IS NULL FOR UPDATE", [cookieId]);
    if (rows[0]) return rows[0];
  }
  if (!create) return null;
  const id = randomToken(18);
  const { rows } = await tx.query<CartRow>("INSERT INTO accounts_carts (id, created_at, updated_at) VALUES ($1, $2, $2) RETURNING *", [id, ctx.now()]);
  setCookie(res, CART_COOKIE, id, { maxAgeMs: CART_COOKIE_MAX_AGE_MS, secure: ctx.secureCookies });
  return rows[0];
}

export async function saveCart(ctx: AccountsContext, tx: Queryable, cart: CartRow, items: StoredItem[], billingAddress: Address | null): Promise<CartRow> {
  const { rows } = await tx.query<CartRow>(
    "UPDATE accounts_carts SET items = $2, billing_address = $3, revision = revision + 1, updated_at = $4 WHERE id = $1 RETURNING *",
    [cart.id, JSON.stringify(items), billingAddress ? JSON.stringify(billingAddress) : null, ctx.now()],
  );
  return rows[0];
}
