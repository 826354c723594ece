"use client";

import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { BlockProps } from "../../runtime/types";
import { displayName } from "../_shared/accounts/accountNav";
import { accountStyles, LoadingPanel } from "../_shared/accounts/AccountUi";
import { ACCOUNT_PAGES } from "../_shared/accounts/identity";
import {
  DEFAULT_PANE,
  isPane,
  LOGIN_PANE,
  openLoginModal,
  paneFromQuery,
  REDIRECT_QUERY_PARAM,
  REGISTER_PANE,
  type Pane,
} from "../_shared/accounts/loginModal";
import { useSession } from "../_shared/accounts/session";
import { FORM_LOGIN_PATH } from "../../domain/routes";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "../_shared/accounts/login-modal/styles.module.css";
import { socialAnswerOf, type SocialAnswer } from "../_shared/accounts/login-modal/social";

/** Loaded only when a social provider sends the reader back here. */
const SocialReturn = lazy(() => import("./SocialReturn"));

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
 * The access page /-revista-semana/: opens the login modal (or registration with ?=1) on load (the
 * address's query is read in the browser); where social providers send the reader back, it finishes
 * their sign-in (SocialReturn). Without JavaScript, a plain form signs the reader in.
 */
export default function AccessPage({ settings, data }: BlockProps<Settings, Data | null>) {
  const session = useSession();
  // A social provider sending the reader back (?code=…&state=…): read after hydration, like the rest of the address.
  const [social, setSocial] = useState<SocialAnswer | null>(null);
  const returning = useRef(false);

  useEffect(() => {
    const search = window.location.search;
    if (!returning.current) {
      const answer = socialAnswerOf(search);
      returning.current = answer !== null;
      if (answer) setSocial(answer);
    }
    if (returning.current || session.loggedIn !== false) return;
    openLoginModal({ pane: paneForAccessPage(search, settings.pane), redirect: new URLSearchParams(search).get(REDIRECT_QUERY_PARAM) });
  }, [session.loggedIn, settings.pane]);

  if (social)
    return (
      <section className={styles.page}>
        <h1 className={accountStyles.title}>{settings.title}</h1>
        <Suspense fallback={<LoadingPanel />}>
          <SocialReturn answer={social} />
        </Suspense>
      </section>
    );

  return (
    <section className={styles.page}>
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
      <noscript>
        <form method="post" action={FORM_LOGIN_PATH} className={accountStyles.form}>
          {data?.error ? (
            <p className={`${accountStyles.alert} ${accountStyles.error}`} role="alert">
              {data.error}
            </p>
          ) : null}
          <label className={accountStyles.label}>
            Correo electrónico
            <input className={accountStyles.input} type="email" name="email" autoComplete="username" required maxLength={256} />
          </label>
          <label className={accountStyles.label}>
            Contraseña
            <input className={accountStyles.input} type="password" name="password" autoComplete="current-password" required maxLength={256} />
          </label>
          <label className={accountStyles.check}>
            <input type="checkbox" name="remember" value="1" defaultChecked /> Mantener la sesión iniciada
          </label>
          <input type="hidden" name="redirect" value={data?.redirect ?? "/"} />
          <button type="submit" className={accountStyles.button}>
            Iniciar sesión
          </button>
        </form>
      </noscript>
    </section>
  );
}
