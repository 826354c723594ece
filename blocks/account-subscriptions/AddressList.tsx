// The block's section 'editardireccion' (/perfil/editardireccion/): the addresses alone, apart from
// the full list (SubscriptionList.tsx), with which it shares the rows and the address form.
import { useCallback, useEffect, useState } from "react";
import { accountStyles as styles, LoadingPanel, Notice } from "../_shared/accounts/AccountUi";
import { messageForError } from "../_shared/accounts/apiErrors";
import { SALES_ERROR_MESSAGES } from "../../domain/errors";
import { AddressForm, PendingAddressChange } from "./AddressForm";
import { deliveryWanted, loadSubscriptions, ownLive, type SubscriptionRow } from "./subscriptionRows";
import listStyles from "./styles.module.css";

/** editardireccion: each own subscription's billing and shipping addresses, ready to edit. */
export function AddressList() {
  const [rows, setRows] = useState<SubscriptionRow[] | null>(null);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const reload = useCallback(async () => {
    try {
      setRows((await loadSubscriptions()).filter(ownLive));
    } catch (error) {
      setNotice({ kind: "error", text: messageForError(error, SALES_ERROR_MESSAGES) });
      setRows([]);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  if (rows === null) return <LoadingPanel />;
  return (
    <>
      {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
      {rows.length === 0 ? (
        <div className={styles.card}>
          <p>No tienes suscripciones con dirección para editar.</p>
        </div>
      ) : (
        <ul className={listStyles.list}>
          {rows.map((row) => (
            <li key={row.subscriptionID} className={styles.card} data-subscription-id={row.subscriptionID}>
              <h2 className={listStyles.name}>{row.productName}</h2>
              <PendingAddressChange change={row.shippingAddressChange} />
              <AddressForm
                subscriptionId={row.subscriptionID}
                address={row.billingAddress}
                shippingAddress={deliveryWanted(row)}
                onDone={(message) => {
                  setNotice({ kind: "success", text: message });
                  void reload();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
