// Small pieces the account blocks and the login modal share: labelled fields, a password field with
// a show/hide toggle, a submit button that says it is busy, notices, the self-service navigation and
// the prompt signed-out readers see.
import { useEffect, useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { accountNavFor } from "./profileSections";
import { LOGIN_PANE, openLoginModal, REGISTER_PANE } from "./loginModal";
import type { SessionState } from "./session";
import styles from "./account.module.css";

/** docs/accounts.md#restore-validation: the message of a required field left empty. */
export const REQUIRED_FIELD_MESSAGE = "El campo es obligatorio";

export { styles as accountStyles };

export const PASSWORD_RULE_HINT = "Mínimo 8 caracteres, con mayúsculas, minúsculas y números.";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
  /** A password field with a show/hide toggle. */
  revealable?: boolean;
};

export function Field({ label, value, onChange, error, hint, id, className, revealable, type, ...input }: InputProps) {
  const generated = useId();
  const [visible, setVisible] = useState(false);
  const inputId = id ?? generated;
  const describedBy = [hint ? `${inputId}-hint` : "", error ? `${inputId}-error` : ""].filter(Boolean).join(" ") || undefined;
  const control = (
    <input
      {...input}
      id={inputId}
      type={revealable ? (visible ? "text" : "password") : type}
      className={styles.input}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    />
  );
  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      {hint ? (
        <span id={`${inputId}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {revealable ? (
        <div className={styles.passwordBox}>
          {control}
          <button type="button" className={styles.toggle} aria-controls={inputId} aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
            {visible ? "Ocultar" : "Mostrar"}
            <span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        </div>
      ) : (
        control
      )}
      {error ? (
        <p id={`${inputId}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A password field with its own show/hide toggle (docs/accounts.md#password-restore). */
export function PasswordField(props: Omit<InputProps, "type" | "revealable">) {
  return <Field {...props} revealable />;
}

export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" data-spinner="" />;
}

/** The submit button: disabled with a spinner while the request runs. */
export function SubmitButton({ loading, children, className }: { loading: boolean; children: ReactNode; className?: string }) {
  return (
    <button type="submit" className={`${styles.button} ${className ?? ""}`} disabled={loading} aria-busy={loading || undefined}>
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}

export function Notice({ kind, children }: { kind: "error" | "success" | "info"; children: ReactNode }) {
  return (
    <p className={`${styles.alert} ${styles[kind]}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </p>
  );
}

/** Shown while the session is still unknown: the same on the server and in the first render. */
export function LoadingPanel({ label = "Cargando..." }: { label?: string }) {
  return (
    <div className={styles.placeholder} role="status">
      <Spinner />
      {label}
    </div>
  );
}

/** The self-service navigation: the /perfil/ sections on those pages, the /autogestion/ pages elsewhere. */
export function AccountNav({ path }: { path: string }) {
  return (
    <nav aria-label="Mi cuenta">
      <ul className={styles.nav}>
        {accountNavFor(path).map((item) => (
          <li key={item.href}>
            <a href={item.href} aria-current={path === item.href ? "page" : undefined}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What a signed-out reader sees on a page that needs an account, with buttons that open the modal. */
export function SignInPrompt({ text, redirect }: { text: string; redirect?: string }) {
  return (
    <div className={styles.card}>
      <p>{text}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => openLoginModal({ pane: LOGIN_PANE, redirect })}>
          Iniciar sesión
        </button>
        <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => openLoginModal({ pane: REGISTER_PANE, redirect })}>
          Crea tu cuenta
        </button>
      </div>
    </div>
  );
}

/** Signed-out readers of a page that needs an account get the login modal once the session is known. */
export function useSignInModal(session: SessionState, enabled = true): void {
  useEffect(() => {
    if (enabled && session.loggedIn === false) openLoginModal({ pane: LOGIN_PANE });
  }, [enabled, session.loggedIn]);
}
