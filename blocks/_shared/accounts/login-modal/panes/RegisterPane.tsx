// Pane 2: create an account (the identity service e-mails a verification link), then continue as a
// signed-in reader through the modal's close rules; or create it with a social provider's button.
import { useState, type FormEvent } from "react";
import { accountStyles as styles, Field, Notice, PASSWORD_RULE_HINT, PasswordField, REQUIRED_FIELD_MESSAGE, SubmitButton } from "../../AccountUi";
import { maskEmail } from "../../../format";
import { withCaptcha } from "../../recaptcha";
import { loadSdks } from "../../session";
import { useSubmission } from "../../useSubmission";
import { LOGIN_PANE, setModalPane } from "../../loginModal";
import { closeLoginModal } from "../../loginModalClose";
import paneStyles from "../styles.module.css";
import { IDENTITY_ERROR_MESSAGES } from "../../../../../domain/errors";
import SocialButtons from "./SocialButtons";

const TERMS_REQUIRED_MESSAGE = "Debes aceptar los términos para crear tu cuenta.";

export default function RegisterPane() {
  const [form, setForm] = useState({ firstName: "", lastName: "", email: "", password: "" });
  const [accepted, setAccepted] = useState(false);
  const { attempted, loading, error, run } = useSubmission(IDENTITY_ERROR_MESSAGES);
  const [created, setCreated] = useState<string | null>(null);

  const set = (key: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));
  const required = (value: string) => (attempted && !value.trim() ? REQUIRED_FIELD_MESSAGE : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    return run(Object.values(form).every((value) => value.trim()) && accepted, async () => {
      const email = form.email.trim();
      const { Identity } = await loadSdks();
      await withCaptcha("signup", (recaptchaToken) =>
        Identity.signUp(
          { userName: email, credentials: form.password },
          { email, firstName: form.firstName.trim(), lastName: form.lastName.trim(), emailVerified: false },
          undefined,
          true,
          recaptchaToken,
        ),
      );
      setCreated(email);
    });
  }

  if (created) {
    return (
      <div className={styles.form}>
        <Notice kind="success">¡Tu cuenta está lista! Te enviamos un correo a {maskEmail(created)} para verificar tu dirección.</Notice>
        <button type="button" className={`${styles.button} ${styles.block}`} onClick={closeLoginModal}>
          Continuar
        </button>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {error ? <Notice kind="error">{error}</Notice> : null}
      <SocialButtons />
      <div className={styles.row}>
        <Field label="Nombre" autoComplete="given-name" value={form.firstName} onChange={set("firstName")} error={required(form.firstName)} />
        <Field label="Apellido" autoComplete="family-name" value={form.lastName} onChange={set("lastName")} error={required(form.lastName)} />
      </div>
      <Field label="Correo electrónico" type="email" autoComplete="email" value={form.email} onChange={set("email")} error={required(form.email)} />
      <PasswordField
        label="Contraseña"
        autoComplete="new-password"
        hint={PASSWORD_RULE_HINT}
        value={form.password}
        onChange={set("password")}
        error={required(form.password)}
      />
      <div>
        <label className={styles.check}>
          <input type="checkbox" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />
          <span>
            Acepto los <a href="/terminos-de-uso/">términos de uso</a> y la <a href="/politica-de-tratamiento-de-datos/">política de tratamiento de datos</a>.
          </span>
        </label>
        {attempted && !accepted ? <p className={styles.fieldError}>{TERMS_REQUIRED_MESSAGE}</p> : null}
      </div>
      <SubmitButton loading={loading} className={styles.block}>
        Crear cuenta
      </SubmitButton>
      <p className={paneStyles.switch}>
        ¿Ya tienes cuenta?{" "}
        <button type="button" className={styles.linkButton} onClick={() => setModalPane(LOGIN_PANE)}>
          Inicia sesión
        </button>
      </p>
    </form>
  );
}
