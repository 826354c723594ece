// A reserved ad slot: a box of the slot's fixed height (brands/ads.ts), so the page does not shift
// when an ad fills it, holding the brand's house ad until then (./houseAd.ts). Which viewports show
// it is decided by CSS classes, not by script, so the server-rendered page is already right on a
// phone and on a desktop.
import { isAdTarget, resolveAdSlot, type AdTarget } from "../../brands/ads";
import type { HouseAd } from "./houseAd";
import styles from "./AdSlot.module.css";

const AD_LABEL = "Publicidad";
/** The bottom anchor's close button (blocks/_shared/enhance.ts takes it off the page). */
const CLOSE_AD_LABEL = "Cerrar publicidad";

export interface AdSlotProps {
  /** A slot name of the catalogue, e.g. "Boton_1_M". Unknown names render nothing. */
  name: string | undefined;
  /** The brand's house ad, shown in the slot until an ad server fills it. */
  house: HouseAd;
  /** Overrides the catalogue's target (content ad elements carry one in adDisplay). */
  target?: AdTarget | string;
  label?: string;
  className?: string;
}

/** How much of the house ad fits: one line (50 px), a line and the price (90–100 px), a card (250–300 px), a tall card (600 px). */
function houseSize(height: number): "line" | "bar" | "card" | "tall" {
  if (height < 80) return "line";
  if (height < 200) return "bar";
  return height < 400 ? "card" : "tall";
}

export function AdSlot({ name, house, target, label = AD_LABEL, className }: AdSlotProps) {
  const slot = resolveAdSlot(name);
  if (!slot) return null;
  const shownOn = isAdTarget(target) ? target : slot.target;
  const common = {
    "data-ad-slot": slot.name,
    "data-ad-format": slot.formatName,
    "data-ad-target": shownOn,
  };
  // Out-of-page formats (interstitials) are served over the page: a marker, no reserved space.
  if (slot.format.height === 0) return <div {...common} hidden />;
  const width = Math.max(...slot.format.sizes.map(([w]) => w));
  const size = houseSize(slot.format.height);
  // The mobile anchor (Sticky_M) is fixed to the bottom of the screen over the page; the reader may close it.
  const anchored = slot.anchor === "fixed";
  return (
    <div
      {...common}
      {...(anchored ? { "data-ad-anchor": "" } : {})}
      className={[styles.slot, styles[shownOn], anchored ? styles.anchored : "", className].filter(Boolean).join(" ")}
    >
      <span className={styles.label}>{label}</span>
      {anchored ? (
        <button type="button" className={styles.close} aria-label={CLOSE_AD_LABEL} data-ad-close="">
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
      <div className={styles.box} style={{ height: slot.format.height, maxWidth: width }}>
        <a className={`${styles.house} ${styles[size]}`} href={house.href} data-house-ad="">
          <strong className={styles.houseHeadline}>{house.headline}</strong>
          {size !== "line" && house.price ? <span className={styles.housePrice}>{house.price}</span> : null}
          {size === "tall" && house.pitch ? <span className={styles.housePitch}>{house.pitch}</span> : null}
          <span className={styles.houseCta}>{house.cta}</span>
        </a>
        {/* A subscriber's variant: shown instead once the session says "subscriber" (:root[data-suscriptor], set by SubscriberNotices). */}
        <a className={`${styles.house} ${styles.subscriberAd} ${styles[size]}`} href={house.subscriber.href} data-house-ad="suscriptor">
          <strong className={styles.houseHeadline}>{house.subscriber.headline}</strong>
          {size !== "line" ? <span className={styles.housePrice}>{house.subscriber.line}</span> : null}
          <span className={styles.houseCta}>{house.subscriber.cta}</span>
        </a>
      </div>
    </div>
  );
}
