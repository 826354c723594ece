// The form of the newsletter and of the data-treatment consent (docs/carousels-and-blocks.md#newsletter):
// one e-mail address, posted as { correo }; the answer is the same whatever the address's state, and
// the e-mail that follows asks its owner to confirm. A signed-in reader finds their address filled in.
// A refused address says why; a failure of the service is only logged (docs/error-catalogue.md#load-failures).
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { isEmailAddress, EMAIL_MAX_LENGTH } from "../../domain/email";
import { NEWSLETTER_API, type NewsletterList } from "../../domain/newsletter";
import { accountStyles, Field, Notice, SubmitButton } from "./accounts/AccountUi";
import { postJson } from "./postJson";
import { useSession } from "./accounts/session";
import styles from "./EmailSignup.module.css";

const EMAIL_LABEL = "Correo electrónico";
export const EMAIL_INVALID = "Escribe un correo electrónico válido, por ejemplo nombre@dominio.com.";

export interface EmailSignupProps {
  list: NewsletterList;
  title: string;
  /** What joining means, above the form. */
  text: ReactNode;
  button: string;
  /** What the reader reads once the confirmation e-mail is on its way ({correo} is the address). */
  sent: (correo: string) => string;
  id: string;
}

type Status = { kind: "editing" } | { kind: "sending" } | { kind: "sent"; correo: string } | { kind: "refused"; message: string };

export function EmailSignup({ list, title, text, button, sent, id }: EmailSignupProps) {
  const session = useSession();
  const inputId = useId();
  const [correo, setCorreo] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: "editing" });

  const email = session.profile?.email;
  useEffect(() => {
    if (email) setCorreo((current) => current || email);
  }, [email]);

  const invalid = !isEmailAddress(correo);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (invalid || status.kind === "sending") return;
    setStatus({ kind: "sending" });
    try {
      const answer = await postJson(NEWSLETTER_API[list], { correo: correo.trim() });
      if (answer.status === 202) return setStatus({ kind: "sent", correo: String(answer.body.correo ?? correo.trim()) });
      // A refused address or too many requests: the reader can do something about it.
      if ((answer.status === 400 || answer.status === 429) && typeof answer.body.message === "string")
        return setStatus({ kind: "refused", message: answer.status === 400 ? EMAIL_INVALID : answer.body.message });
      console.error(`[boletines] ${NEWSLETTER_API[list]} respondió ${answer.status}`);
    } catch (error) {
      console.error(`[boletines] ${NEWSLETTER_API[list]} falló:`, (error as Error)?.message ?? error);
    }
    setStatus({ kind: "editing" });
  }

  return (
    <section className={styles.root} aria-labelledby={`${id}-titulo`} data-signup={list}>
      <h2 id={`${id}-titulo`} className={styles.title}>
        {title}
      </h2>
      <div className={styles.text}>{text}</div>
      {status.kind === "sent" ? (
        <Notice kind="success">{sent(status.correo)}</Notice>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          {status.kind === "refused" ? <Notice kind="error">{status.message}</Notice> : null}
          <Field
            id={inputId}
            name="correo"
            type="email"
            label={EMAIL_LABEL}
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            value={correo}
            onChange={(value) => {
              setCorreo(value);
              if (status.kind === "refused") setStatus({ kind: "editing" });
            }}
            error={attempted && invalid ? EMAIL_INVALID : null}
            className={styles.field}
          />
          <SubmitButton loading={status.kind === "sending"} className={`${accountStyles.button} ${styles.button}`}>
            {button}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
