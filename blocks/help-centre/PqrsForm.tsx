// The PQRS form (docs/help-centre.md#pqrs-form): checked in the browser with the server's own rules
// (domain/pqrs.ts) before it is sent, then posted as JSON; the server stores it, answers its
// radicado and e-mails the acknowledgement. A signed-in reader finds their e-mail filled in.
import { useEffect, useId, useState, type FormEvent } from "react";
import {
  checkPqrs,
  PQRS_API_PATH,
  PQRS_FIELDS,
  PQRS_FORM_TITLE,
  PQRS_KIND_LABELS,
  PQRS_KINDS,
  PQRS_LIMITS,
  type PqrsErrors,
  type PqrsField,
} from "../../domain/pqrs";
import { accountStyles, Field, Notice, SubmitButton } from "../_shared/accounts/AccountUi";
import { postJson } from "../_shared/postJson";
import { useSession } from "../_shared/accounts/session";
import styles from "./styles.module.css";

export const PQRS_SUBMIT = "Enviar solicitud";
const PQRS_SEND_FAILED = "No pudimos enviar tu solicitud. Revisa tu conexión e intenta de nuevo.";
const AUTHORISATION_LABEL = "Autorizo el tratamiento de mis datos personales para atender esta solicitud, según la política de tratamiento de datos.";

interface Values {
  tipo: string;
  nombre: string;
  correo: string;
  telefono: string;
  asunto: string;
  mensaje: string;
  autorizacion: boolean;
}

const EMPTY: Values = { tipo: "", nombre: "", correo: "", telefono: "", asunto: "", mensaje: "", autorizacion: false };

type Status = { kind: "editing" } | { kind: "sending" } | { kind: "sent"; radicado: string; correo: string } | { kind: "failed"; message: string };

/** The request body: an empty optional phone is left out. */
function bodyOf(values: Values) {
  const { telefono, ...rest } = values;
  return telefono.trim() ? { ...rest, telefono } : rest;
}

function radicadoMessage(radicado: string, correo: string): string {
  return `Recibimos tu solicitud. Quedó radicada con el número ${radicado}; te enviamos la confirmación a ${correo}.`;
}

/**
 * `headingLevel`: 3 inside the help centre's sub-card (under its h2), 2 on a page of its own (/enos/,
 * under the page's h1); `title` replaces 'Radica tu PQRS'.
 */
