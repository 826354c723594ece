// The reader's orders (docs/subscriptions-and-checkout.md#orders): purchases and renewals, newest
// first, 10 a page, each with its receipt (the order's details: items, total, card, date).
import { Fragment, useCallback, useEffect, useState } from "react";
import { accountStyles as styles, Notice, Spinner } from "../_shared/accounts/AccountUi";
import { messageForError } from "../_shared/accounts/apiErrors";
import { formatLongDate } from "../_shared/format";
import { formatPesos as formatPrice } from "../_shared/accounts/offer";
import { loadSdks } from "../_shared/accounts/session";
import { SALES_ERROR_MESSAGES } from "../../domain/errors";
import listStyles from "./styles.module.css";

/** docs/subscriptions-and-checkout.md#orders: "Order history default page size 10, start 0". */
const ORDER_PAGE_SIZE = 10;

const ORDER_STATUS_LABELS: Record<string, string> = { Paid: "Pagado", Pending: "Pendiente de pago", Cancelled: "Cancelado" };

interface OrderEntry {
  orderNumber: string;
  orderDate: number;
  orderStatus: string;
  totalAmount: number;
  currency: string;
  lastFour?: string | null;
  creditCardBrand?: string | null;
  products?: Array<{ sku: string; name: string; quantity: number }>;
}

interface OrderDetails {
  orderNumber: string;
  status: string;
  total: number;
  currency: string;
  items: Array<{ name: string; quantity: number; total: number; gift?: boolean }>;
  payments?: Array<{
    amount: number;
    paymentMethod?: { lastFour?: string | null; creditCardType?: string | null } | null;
    financialTransactions?: Array<{ transactionDate: number }>;
  }>;
  orderDate: number;
}

export function OrderHistory() {
  const [orders, setOrders] = useState<OrderEntry[] | null>(null);
  const [total, setTotal] = useState(0);
  const [start, setStart] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [details, setDetails] = useState<Record<string, OrderDetails>>({});

  const load = useCallback(async (from: number) => {
    try {
      const { Sales } = await loadSdks();
      const page = await Sales.getOrderHistory(from, ORDER_PAGE_SIZE);
      setOrders((previous) => (from === 0 ? page.orders : [...(previous ?? []), ...page.orders]));
      setTotal(Number(page.maxResults ?? page.orders.length));
      setStart(from);
    } catch (failure) {
      setError(messageForError(failure, SALES_ERROR_MESSAGES));
      setOrders((previous) => previous ?? []);
    }
  }, []);

  useEffect(() => {
    void load(0);
  }, [load]);

  async function toggle(orderNumber: string) {
    if (open === orderNumber) return setOpen(null);
    setOpen(orderNumber);
    if (details[orderNumber]) return;
    try {
      const { Sales } = await loadSdks();
      const order = (await Sales.getOrderDetails(orderNumber)) as OrderDetails;
      setDetails((previous) => ({ ...previous, [orderNumber]: order }));
    } catch (failure) {
      setError(messageForError(failure, SALES_ERROR_MESSAGES));
    }
  }

  return (
    <section className={styles.card} aria-labelledby="historial-de-pedidos">
      <h2 id="historial-de-pedidos" className={listStyles.name}>
        Historial de pedidos
      </h2>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {orders === null ? <Spinner /> : null}
      {orders && orders.length === 0 ? <p>Todavía no tienes pedidos.</p> : null}
      {orders && orders.length > 0 ? (
        <ul className={listStyles.orders}>
          {orders.map((order) => {
            const receipt = details[order.orderNumber];
            return (
              <li key={order.orderNumber} data-order-number={order.orderNumber}>
                <div className={listStyles.orderLine}>
                  <span>{formatLongDate(order.orderDate)}</span>
                  <span>{order.products?.map((p) => p.name).join(", ") || "Pedido"}</span>
                  <span>{formatPrice(order.totalAmount)}</span>
                  <span data-order-status="">{ORDER_STATUS_LABELS[order.orderStatus] ?? order.orderStatus}</span>
                  <button type="button" className={styles.linkButton} aria-expanded={open === order.orderNumber} onClick={() => void toggle(order.orderNumber)}>
                    {open === order.orderNumber ? "Ocultar recibo" : "Ver recibo"}
                  </button>
                </div>
                {open === order.orderNumber ? (
                  receipt ? (
                    <dl className={`${styles.definitions} ${listStyles.receipt}`} data-receipt="">
                      <dt>Pedido</dt>
                      <dd>{receipt.orderNumber}</dd>
                      <dt>Fecha</dt>
                      <dd>{formatLongDate(receipt.orderDate)}</dd>
                      {receipt.items.map((item, index) => (
                        <Fragment key={index}>
                          <dt>
                            {item.name}
                            {item.quantity > 1 ? ` × ${item.quantity}` : ""}
                            {item.gift ? " (regalo)" : ""}
                          </dt>
                          <dd>{formatPrice(item.total)}</dd>
                        </Fragment>
                      ))}
                      <dt>Total</dt>
                      <dd>{formatPrice(receipt.total)}</dd>
                      {receipt.payments?.[0]?.paymentMethod?.lastFour ? (
                        <>
                          <dt>Pagado con</dt>
                          <dd>
                            {receipt.payments[0].paymentMethod.creditCardType ?? "Tarjeta"} terminada en {receipt.payments[0].paymentMethod.lastFour}
                          </dd>
                        </>
                      ) : null}
                      <dt>Estado</dt>
                      <dd>{ORDER_STATUS_LABELS[receipt.status] ?? receipt.status}</dd>
                    </dl>
                  ) : (
                    <Spinner />
                  )
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {orders && orders.length < total ? (
        <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => void load(start + ORDER_PAGE_SIZE)}>
          Ver más pedidos
        </button>
      ) : null}
    </section>
  );
}
