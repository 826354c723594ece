// Date-times as editors think of them: Colombia's wall clock (UTC−5 all year, no daylight saving:
// domain/calendar.ts), written with the site's offset, never as UTC
// (docs/decisions/0073-publication-schedules.md). The settings form's date-time widget, the page's
// publication window and the preview's instant all go through here.
import type { WidgetProps } from "@rjsf/utils";
import { BOGOTA_OFFSET_MS, BOGOTA_UTC_OFFSET } from "../../../domain/calendar";
import { parseInstant } from "../../../runtime/schedule";

/** What a datetime-local input gives: a date and a time, with or without seconds (and their fraction). */
const CLOCK = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d)(:\d\d(\.\d+)?)?$/;

/**
 * A datetime-local value read as Colombia's time, written with its offset:
 * "2026-12-01T06:00" → "2026-12-01T06:00:00-05:00". Empty or unreadable: undefined (the setting leaves the file).
 */
export function fromColombianClock(local: string | undefined): string | undefined {
  const match = CLOCK.exec(local ?? "");
  if (!match) return undefined;
  return `${match[1]}T${match[2]}${match[3] ?? ":00"}${BOGOTA_UTC_OFFSET}`;
}

/**
 * An instant with any offset ("2026-12-01T11:00:00Z", "…-05:00", "…+01:00") on Colombia's clock, as a
 * datetime-local input shows it: "2026-12-01T06:00:00". A value without an offset (which the validator
 * refuses) or not a date-time: "".
 */
export function toColombianClock(value: unknown): string {
  const ms = parseInstant(value);
  if (ms === undefined) return "";
  return new Date(ms + BOGOTA_OFFSET_MS).toISOString().slice(0, 19);
}

/**
 * An input of Colombia's date and time (the browser's own picker, seconds included) that gives
 * onChange the instant with -05:00, or undefined when emptied. A value it cannot show (no offset)
 * is shown as written beside it, so that the editor sees what the validator refuses.
 */
export function ColombianDateTime({
  id,
  value,
  onChange,
  disabled,
  describedBy,
}: {
  id: string;
  value: unknown;
  onChange: (instant: string | undefined) => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  const shown = toColombianClock(value);
  return (
    <span className="fecha-hora">
      <input
        id={id}
        type="datetime-local"
        step={1}
        value={shown}
        disabled={disabled}
        aria-describedby={[describedBy, `${id}-zona`].filter(Boolean).join(" ")}
        onChange={(event) => onChange(fromColombianClock(event.target.value))}
      />{" "}
      <span className="nota" id={`${id}-zona`}>
        Hora de Colombia ({BOGOTA_UTC_OFFSET}){value !== undefined && value !== "" && !shown ? `; en el archivo: «${String(value)}»` : ""}
      </span>
    </span>
  );
}

/** The settings form's widget for every `"format": "date-time"` setting (rjsf's own writes UTC, "…Z"). */
export function ColombianDateTimeWidget(props: WidgetProps) {
  return (
    <ColombianDateTime
      id={props.id}
      value={props.value}
      disabled={props.disabled || props.readonly}
      describedBy={`${props.id}__description ${props.id}__error`}
      onChange={(instant) => props.onChange(instant)}
    />
  );
}
