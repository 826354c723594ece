// Pane 1: sign in with e-mail and password (or ask for a magic link, or use a social provider's
// button), then close the modal, which reloads the page or goes to the redirect target as a
// signed-in reader.
import { useState, type FormEvent } from "react";
import { accountStyles as styles, Field, Notice, PasswordField, REQUIRED_FIELD_MESSAGE, SubmitButton } from "../../AccountUi";
import { withCaptcha } from "../../recaptcha";
import { loadSdks } from "../../session";
import { KEEP_LOADING, useSubmission } from "../../useSubmission";
import { RECOVERY_PANE, REGISTER_PANE, setModalPane } from "../../loginModal";
import { closeLoginModal } from "../../loginModalClose";
import paneStyles from "../styles.module.css";
import { IDENTITY_ERROR_MESSAGES } from "../../../../../domain/errors";
import { deviceLimitOf, DeviceLimitList, signOutDevice, type Device, type DeviceLimit } from "../../DeviceLimit";
import SocialButtons from "./SocialButtons";

export const MAGIC_LINK_SENT = "Te enviamos un enlace de acceso a tu correo. Vence en 15 minutos.";

export default function LoginPane() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(true);
  const { attempted, loading, error, run } = useSubmission(IDENTITY_ERROR_MESSAGES);
  const [notice, setNotice] = useState<string | null>(null);
  const [limit, setLimit] = useState<DeviceLimit | null>(null);

  // What the last attempt asked for: a magic link needs only the e-mail, so its attempt never marks the password.
  const [asked, setAsked] = useState<"signin" | "magicLink">("signin");

  const required = (value: string) => (attempted && !value.trim() ? REQUIRED_FIELD_MESSAGE : null);

  async function signIn() {
    const { Identity } = await loadSdks();
    try {
      await withCaptcha("signin", (recaptchaToken) => Identity.login(email.trim(), password, { rememberMe: remember, recaptchaToken }));
    } catch (failure) {
      // The subscription's 4 devices are signed in: list them and let the reader sign one out.
      const refusal = deviceLimitOf(failure);
      if (refusal) {
        setLimit(refusal);
        return;
      }
      throw failure;
    }
    setLimit(null);
    await Identity.getUserProfile();
    closeLoginModal(); // reloads or leaves the page
    return KEEP_LOADING;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setAsked("signin");
    setNotice(null);
    return run(!!email.trim() && !!password, signIn);
  }

  /** Signs the chosen device out with the refused sign-in's token, then signs in here. */
  function signOutAndRetry(device: Device) {
    const refusal = limit;
    if (!refusal) return;
    return run(true, async () => {
      try {
        await signOutDevice(refusal, device);
      } catch (failure) {
        setLimit(null);
        throw failure;
      }
      return signIn();
    });
  }

  function sendMagicLink() {
    setAsked("magicLink");
    return run(!!email.trim(), async () => {
      const { Identity } = await loadSdks();
      await withCaptcha("magicLink", (recaptchaToken) => Identity.requestMagicLink(email.trim(), recaptchaToken));
      setNotice(MAGIC_LINK_SENT);
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {notice ? <Notice kind="success">{notice}</Notice> : null}
      {limit ? <DeviceLimitList limit={limit} busy={loading} onSignOut={(device) => void signOutAndRetry(device)} /> : null}
      <SocialButtons />
      <Field label="Correo electrónico" type="email" autoComplete="username" value={email} onChange={setEmail} error={required(email)} />
      <PasswordField
        label="Contraseña"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={asked === "signin" ? required(password) : null}
      />
      <label className={styles.check}>
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        Mantener la sesión iniciada
      </label>
      <SubmitButton loading={loading} className={styles.block}>
        Iniciar sesión
      </SubmitButton>
      <div className={paneStyles.links}>
        <button type="button" className={styles.linkButton} onClick={() => setModalPane(RECOVERY_PANE)}>
          ¿Olvidaste tu contraseña?
        </button>
        <button type="button" className={styles.linkButton} onClick={sendMagicLink} disabled={loading}>
          Enviarme un enlace de acceso
        </button>
      </div>
      <p className={paneStyles.switch}>
        ¿No tienes cuenta?{" "}
        <button type="button" className={styles.linkButton} onClick={() => setModalPane(REGISTER_PANE)}>
          Crea tu cuenta
        </button>
      </p>
    </form>
  );
}
