"use client";

import type { BlockProps } from "../../runtime/types";
import { AccountShell } from "../_shared/accounts/AccountShell";
import { useSession } from "../_shared/accounts/session";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import { CANCEL_REASONS, type CancelReason } from "../../domain/cancelReasons";
import { AddressList } from "./AddressList";
import { OrderHistory } from "./OrderHistory";
import { SubscriptionList } from "./SubscriptionList";

/** The reasons a reader picks from when cancelling: the list the sales config answers (settings.cancelReasons replaces them). */
const DEFAULT_CANCEL_REASONS: ReadonlyArray<CancelReason> = CANCEL_REASONS;

/**
 * /autogestion/mis-suscripciones/ (and /perfil/suscripciones/): the reader's subscriptions, with
 * cancel and rescue, card, address and sharing, and the order history; with the section
 * 'editardireccion' (/perfil/editardireccion/), only the addresses of each own subscription.
 */
export default function AccountSubscriptions({ settings, data }: BlockProps<Settings, Data>) {
  const session = useSession();
  return (
    <AccountShell title={settings.title ?? ""} path={data.path} session={session} signInText="Inicia sesión para ver y administrar tus suscripciones.">
      {() =>
        settings.section === "editardireccion" ? (
          <AddressList />
        ) : (
          <>
            <SubscriptionList reasons={settings.cancelReasons?.length ? settings.cancelReasons : DEFAULT_CANCEL_REASONS} />
            <OrderHistory />
          </>
        )
      }
    </AccountShell>
  );
}
