// Pane 0: ask for a password-restore e-mail; its link opens /restablecer-contrasena/?nonce=…
import { useState, type FormEvent } from "react";
import { accountStyles as styles, Field, Notice, REQUIRED_FIELD_MESSAGE, SubmitButton } from "../../AccountUi";
import { withCaptcha } from "../../recaptcha";
import { loadSdks } from "../../session";
import { useSubmission } from "../../useSubmission";
import { LOGIN_PANE, setModalPane } from "../../loginModal";
import paneStyles from "../styles.module.css";
import { IDENTITY_ERROR_MESSAGES } from "../../../../../domain/errors";

const RECOVERY_SENT = "Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada.";
export default function RecoveryPane() {
  const [email, setEmail] = useState("");
  const { attempted, loading, error, run } = useSubmission(IDENTITY_ERROR_MESSAGES);
  const [sent, setSent] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    return run(!!email.trim(), async () => {
      const { Identity } = await loadSdks();
      await withCaptcha("resetPassword", (recaptchaToken) => Identity.requestResetPassword(email.trim(), recaptchaToken));
      setSent(true);
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={paneStyles.intro}>Escribe el correo de tu cuenta y te enviaremos un enlace para crear una contraseña nueva.</p>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {sent ? <Notice kind="success">{RECOVERY_SENT}</Notice> : null}
      <Field
        label="Correo electrónico"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={attempted && !email.trim() ? REQUIRED_FIELD_MESSAGE : null}
      />
      <SubmitButton loading={loading} className={styles.block}>
        Enviar enlace
      </SubmitButton>
      <p className={paneStyles.switch}>
        <button type="button" className={styles.linkButton} onClick={() => setModalPane(LOGIN_PANE)}>
          Volver a iniciar sesión
        </button>
      </p>
    </form>
  );
}
