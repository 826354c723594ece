// The header's user menu: the visitor states of docs/paywall-and-visitors.md#header-per-visitor,
// filled in after hydration from the session in the browser, so the page stays the same for
// everyone (cacheable). Unknown → a fixed-size placeholder; anonymous → subscribe, create account,
// log in (the last two open the login modal); signed in → the subscribe button unless a
// subscription is active, and a menu with the subscription state, the self-service pages, the help
// centre and 'Cerrar sesión'. The regional daily shows its top-bar variant, with the subscription state in the
// bar itself (docs/brands.md#top-bar).
import { lazy, Suspense, useId, useRef, useState, type MouseEvent } from "react";
import type { MenuItem } from "../../brands";
import { ACCOUNT_NAV, displayName } from "../_shared/accounts/accountNav";
import { HELP_CENTRE_LABEL, HELP_CENTRE_PATH } from "../../domain/routes";
import { maskEmail } from "../_shared/format";
import { hasActiveSubscription } from "../_shared/accounts/identity";
import { LOGIN_PANE, openLoginModal, REGISTER_PANE, type Pane } from "../_shared/accounts/loginModal";
import { loadSdks, logout, useSession, type SessionState } from "../_shared/accounts/session";
import { useDismiss } from "../_shared/useDismiss";
import type { UserMenuLinks } from "./index.server";
import { MenuLink } from "../_shared/MenuLink";
import headerStyles from "./styles.module.css";
import styles from "./UserMenuSlot.module.css";

/**
 * The brand's account links and whether it shows the top-bar variant, picked by the header's server
 * half; `sticky` for the regional daily's sticky bar (docs/brands.md#sticky-bar).
 */
export type UserMenuSlotProps = UserMenuLinks & { sticky?: boolean };

export const ACTIVE_SUBSCRIPTION_LABEL = "Suscripción activa";
export const NO_SUBSCRIPTION_LABEL = "No cuenta con una suscripción";
const LOGOUT_LABEL = "Cerrar sesión";
const TOP_BAR_PROFILE_PATH = "/perfil/";
/** The sticky bar's user menu (docs/brands.md#sticky-bar). */
const PROFILE_LABEL = "Mi perfil";

/** A subscriber's notices (the banners and the menu's entry): loaded only for a signed-in subscriber. */
const SubscriberNotices = lazy(() => import("../_shared/accounts/SubscriberNotices"));

export type UserMenuState = "unknown" | "anonymous" | "subscriber" | "registered";

export function userMenuState(session: SessionState): UserMenuState {
  if (session.loggedIn === null) return "unknown";
  if (!session.loggedIn) return "anonymous";
  return hasActiveSubscription(session.subscriptions) ? "subscriber" : "registered";
}

/** A plain click opens the modal; a click that asks for a new tab follows the link. */
function opensModal(pane: Pane) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openLoginModal({ pane });
  };
}

