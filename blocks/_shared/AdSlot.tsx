// A reserved ad slot: a labelled box of the slot's fixed height (brands/ads.ts), so the page does not
// shift when the ad fills it. Which viewports show it is decided by CSS classes, not by script, so the
// server-rendered page is already right on a phone and on a desktop.
import { isAdTarget, resolveAdSlot, type AdTarget } from "../../brands/ads";
import styles from "./AdSlot.module.css";

export const AD_LABEL = "Publicidad";

export interface AdSlotProps {
  /** A slot name of the catalogue, e.g. "Boton_1_M". Unknown names render nothing. */
  name: string | undefined;
  /** Overrides the catalogue's target (content ad elements carry one in adDisplay). */
  target?: AdTarget | string;
  label?: string;
  className?: string;
}

export function AdSlot({ name, target, label = AD_LABEL, className }: AdSlotProps) {
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
  return (
    <div {...common} className={[styles.slot, styles[shownOn], className].filter(Boolean).join(" ")}>
      <span className={styles.label}>{label}</span>
      <div className={styles.box} style={{ height: slot.format.height, maxWidth: width }} />
    </div>
  );
}
