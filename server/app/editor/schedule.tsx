// The publication windows in the page editor (docs/editor-tools.md#page-editor): a block's badge in
// the list of blocks, and the instant the preview shows the page at.
import { BOGOTA_UTC_OFFSET } from "../../../domain/calendar";
import { hasWindow, parseInstant, windowAt, type WindowState } from "../../../runtime/schedule";
import type { PublicationWindow } from "../../../runtime/types";

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
      Ver en el instante{" "}
      <input
        type="datetime-local"
        step={1}
        onChange={(event) => {
          const local = event.target.value;
          onChange(local ? `${local.length === 16 ? `${local}:00` : local}${BOGOTA_UTC_OFFSET}` : "");
        }}
      />{" "}
      <span className="nota">{BOGOTA_UTC_OFFSET} (hora de Colombia)</span>
    </label>
  );
}
