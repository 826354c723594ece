// What a subscriber sees (docs/subscriptions-and-checkout.md#renewal-banners): a banner with the
// brand's image at its three widths (960 px and wider, 480 to 959, narrower), the text and the
// button, or on the home page a modal the reader may close for the rest of the browser session.
// Rendered into the slots of the subscriber-banner blocks by SubscriberNotices (loaded only for
// signed-in subscribers).
import { useEffect, useId, useRef, useState } from "react";
import type { SubscriberBannerConfig } from "../../../brands/types";
import type { BannerState } from "./renewalData";
import styles from "./SubscriberBanner.module.css";
import { SUBSCRIPTION_TERMS_PATH } from "../../../domain/routes";

/** Where a banner is: in the article, on the profile page, as the home page's modal (the block's setting). */
export type Placement = "inread" | "perfil" | "modal-home";
export const PLACEMENTS: readonly Placement[] = ["inread", "perfil", "modal-home"];
/** The attribute of a subscriber-banner block's slot; its value is the placement. */
export const BANNER_SLOT_ATTRIBUTE = "data-subscriber-banner-slot";

export interface BannerViewProps {
  banner: BannerState;
  placement: Placement;
}

/** docs/subscriptions-and-checkout.md#renewal-banners: banner images change at 960 and 480 px. */
export const BANNER_BREAKPOINTS = { desktop: 960, tablet: 480 } as const;
/** The renewal price's asterisk points here. */
export const TERMS_PATH = SUBSCRIPTION_TERMS_PATH;
const TERMS_TEXT = "*Aplican términos y condiciones.";
/** Session storage: the home modal closed in this browser session (its kind). */
export const MODAL_CLOSED_KEY = "avisoSuscripcionCerrado";

const LINK_FIELD: Record<Placement, keyof SubscriberBannerConfig> = { inread: "URLInread", perfil: "URLPerfil", "modal-home": "URLModalHome" };

const BANNER_LABELS = { renovacion: "Renovación de tu suscripción", actualizarPago: "Pago de tu suscripción" } as const;

/** The configured link: a path of this site (brands/brands.test.ts checks every brand's). */
function linkOf(config: SubscriberBannerConfig, placement: Placement): string {
  return config[LINK_FIELD[placement]];
}

function BannerImage({ config }: { config: SubscriberBannerConfig }) {
  return (
    <picture className={styles.image}>
      <source media={`(min-width: ${BANNER_BREAKPOINTS.desktop}px)`} srcSet={config.BannerDesktop} />
      <source media={`(min-width: ${BANNER_BREAKPOINTS.tablet}px)`} srcSet={config.BannerTablet} />
      <img src={config.BannerMobile} alt="" loading="lazy" decoding="async" />
    </picture>
  );
}

function Terms() {
  return (
    <p className={styles.terms}>
      <a href={TERMS_PATH}>{TERMS_TEXT}</a>
    </p>
  );
}

export function BannerView({ banner, placement }: BannerViewProps) {
  if (placement === "modal-home") return <HomeModal banner={banner} />;
  return (
    <aside
      className={`${styles.banner} ${styles[banner.kind]} ${placement === "perfil" ? styles.perfil : ""}`}
      data-subscriber-banner={banner.kind}
      data-placement={placement}
      aria-label={BANNER_LABELS[banner.kind]}
    >
      <BannerImage config={banner.config} />
      <div className={styles.body}>
        <p className={styles.text}>{banner.text}</p>
        <a className={styles.button} href={linkOf(banner.config, placement)}>
          {banner.config.ActualizarBoton}
        </a>
        {banner.termsApply ? <Terms /> : null}
      </div>
    </aside>
  );
}

function closedInSession(kind: string): boolean {
  try {
    return window.sessionStorage.getItem(MODAL_CLOSED_KEY) === kind;
  } catch {
    return false;
  }
}

/** The home page's modal: shown until the reader closes it (button or Escape), then not again this session. */
function HomeModal({ banner }: { banner: BannerState }) {
  const [open, setOpen] = useState(() => !closedInSession(banner.kind));
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();

  const close = () => {
    setOpen(false);
    try {
      window.sessionStorage.setItem(MODAL_CLOSED_KEY, banner.kind);
    } catch {
      // storage blocked: closed for this page only
    }
  };

  useEffect(() => {
    if (open) dialog.current?.focus();
  }, [open]);

  if (!open) return null;
  return (
    <div className={styles.overlay}>
      <div
        ref={dialog}
        className={`${styles.modal} ${styles[banner.kind]}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === "Escape") close();
        }}
        data-subscriber-banner={banner.kind}
        data-placement="modal-home"
      >
        <BannerImage config={banner.config} />
        <div className={styles.body}>
          <h2 id={titleId} className={styles.modalTitle}>
            {BANNER_LABELS[banner.kind]}
          </h2>
          <p className={styles.text}>{banner.text}</p>
          <div className={styles.actions}>
            <a className={styles.button} href={linkOf(banner.config, "modal-home")}>
              {banner.config.ActualizarBoton}
            </a>
            <button type="button" className={styles.close} onClick={close}>
              Ahora no
            </button>
          </div>
          {banner.termsApply ? <Terms /> : null}
        </div>
      </div>
    </div>
  );
}
