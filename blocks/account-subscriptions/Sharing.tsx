// Sharing a subscription with associates (docs/subscriptions-and-checkout.md#sharing): the owner
// invites by e-mail (the invitation is bound to that address), sees who accepted, and withdraws a
// place. "Up to 4 devices": the owner and 3 associates.
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { accountStyles as styles, Field, Notice, Spinner, SubmitButton } from "../_shared/accounts/AccountUi";
import { messageForError } from "../_shared/accounts/apiErrors";
import { loadSdks } from "../_shared/accounts/session";
import { SALES_ERROR_MESSAGES } from "../../domain/errors";
import listStyles from "./styles.module.css";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface SharedPlace {
  subscriptionID: number;
  email: string | null;
  redeemed: boolean;
}

export function Sharing({ subscriptionId }: { subscriptionId: number }) {
  const [places, setPlaces] = useState<SharedPlace[] | null>(null);
  const [allowed, setAllowed] = useState(3);
  const [email, setEmail] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  const load = useCallback(async () => {
    try {
      const { Sales } = await loadSdks();
      const details = await Sales.getSubscriptionSharingDetails(subscriptionId);
      setPlaces(details.sharedSubscriptions ?? []);
      if (typeof details.numSharesAllowed === "number") setAllowed(details.numSharesAllowed);
    } catch (failure) {
      setNotice({ kind: "error", text: messageForError(failure, SALES_ERROR_MESSAGES) });
      setPlaces([]);
    }
  }, [subscriptionId]);

  useEffect(() => {
    void load();
  }, [load]);

  const emailError = !email.trim()
    ? "El campo es obligatorio"
    : email.length > 254 || !EMAIL_PATTERN.test(email.trim())
      ? "El correo electrónico no tiene un formato válido."
      : null;

  async function invite(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (busy || emailError) return;
    setBusy(true);
    setNotice(null);
    try {
      const { Sales } = await loadSdks();
      await Sales.shareSubscription(subscriptionId, email.trim());
      setNotice({ kind: "success", text: `Enviamos la invitación a ${email.trim()}. Solo esa dirección puede aceptarla.` });
      setEmail("");
      setSubmitted(false);
      await load();
    } catch (failure) {
      setNotice({ kind: "error", text: messageForError(failure, SALES_ERROR_MESSAGES) });
    }
    setBusy(false);
  }

  async function withdraw(place: SharedPlace) {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const { Sales } = await loadSdks();
      await Sales.stopSharing(place.subscriptionID);
      setNotice({ kind: "success", text: `${place.email ?? "La persona invitada"} ya no comparte tu suscripción.` });
      await load();
    } catch (failure) {
      setNotice({ kind: "error", text: messageForError(failure, SALES_ERROR_MESSAGES) });
    }
    setBusy(false);
  }

  return (
    <div className={listStyles.panel} data-sharing="">
      <h3 className={listStyles.subtitle}>Compartir tu suscripción</h3>
      <p>
        Tu suscripción digital funciona en hasta 4 dispositivos: puedes invitar a {allowed} personas por correo. Cada invitación solo la puede aceptar la cuenta
        de ese correo, verificado.
      </p>
      {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
      {places === null ? <Spinner /> : null}
      {places && places.length > 0 ? (
        <ul className={listStyles.shared}>
          {places.map((place) => (
            <li key={place.subscriptionID} data-shared-email={place.email ?? ""}>
              <span>{place.email}</span> <span>{place.redeemed ? "Aceptó la invitación" : "Invitación pendiente"}</span>{" "}
              <button type="button" className={styles.linkButton} disabled={busy} onClick={() => void withdraw(place)}>
                Retirar
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {places && places.length < allowed ? (
        <form className={styles.form} onSubmit={invite} noValidate aria-label="Invitar a compartir la suscripción">
          <Field
            label="Correo de la persona invitada"
            type="email"
            value={email}
            onChange={setEmail}
            error={submitted ? emailError : null}
            autoComplete="off"
            maxLength={254}
          />
          <SubmitButton loading={busy}>Enviar invitación</SubmitButton>
        </form>
      ) : places ? (
        <p>Ya compartiste tu suscripción con el máximo de {allowed} personas.</p>
      ) : null}
    </div>
  );
}
