// The publication windows in the page editor (docs/editor-tools.md#page-editor): a block's badge in
// the list of blocks, the page's own window, and the instant the preview shows the page at.
import { BOGOTA_UTC_OFFSET } from "../../../domain/calendar";
import { hasWindow, parseInstant, windowAt, type WindowState } from "../../../runtime/schedule";
import type { PublicationWindow } from "../../../runtime/types";
import { ColombianDateTime, fromColombianClock } from "./colombian-time";
import type { Page, Problem } from "./page-data";
import type { ChangePage } from "./page-history";

const STATES: Record<WindowState, string> = { pending: "Pendiente", live: "En curso", expired: "Vencido" };

const colombian = new Intl.DateTimeFormat("es-CO", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "America/Bogota",
});

const when = (value: unknown) => {
  const ms = parseInstant(value);
  return ms === undefined ? String(value) : colombian.format(ms);
};

/** "Programado: desde … hasta …" (Colombia's time) and whether the block is pending, showing or over at `at` (epoch ms). */
export function ScheduleBadge({ window, at }: { window?: PublicationWindow; at: number }) {
  if (!window || !hasWindow(window)) return null;
  const state = windowAt(window, at).state;
  const from = window.publishFrom ? ` desde ${when(window.publishFrom)}` : "";
  const until = window.publishUntil ? ` hasta ${when(window.publishUntil)}` : "";
  return (
    <span className="programado" data-estado={state}>
      Programado:{from}
      {until} · {STATES[state]}
    </span>
  );
}

/**
 * "Ver en el instante": a moment of Colombia's clock (datetime-local plus the site's offset), given to
 * onChange as "2026-12-01T06:00:00-05:00", or "" for now.
 */
export function PreviewInstant({ onChange }: { onChange: (instant: string) => void }) {
  return (
    <label>
      Ver en el instante <input type="datetime-local" step={1} onChange={(event) => onChange(fromColombianClock(event.target.value) ?? "")} />{" "}
      <span className="nota">{BOGOTA_UTC_OFFSET} (hora de Colombia)</span>
    </label>
  );
}

const PAGE_WINDOW = [
  { key: "publishFrom", label: "Publicar desde", help: "Antes, la ruta responde como si la página no existiera. Vacío: desde ya." },
  { key: "publishUntil", label: "Publicar hasta", help: "Desde ese instante la página deja de existir. Vacío: sin fin." },
] as const;

/**
 * The page's own publication window (its top-level publishFrom and publishUntil), with the settings
 * form's date-time input; emptied, a key leaves the file. Templates take none (the validator refuses it).
 */
export function PageSchedule({ page, change, problems, at }: { page: Page; change: ChangePage; problems: Problem[]; at: number }) {
  if (page.template)
    return (
      <fieldset className="ventana-pagina">
        <legend>Publicación de la página</legend>
        <p className="nota">Una plantilla no tiene ventana de publicación; sus bloques sí.</p>
      </fieldset>
    );
  return (
    <fieldset className="ventana-pagina">
      <legend>Publicación de la página</legend>
      <ScheduleBadge window={page as PublicationWindow} at={at} />
      {PAGE_WINDOW.map(({ key, label, help }) => {
        const id = `pagina-${key}`;
        const errors = problems.filter((problem) => problem.pointer === `/${key}`);
        return (
          <div key={key}>
            <label htmlFor={id}>{label}</label>
            <p className="nota" id={`${id}-ayuda`}>
              {help}
            </p>
            <ColombianDateTime
              id={id}
              value={page[key]}
              describedBy={`${id}-ayuda`}
              onChange={(instant) =>
                change((draft) => {
                  if (instant === undefined) delete draft[key];
                  else draft[key] = instant;
                })
              }
            />
            {errors.map((problem, i) => (
              <p className="problema" key={i}>
                {problem.message}
              </p>
            ))}
          </div>
        );
      })}
    </fieldset>
  );
}
