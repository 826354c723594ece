// The access page when a social provider sends the reader back (/-revista-semana/?code=…&state=…, or
// ?error=…&state=…): finishes the sign-in with the identity SDK (signInWithOIDC) and takes the reader
// back where they were; otherwise says what went wrong (docs/login-modal.md#social-sign-in). A
// subscriber at the 4-device limit signs a device out here and goes through the provider again (its
// answer serves once).
import { useEffect, useRef, useState } from "react";
import { accountStyles, Notice, Spinner } from "../_shared/accounts/AccountUi";
import { messageForError } from "../_shared/accounts/apiErrors";
import { navigation } from "../_shared/accounts/identity";
import { LOGIN_PANE, openLoginModal } from "../_shared/accounts/loginModal";
import { loadSdks } from "../_shared/accounts/session";
import { IDENTITY_ERROR_MESSAGES } from "../../domain/errors";
import { deviceLimitOf, DeviceLimitList, signOutDevice, type Device, type DeviceLimit } from "../_shared/accounts/DeviceLimit";
import { forgetVisit, isCancellation, rememberedVisit, startSocialSignIn, type SocialAnswer } from "../_shared/accounts/login-modal/social";
import styles from "../_shared/accounts/login-modal/styles.module.css";

const FINISHING_TEXT = "Estamos completando tu ingreso…";
export const CANCELLED_TEXT = "Cancelaste el ingreso. Puedes intentarlo de nuevo o ingresar con tu correo.";

type View = { kind: "finishing" } | { kind: "error"; message: string } | { kind: "devices"; refusal: DeviceLimit; busy: boolean };

export default function SocialReturn({ answer }: { answer: SocialAnswer }) {
  const [view, setView] = useState<View>({ kind: "finishing" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { returnTo } = rememberedVisit();
    // The code must not stay in the address (history, a reload): it serves once anyway.
    window.history.replaceState(null, "", window.location.pathname);
    if (answer.kind === "error") {
      forgetVisit();
      setView({ kind: "error", message: isCancellation(answer.error) ? CANCELLED_TEXT : messageForError({ code: answer.error }, IDENTITY_ERROR_MESSAGES) });
      return;
    }
    void (async () => {
      try {
        const { Identity } = await loadSdks();
        await Identity.signInWithOIDC(answer.code, answer.state);
        await Identity.getUserProfile();
        forgetVisit();
        navigation.assign(returnTo);
      } catch (failure) {
        const refusal = deviceLimitOf(failure);
        setView(refusal ? { kind: "devices", refusal, busy: false } : { kind: "error", message: messageForError(failure, IDENTITY_ERROR_MESSAGES) });
      }
    })();
  }, [answer]);

  /** Signs a device out, then goes through the provider again (the first answer was spent). */
  async function signOutAndRetry(device: Device) {
    if (view.kind !== "devices") return;
    setView({ ...view, busy: true });
    try {
      await signOutDevice(view.refusal, device);
      const { provider, returnTo } = rememberedVisit();
      if (!provider) throw new Error("no se sabe con qué servicio ingresaste");
      await startSocialSignIn(provider, returnTo);
    } catch (failure) {
      setView({ kind: "error", message: messageForError(failure, IDENTITY_ERROR_MESSAGES) });
    }
  }

  if (view.kind === "finishing")
    return (
      <p className={styles.returning} role="status">
        <Spinner />
        {FINISHING_TEXT}
      </p>
    );
  if (view.kind === "devices") return <DeviceLimitList limit={view.refusal} busy={view.busy} onSignOut={(device) => void signOutAndRetry(device)} />;
  return (
    <div className={styles.returning}>
      <Notice kind="error">{view.message}</Notice>
      <button type="button" className={accountStyles.button} onClick={() => openLoginModal({ pane: LOGIN_PANE, redirect: rememberedVisit().returnTo })}>
        Volver a intentarlo
      </button>
    </div>
  );
}
