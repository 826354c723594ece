// The subscriber notices of a page (docs/subscriptions-and-checkout.md#renewal-banners), loaded by
// the header's user menu only for a signed-in subscriber, after hydration: it reads the renewal data
// (the segment lookup, at most once a day) and, when it calls for a banner, renders it into the
// slots the page's subscriber-banner blocks left (in the article, on the profile, the home modal)
// and its entry (MenuContext) into the header's menu slots. Readers without a subscription never
// load it. It imports nothing of the session module (the header hands over what it needs), so the
// code every page loads is not split into more chunks by it.
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import type { SubscriberBanners } from "../../../brands/types";
import type { Profile } from "./identity";
import { bannerFor, renewalDataOfReader, type BannerState } from "./renewalData";
import { BANNER_SLOT_ATTRIBUTE, BannerView, PLACEMENTS, type Placement } from "./SubscriberBanner";
import type { Sdks } from "./session";
import styles from "./SubscriberBanner.module.css";

/** The header's slots for the menu entry: "menu" in the account menu, "barra" in the regional daily's top bar. */
const MENU_SLOT_ATTRIBUTE = "data-aviso";

export interface SubscriberNoticesProps {
  banners: SubscriberBanners;
  profile: Profile | null;
  /** The session's SDK loader (blocks/_shared/accounts/session.ts): the identity SDK knows the reader and the accounts API's origin. */
  sdks: () => Promise<Pick<Sdks, "Identity">>;
}

interface Slot {
  element: HTMLElement;
  placement: Placement | "menu" | "barra";
}

/** Marks a slot one instance fills: the header and the sticky bar each mount this, and a banner shows once. */
const FILLED = "data-aviso-lleno";
/** Set on the root while a subscriber is signed in: the ad slots show their subscriber variant (AdSlot.module.css). */
const SUBSCRIBER_ROOT_ATTRIBUTE = "data-suscriptor";

function slotsOfPage(): Slot[] {
  const slots = allSlots().filter(({ element }) => !element.hasAttribute(FILLED));
  for (const { element } of slots) element.setAttribute(FILLED, "");
  return slots;
}

function allSlots(): Slot[] {
  const page = [...document.querySelectorAll<HTMLElement>(`[${BANNER_SLOT_ATTRIBUTE}]`)].flatMap((element) => {
    const placement = element.getAttribute(BANNER_SLOT_ATTRIBUTE) as Placement;
    return PLACEMENTS.includes(placement) ? [{ element, placement }] : [];
  });
  const menu = [...document.querySelectorAll<HTMLElement>(`[${MENU_SLOT_ATTRIBUTE}]`)].map((element) => ({
    element,
    placement: element.getAttribute(MENU_SLOT_ATTRIBUTE) === "barra" ? ("barra" as const) : ("menu" as const),
  }));
  return [...page, ...menu];
}

export default function SubscriberNotices({ banners, profile, sdks }: SubscriberNoticesProps) {
  const [banner, setBanner] = useState<BannerState | null>(null);
  const [slots, setSlots] = useState<Slot[]>([]);
  const email = profile?.email;

  useEffect(() => {
    let current = true;
    sdks()
      .then(({ Identity }) => {
        const { uuid, accessToken } = Identity.userIdentity ?? {};
        return renewalDataOfReader(uuid && accessToken && email ? { email, uuid, accessToken, origin: Identity.apiOrigin } : null);
      })
      .then((data) => {
        if (current) setBanner(bannerFor(data, banners));
      })
      .catch((error) => console.warn("[cuentas] no se pudo mostrar el aviso de renovación:", error?.message ?? error));
    return () => {
      current = false;
    };
  }, [banners, email, sdks]);

  useEffect(() => {
    const root = document.documentElement;
    root.setAttribute(SUBSCRIBER_ROOT_ATTRIBUTE, "");
    return () => root.removeAttribute(SUBSCRIBER_ROOT_ATTRIBUTE);
  }, []);

  useEffect(() => {
    if (!banner) return;
    const taken = slotsOfPage();
    setSlots(taken);
    return () => taken.forEach(({ element }) => element.removeAttribute(FILLED));
  }, [banner]);

  if (!banner) return null;
  return (
    <>
      {slots.map(({ element, placement }) =>
        createPortal(
          placement === "menu" || placement === "barra" ? (
            <a className={placement === "menu" ? styles.menuNotice : styles.topBarNotice} href={banner.config.URLMenuContextual} data-banner-menu={banner.kind}>
              {banner.menuText}
            </a>
          ) : (
            <BannerView banner={banner} placement={placement} />
          ),
          element,
        ),
      )}
    </>
  );
}
