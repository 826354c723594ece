// The date of birth of the personal-data form: day and month chosen from lists, the year typed, so
// that a reader can say 31 February and be told it does not exist (a native date input would refuse
// it silently). The rule is domain/birthDate.ts, the same the accounts API applies
// (docs/accounts.md#validation-limits); the field is required on this form ("date of birth required").
import { useId } from "react";
import { accountStyles as styles } from "../_shared/accounts/AccountUi";
import { birthDateProblem, MONTH_NAMES } from "../../domain/birthDate";
import ownStyles from "./styles.module.css";

export const BIRTH_DATE_LEGEND = "Fecha de nacimiento";
export const BIRTH_DATE_REQUIRED = "La fecha de nacimiento es obligatoria: elige el día y el mes y escribe el año.";
export const BIRTH_YEAR_FORMAT = "Escribe el año con 4 cifras, por ejemplo 1990.";
const birthYearRangeMessage = (min: number, max: number) => `El año de nacimiento debe estar entre ${min} y ${max}.`;

/** The three parts as the form holds them ("" when not given). */
export interface BirthDateInput {
  birthDay: string;
  birthMonth: string;
  birthYear: string;
}

export type BirthPart = keyof BirthDateInput;

/** What is wrong with the date typed, and which control it is about; null when it may be sent. */
export function birthDateError(input: BirthDateInput, now: Date): { part: BirthPart; message: string } | null {
  const missing = (["birthDay", "birthMonth", "birthYear"] as const).find((part) => !input[part].trim());
  if (missing) return { part: missing, message: BIRTH_DATE_REQUIRED };
  if (!/^[0-9]{4}$/.test(input.birthYear.trim())) return { part: "birthYear", message: BIRTH_YEAR_FORMAT };
  const problem = birthDateProblem({ year: Number(input.birthYear), month: Number(input.birthMonth), day: Number(input.birthDay) }, now);
  if (!problem) return null;
  const part = ({ year: "birthYear", month: "birthMonth", day: "birthDay" } as const)[problem.part];
  // Day and month come from lists: only the year can be out of range.
  return { part, message: problem.kind === "range" ? birthYearRangeMessage(problem.min, problem.max) : `${problem.message}.` };
}

export function BirthDateField({
  value,
  onChange,
  error,
}: {
  value: BirthDateInput;
  onChange: (part: BirthPart, value: string) => void;
  error: { part: BirthPart | null; message: string } | null;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = (part: BirthPart) => (error && (error.part === part || error.part === null) ? true : undefined);
  const control = (part: BirthPart) => ({
    id: `${id}-${part}`,
    className: styles.input,
    value: value[part],
    "aria-invalid": invalid(part),
    "aria-describedby": error ? errorId : undefined,
    onChange: (event: { target: { value: string } }) => onChange(part, event.target.value),
  });
  return (
    <fieldset className={ownStyles.birthDate}>
      <legend className={styles.label}>{BIRTH_DATE_LEGEND}</legend>
      <div className={ownStyles.parts}>
        <div className={styles.field}>
          <label htmlFor={`${id}-birthDay`}>Día</label>
          <select {...control("birthDay")} autoComplete="bday-day">
            <option value="">Día</option>
            {Array.from({ length: 31 }, (_, i) => (
              <option key={i + 1} value={String(i + 1)}>
                {i + 1}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-birthMonth`}>Mes</label>
          <select {...control("birthMonth")} autoComplete="bday-month">
            <option value="">Mes</option>
            {MONTH_NAMES.map((name, i) => (
              <option key={name} value={String(i + 1)}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-birthYear`}>Año</label>
          <input {...control("birthYear")} inputMode="numeric" autoComplete="bday-year" maxLength={4} placeholder="AAAA" />
        </div>
      </div>
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error.message}
        </p>
      ) : null}
    </fieldset>
  );
}