export function UserMenuSlot({ account, topBar, banners, sticky = false }: UserMenuSlotProps) {
  const session = useSession();
  const state = userMenuState(session);
  const { subscribe, register, login } = account;
  // The subscribe button waits for the subscriptions so that a subscriber never sees it flash.
  const showSubscribe = state === "anonymous" || (state === "registered" && session.subscriptions !== null);

  return (
    <div data-slot="user-menu" data-state={state} className={`${headerStyles.userMenu} ${styles.slot} ${sticky ? styles.sticky : styles.inHeader}`}>
      {state === "unknown" ? <span className={styles.placeholder} aria-hidden="true" /> : null}
      {showSubscribe ? <MenuLink item={subscribe} className={headerStyles.subscribe} /> : null}
      {state === "anonymous" ? (
        <>
          <AccountLink item={register} className={headerStyles.register} onClick={opensModal(REGISTER_PANE)} />
          <AccountLink item={login} className={headerStyles.login} onClick={opensModal(LOGIN_PANE)} />
        </>
      ) : null}
      {state === "subscriber" || state === "registered" ? (
        topBar ? (
          <span className={sticky ? `${styles.topBarAccount} ${styles.stickyAccount}` : styles.topBarAccount}>
            <a className={styles.profileLink} href={TOP_BAR_PROFILE_PATH}>
              {sticky ? (
                <StickyLabel icon={styles.profileIcon} label={PROFILE_LABEL} />
              ) : (
                (session.profile?.email?.split("@")[0] ?? displayName(session.profile))
              )}
            </a>
            {sticky ? null : <SubscriptionState session={session} state={state} />}
            {/* SubscriberNotices puts a subscriber banner's entry here, and in the account menu's slot. */}
            <span data-aviso="barra" />
            {/* The regional daily's log-out reloads the page the reader is on (docs/brands.md#top-bar). */}
            <button type="button" className={styles.logoutInline} onClick={() => void logout(true)}>
              {sticky ? <StickyLabel icon={styles.logoutIcon} label={LOGOUT_LABEL} /> : LOGOUT_LABEL}
            </button>
          </span>
        ) : (
          <AccountMenu session={session} state={state} />
        )
      ) : null}
      {/* A subscriber with something to renew or pay: the banners and the menu's entry (docs/subscriptions-and-checkout.md#renewal-banners). */}
      {state === "subscriber" ? (
        <Suspense fallback={null}>
          <SubscriberNotices banners={banners} profile={session.profile} sdks={loadSdks} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** A sticky bar's account link: its name, and on narrow phones its icon instead (drawn by CSS; the name stays for screen readers). */
function StickyLabel({ icon, label }: { icon: string; label: string }) {
  return (
    <>
      <span className={`${styles.stickyIcon} ${icon}`} aria-hidden="true" />
      <span className={styles.stickyLabel}>{label}</span>
    </>
  );
}

function AccountLink({ item, className, onClick }: { item: MenuItem; className: string; onClick: (event: MouseEvent<HTMLAnchorElement>) => void }) {
  return (
    <a href={item.link} className={className} onClick={onClick}>
      {item.title}
    </a>
  );
}

/** 'Suscripción activa' or 'No cuenta con una suscripción', once the subscriptions are known (account menu and top bar). */
function SubscriptionState({ session, state }: { session: SessionState; state: UserMenuState }) {
  return session.subscriptions !== null ? (
    <span className={state === "subscriber" ? styles.active : styles.inactive} data-subscription-state={state}>
      {state === "subscriber" ? ACTIVE_SUBSCRIPTION_LABEL : NO_SUBSCRIPTION_LABEL}
    </span>
  ) : null;
}

/** The signed-in reader's menu: toggles on click, closes on an outside click or Escape. */
function AccountMenu({ session, state }: { session: SessionState; state: UserMenuState }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const name = displayName(session.profile);
  const email = session.profile?.email;

  useDismiss(
    open,
    () => setOpen(false),
    (target) => !!rootRef.current?.contains(target),
    buttonRef,
  );

  return (
    <div ref={rootRef} className={styles.account}>
      <button ref={buttonRef} type="button" className={styles.accountButton} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((v) => !v)}>
        <span className={styles.avatar} aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className={styles.name}>{name}</span>
        <span className="visually-hidden">: menú de la cuenta</span>
        <span className={styles.chevron} aria-hidden="true" />
      </button>
      <div id={menuId} className={styles.menu} hidden={!open}>
        <p className={styles.who}>
          <strong>{name}</strong>
          {email ? <span className={styles.email}>{maskEmail(email)}</span> : null}
        </p>
        <SubscriptionState session={session} state={state} />
        <div data-aviso="menu" />
        <ul className={styles.links}>
          {ACCOUNT_NAV.map((item) => (
            <li key={item.href}>
              <a href={item.href}>{item.label}</a>
            </li>
          ))}
          {/* The help centre, after the self-service pages (docs/help-centre.md#where-it-is-linked). */}
          <li>
            <a href={HELP_CENTRE_PATH}>{HELP_CENTRE_LABEL}</a>
          </li>
        </ul>
        <button type="button" className={styles.logout} onClick={() => void logout()}>
          {LOGOUT_LABEL}
        </button>
      </div>
    </div>
  );
}
