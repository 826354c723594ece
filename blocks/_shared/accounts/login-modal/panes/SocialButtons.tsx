// The buttons of the configured social providers, above the e-mail form of the login and register
// panes (docs/login-modal.md#social-sign-in). Which ones: the identity config answer's
// socialProviders; none configured, no buttons.
import { useEffect, useState } from "react";
import { Notice } from "../../AccountUi";
import { messageForError } from "../../apiErrors";
import { loadSdks } from "../../session";
import { configuredProviders, SOCIAL_BUTTON_LABELS, startSocialSignIn, type SocialProviderName } from "../social";
import styles from "../styles.module.css";

const LOGOS: Record<SocialProviderName, JSX.Element> = {
  google: (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.6 13.2l7.8 6.1C12.3 13.6 17.7 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.5 5.8c4.4-4 6.8-10 6.8-17.2z" />
      <path fill="#FBBC05" d="M10.4 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6.1C.9 16.5 0 20.1 0 24s.9 7.5 2.6 10.8l7.8-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.7-4.1-13.6-9.8l-7.8 6.1C6.6 42.6 14.6 48 24 48z" />
    </svg>
  ),
  apple: (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9-.1 0-2.7-1-2.7-4.1zM13.9 5c.7-.9 1.2-2 1-3.2-1 0-2.2.7-2.9 1.5-.6.7-1.2 1.9-1 3.1 1.1.1 2.2-.6 2.9-1.4z"
      />
    </svg>
  ),
  facebook: (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="#1877F2"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z"
      />
    </svg>
  ),
};

export default function SocialButtons() {
  const [providers, setProviders] = useState<SocialProviderName[]>([]);
  const [busy, setBusy] = useState<SocialProviderName | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    loadSdks()
      .then(({ Identity }) => Identity.getConfig())
      .then((config) => live && setProviders(configuredProviders(config)))
      .catch((failure) => console.warn("[cuentas] no se pudo leer la configuración de ingreso:", (failure as Error)?.message ?? failure));
    return () => {
      live = false;
    };
  }, []);

  if (!providers.length) return null;

  async function start(provider: SocialProviderName) {
    if (busy) return;
    setBusy(provider);
    setError(null);
    try {
      await startSocialSignIn(provider); // leaves the page
    } catch (failure) {
      setError(messageForError(failure));
      setBusy(null);
    }
  }

  return (
    <div className={styles.social} data-social-sign-in="">
      {error ? <Notice kind="error">{error}</Notice> : null}
      {providers.map((provider) => (
        <button
          key={provider}
          type="button"
          className={`${styles.socialButton} ${styles[provider]}`}
          data-provider={provider}
          disabled={!!busy}
          aria-busy={busy === provider || undefined}
          onClick={() => void start(provider)}
        >
          {LOGOS[provider]}
          {SOCIAL_BUTTON_LABELS[provider]}
        </button>
      ))}
      <p className={styles.divider}>
        <span>o con tu correo</span>
      </p>
    </div>
  );
}