export function PqrsForm({ headingLevel = 3, title = PQRS_FORM_TITLE }: { headingLevel?: 2 | 3; title?: string }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const session = useSession();
  const baseId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<PqrsErrors>({});
  const [status, setStatus] = useState<Status>({ kind: "editing" });

  // A signed-in reader's e-mail, once known, unless they already typed one.
  const email = session.profile?.email;
  useEffect(() => {
    if (email) setValues((current) => (current.correo ? current : { ...current, correo: email }));
  }, [email]);

  const checked = checkPqrs(bodyOf(values));
  const errors: PqrsErrors = attempted ? { ...(checked.ok ? {} : checked.errors), ...serverErrors } : {};
  const set = (field: PqrsField) => (value: string | boolean) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      const { [field]: _dropped, ...rest } = current;
      return rest;
    });
  };
  const fieldId = (field: PqrsField) => `${baseId}-${field}`;
  const describedBy = (field: PqrsField) => (errors[field] ? `${fieldId(field)}-error` : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (status.kind === "sending") return;
    if (!checked.ok) {
      const first = PQRS_FIELDS.find((field) => checked.errors[field]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setStatus({ kind: "sending" });
    try {
      const answer = await postJson(PQRS_API_PATH, bodyOf(values));
      if (answer.status === 201 && typeof answer.body.radicado === "string") {
        setStatus({ kind: "sent", radicado: answer.body.radicado, correo: String(answer.body.correo ?? values.correo) });
        return;
      }
      if (answer.status === 400 && answer.body.errors && typeof answer.body.errors === "object") {
        setServerErrors(answer.body.errors as PqrsErrors);
        setStatus({ kind: "editing" });
        return;
      }
      setStatus({ kind: "failed", message: typeof answer.body.message === "string" ? answer.body.message : PQRS_SEND_FAILED });
    } catch {
      setStatus({ kind: "failed", message: PQRS_SEND_FAILED });
    }
  }

  if (status.kind === "sent")
    return (
      <div className={styles.form} data-pqrs-sent={status.radicado}>
        <Notice kind="success">{radicadoMessage(status.radicado, status.correo)}</Notice>
        <button
          type="button"
          className={`${accountStyles.button} ${accountStyles.secondary}`}
          onClick={() => {
            setValues({ ...EMPTY, correo: values.correo });
            setAttempted(false);
            setStatus({ kind: "editing" });
          }}
        >
          Enviar otra solicitud
        </button>
      </div>
    );

  const error = (field: PqrsField) =>
    errors[field] ? (
      <p id={`${fieldId(field)}-error`} className={accountStyles.fieldError}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${baseId}-titulo`}>
      <Heading id={`${baseId}-titulo`} className={styles.formTitle}>
        {title}
      </Heading>
      {status.kind === "failed" ? <Notice kind="error">{status.message}</Notice> : null}
      <div className={accountStyles.field}>
        <label className={accountStyles.label} htmlFor={fieldId("tipo")}>
          Tipo de solicitud
        </label>
        <select
          id={fieldId("tipo")}
          name="tipo"
          className={accountStyles.input}
          value={values.tipo}
          onChange={(event) => set("tipo")(event.target.value)}
          aria-invalid={errors.tipo ? true : undefined}
          aria-describedby={describedBy("tipo")}
        >
          <option value="">Elige una opción</option>
          {PQRS_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {PQRS_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
        {error("tipo")}
      </div>
      <Field
        id={fieldId("nombre")}
        name="nombre"
        label="Nombre completo"
        autoComplete="name"
        maxLength={PQRS_LIMITS.nombre.max}
        value={values.nombre}
        onChange={set("nombre")}
        error={errors.nombre}
      />
      <Field
        id={fieldId("correo")}
        name="correo"
        type="email"
        label="Correo electrónico"
        autoComplete="email"
        maxLength={PQRS_LIMITS.correo.max}
        value={values.correo}
        onChange={set("correo")}
        error={errors.correo}
        hint="Allí te enviaremos el número de radicado y la respuesta."
      />
      <Field
        id={fieldId("telefono")}
        name="telefono"
        type="tel"
        label="Teléfono (opcional)"
        autoComplete="tel"
        inputMode="tel"
        maxLength={20}
        value={values.telefono}
        onChange={set("telefono")}
        error={errors.telefono}
      />
      <Field
        id={fieldId("asunto")}
        name="asunto"
        label="Asunto"
        maxLength={PQRS_LIMITS.asunto.max}
        value={values.asunto}
        onChange={set("asunto")}
        error={errors.asunto}
      />
      <div className={accountStyles.field}>
        <label className={accountStyles.label} htmlFor={fieldId("mensaje")}>
          Tu solicitud
        </label>
        <textarea
          id={fieldId("mensaje")}
          name="mensaje"
          className={`${accountStyles.input} ${styles.textarea}`}
          rows={6}
          maxLength={PQRS_LIMITS.mensaje.max}
          value={values.mensaje}
          onChange={(event) => set("mensaje")(event.target.value)}
          aria-invalid={errors.mensaje ? true : undefined}
          aria-describedby={describedBy("mensaje")}
        />
        {error("mensaje")}
      </div>
      <div className={accountStyles.field}>
        <label className={accountStyles.check}>
          <input
            id={fieldId("autorizacion")}
            type="checkbox"
            name="autorizacion"
            checked={values.autorizacion}
            onChange={(event) => set("autorizacion")(event.target.checked)}
            aria-invalid={errors.autorizacion ? true : undefined}
            aria-describedby={describedBy("autorizacion")}
          />
          <span>{AUTHORISATION_LABEL}</span>
        </label>
        {error("autorizacion")}
      </div>
      <SubmitButton loading={status.kind === "sending"}>{PQRS_SUBMIT}</SubmitButton>
    </form>
  );
}
