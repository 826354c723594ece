"use client";

import { useEffect } from "react";
import type { BlockProps } from "../../runtime/types";
import { accountStyles, displayName, LoadingPanel } from "../_shared/AccountUi";
import { ACCOUNT_PAGES } from "../_shared/identity";
import { DEFAULT_PANE, isPane, LOGIN_PANE, openLoginModal, paneFromQuery, REDIRECT_QUERY_PARAM, REGISTER_PANE, type Pane } from "../_shared/loginModal";
import { useSession } from "../_shared/session";
import { LoginModalHost } from "./LoginModal";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** "/-revista-semana/?=1" is the create-account address (docs/login-modal.md#login-routes): an empty key set to 1. */
export const REGISTER_QUERY_KEY = "";
export const REGISTER_QUERY_VALUE = "1";

/** The pane an address of the access page asks for: ?form=…, else ?=1 for register, else the block's setting. */
export function paneForAccessPage(search: string, configured: number | undefined): Pane {
  const fromForm = paneFromQuery(search);
  if (fromForm !== null) return fromForm;
  if (new URLSearchParams(search).get(REGISTER_QUERY_KEY) === REGISTER_QUERY_VALUE) return REGISTER_PANE;
  return isPane(configured) ? configured : DEFAULT_PANE;
}

/**
 * The access page /-revista-semana/: opens the login modal (or registration with ?=1) on load. It
 * renders from its settings alone: the address's query is read in the browser.
 */
export default function AccessPage({ settings }: BlockProps<Settings, null>) {
  const session = useSession();

  useEffect(() => {
    if (session.loggedIn !== false) return;
    const search = window.location.search;
    openLoginModal({ pane: paneForAccessPage(search, settings.pane), redirect: new URLSearchParams(search).get(REDIRECT_QUERY_PARAM) });
  }, [session.loggedIn, settings.pane]);

  return (
    <section className={styles.page}>
      <LoginModalHost />
      <h1 className={accountStyles.title}>{settings.title}</h1>
      {session.loggedIn === null ? (
        <LoadingPanel />
      ) : session.loggedIn ? (
        <>
          <p className={accountStyles.lead}>Ya iniciaste sesión como {displayName(session.profile)}.</p>
          <div className={styles.pageActions}>
            <a className={accountStyles.button} href={ACCOUNT_PAGES.profile}>
              Ir a mi perfil
            </a>
            <a className={`${accountStyles.button} ${accountStyles.secondary}`} href="/">
              Ir a la portada
            </a>
          </div>
        </>
      ) : (
        <>
          <p className={accountStyles.lead}>{settings.text}</p>
          <div className={styles.pageActions}>
            <button type="button" className={accountStyles.button} onClick={() => openLoginModal({ pane: LOGIN_PANE })}>
              Iniciar sesión
            </button>
            <button type="button" className={`${accountStyles.button} ${accountStyles.secondary}`} onClick={() => openLoginModal({ pane: REGISTER_PANE })}>
              Crea tu cuenta
            </button>
          </div>
        </>
      )}
    </section>
  );
}
