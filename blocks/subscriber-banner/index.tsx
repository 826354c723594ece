import type { BlockProps } from "../../runtime/types";
import { BANNER_SLOT_ATTRIBUTE } from "../_shared/accounts/SubscriberBanner";
import type { Settings } from "./settings";

/**
 * Where a subscriber's renewal or payment-update banner goes (docs/subscriptions-and-checkout.md#renewal-banners):
 * an empty slot in the server HTML, the same for every reader (pages stay cacheable) and without any
 * browser code of its own. For a signed-in subscriber with something to renew or pay, the header's
 * user menu loads the banner after hydration and renders it here (blocks/_shared/accounts/SubscriberNotices.tsx).
 */
export default function SubscriberBanner({ settings }: BlockProps<Settings, null>) {
  return <div {...{ [BANNER_SLOT_ATTRIBUTE]: settings.placement ?? "inread" }} />;
}
