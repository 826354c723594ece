// Pickers for the settings that name a section, collection, tag, author, gallery or navigation tree
// ("refersTo" in the schema, runtime/setting-references.ts): the editor types part of a name, the
// editor's lookup (GET /_editor/api/buscar) offers what the brand's content has, and choosing an
// option writes its id. The current value is shown by its name, or flagged when it names nothing
// ("No existe: /antigua-seccion"). A map or list of ids (autorIds) gets a list of chosen names and
// a picker that adds one. An accessible combobox (ARIA 1.2 pattern): arrows move, Enter chooses,
// Escape closes.
import { useCallback, useEffect, useId, useState, type KeyboardEvent } from "react";
import type { FieldProps, UiSchema, WidgetProps } from "@rjsf/utils";
import type { LookupItem, LookupKind } from "../../content/lookup";

/** What the settings form passes its pickers (the Form's formContext). */
export interface PickerContext {
  /** The page's brand: what is offered is that brand's content. */
  brand?: string;
}

/** A pause in the typing before the lookup is asked. */
const TYPING_PAUSE_MS = 200;

/** Spanish names of what each kind of setting names, for labels and messages. */
const NOUNS: Record<LookupKind, string> = {
  section: "sección",
  collection: "colección",
  tag: "etiqueta",
  author: "autor",
  gallery: "galería",
  navigation: "árbol de navegación",
};

const isPicked = (kind: unknown): kind is LookupKind => typeof kind === "string" && kind in NOUNS;

/** The form's widget or field for a setting that names content; nothing for another setting (or a content source: a select). */
export function referenceUi(property: any): UiSchema {
  if (!isPicked(property?.refersTo)) return {};
  if (property.type === "string") return { "ui:widget": ReferencePicker };
  if (property.type === "object" || property.type === "array") return { "ui:field": ReferenceListField };
  return {};
}

async function lookup(params: Record<string, string | string[]>, signal: AbortSignal): Promise<LookupItem[]> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const one of [value].flat()) query.append(name, one);
  const response = await fetch(`/_editor/api/buscar?${query}`, { signal });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error ?? `HTTP ${response.status}`);
  return answer.items;
}

/** The names of `ids` (null: it names nothing), asked once each; `remember` records a chosen item's. */
function useNames(kind: LookupKind, brand: string | undefined, ids: string[]) {
  const [names, setNames] = useState<Map<string, LookupItem | null>>(() => new Map());
  const wanted = [...new Set(ids.filter((id) => !names.has(id)))].join("\n");
  useEffect(() => {
    if (!wanted || !brand) return;
    const controller = new AbortController();
    const asked = wanted.split("\n");
    lookup({ kind, brand, id: asked }, controller.signal).then(
      (items) =>
        setNames((known) => {
          const next = new Map(known);
          for (const id of asked) next.set(id, items.find((item) => item.id === id) ?? null);
          return next;
        }),
      // Not answered: the value is shown as written, unflagged.
      () => {},
    );
    return () => controller.abort();
  }, [kind, brand, wanted]);
  const remember = useCallback((item: LookupItem) => setNames((known) => new Map(known).set(item.id, item)), []);
  return { names, remember };
}

/**
 * The search box: typing asks the lookup after a short pause; the options are a listbox the arrows
 * move through; Enter or a click chooses. Shows `idle` when the editor is not typing. The last
 * option writes the typed text as it is, for an id the content here does not have.
 */
function Combobox({
  id,
  kind,
  brand,
  idle,
  placeholder,
  describedBy,
  onChoose,
}: {
  id: string;
  kind: LookupKind;
  brand: string | undefined;
  idle: string;
  placeholder: string;
  describedBy?: string;
  /** The id chosen, with its item when it is one the lookup found (not the text as typed). */
  onChoose: (id: string, item?: LookupItem) => void;
}) {
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [found, setFound] = useState<{ for: string; items: LookupItem[] } | null>(null);
  const [failed, setFailed] = useState("");
  const [active, setActive] = useState(0);
  const query = (text ?? "").trim();

  useEffect(() => {
    if (!open || !brand) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      lookup({ kind, brand, q: query }, controller.signal).then(
        (items) => {
          setFound({ for: query, items });
          setFailed("");
          setActive(0);
        },
        (error) => !controller.signal.aborted && setFailed(String(error?.message ?? error)),
      );
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, kind, brand, query]);

  const current = found?.for === query ? found.items : null;
  const typed = query && current && !current.some((item) => item.id === query) ? [{ id: query, name: `Usar «${query}» tal cual`, typed: true }] : [];
  const options: Array<LookupItem & { typed?: boolean }> = current ? [...current, ...typed] : [];
  const listId = `${id}-opciones`;
  const optionId = (index: number) => `${id}-opcion-${index}`;
  const close = () => {
    setOpen(false);
    setText(null);
  };
  const choose = (item: LookupItem & { typed?: boolean }) => {
    onChoose(item.id, item.typed ? undefined : item);
    close();
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return setOpen(true);
      if (options.length) setActive((active + (event.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
    } else if (event.key === "Enter") {
      // Never the form's submit.
      event.preventDefault();
      if (open && options[active]) choose(options[active]);
    } else if (event.key === "Escape" && (open || text !== null)) {
      event.preventDefault();
      close();
    }
  };
  const expanded = open && options.length > 0;
  const status = !open
    ? ""
    : failed
      ? `No se pudo buscar: ${failed}`
      : !current
        ? "Buscando…"
        : current.length
          ? `${current.length} resultado(s).`
          : `Sin resultados para «${query}».`;

  return (
    <div className="selector-busqueda">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && options[active] ? optionId(active) : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={placeholder}
        value={text ?? idle}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onKeyDown={keyDown}
        onBlur={close}
      />
      <ul role="listbox" id={listId} aria-label={`Opciones de ${NOUNS[kind]}`} hidden={!expanded}>
        {options.map((item, index) => (
          <li
            key={`${index}-${item.id}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keeps the focus in the box, so that the click lands before it closes.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(item)}
          >
            {item.name} {!item.typed && <small>{[item.id, item.detail].filter((part) => part && part !== item.name).join(" · ")}</small>}
          </li>
        ))}
      </ul>
      {/* Announced as it changes; no "status" role: the editor's bar is the page's status. */}
      <span aria-live="polite" className="nota">
        {status}
      </span>
    </div>
  );
}

/** The picker of a setting whose value is one id. */
function ReferencePicker({ id, value, onChange, schema, registry, placeholder }: WidgetProps) {
  const kind = schema.refersTo as LookupKind;
  const brand = (registry.formContext as PickerContext | undefined)?.brand;
  const written = typeof value === "string" && value ? value : undefined;
  const { names, remember } = useNames(kind, brand, written ? [written] : []);
  const named = written ? names.get(written) : undefined;
  return (
    <div className="selector">
      <Combobox
        id={id}
        kind={kind}
        brand={brand}
        idle={named?.name ?? written ?? ""}
        placeholder={`Buscar ${NOUNS[kind]}…`}
        describedBy={`${id}-valor`}
        onChoose={(chosen, item) => {
          if (item) remember(item);
          onChange(chosen);
        }}
      />
      <p id={`${id}-valor`} className="nota">
        {!written ? (
          placeholder || "Sin valor."
        ) : named === null ? (
          <span className="problema">No existe: {written}</span>
        ) : (
          <>
            Se escribe <code>{written}</code>
          </>
        )}{" "}
        {written && (
          <button type="button" onClick={() => onChange(undefined)} aria-label={`Quitar ${named?.name ?? written}`}>
            Quitar
          </button>
        )}
      </p>
    </div>
  );
}

/** The ids of a list (["a", "b"]) or of a map in its order ({ "1": "a", "2": "b" }, as author-carousel's autorIds). */
const idsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value && typeof value === "object" ? Object.values(value) : []).filter((id): id is string => typeof id === "string");

/** The picker of a setting whose value is a list or a map of ids: the chosen ones in order, and a box that adds one. */
function ReferenceListField({ schema, formData, onChange, fieldPathId, registry, name, required }: FieldProps) {
  const kind = schema.refersTo as LookupKind;
  const brand = (registry.formContext as PickerContext | undefined)?.brand;
  const ids = idsOf(formData);
  const { names, remember } = useNames(kind, brand, ids);
  const labelId = useId();
  const id = fieldPathId.$id;
  // A map is written with the keys "1", "2"… in the order shown; an empty one leaves the setting out.
  const write = (next: string[]) =>
    onChange(
      !next.length ? undefined : schema.type === "array" ? next : Object.fromEntries(next.map((value, index) => [String(index + 1), value])),
      fieldPathId.path,
    );
  const title = schema.title ?? name;
  return (
    <div className="selector">
      <span className="etiqueta" id={labelId}>
        {title}
        {required ? "*" : ""}
      </span>
      {schema.description && <p className="field-description">{schema.description}</p>}
      <ul aria-labelledby={labelId} className="elegidos">
        {ids.map((value, index) => {
          const named = names.get(value);
          return (
            <li key={`${index}-${value}`}>
              {named?.name ?? value} <code>{value}</code>
              {named === null && (
                <>
                  {" "}
                  <span className="problema">No existe: {value}</span>
                </>
              )}{" "}
              <button type="button" aria-label={`Quitar ${named?.name ?? value}`} onClick={() => write(ids.filter((_, at) => at !== index))}>
                Quitar
              </button>
            </li>
          );
        })}
      </ul>
      <label htmlFor={`${id}-anadir`}>Añadir {NOUNS[kind]}</label>
      <Combobox
        id={`${id}-anadir`}
        kind={kind}
        brand={brand}
        idle=""
        placeholder={`Buscar ${NOUNS[kind]}…`}
        onChoose={(chosen, item) => {
          if (item) remember(item);
          if (!ids.includes(chosen)) write([...ids, chosen]);
        }}
      />
    </div>
  );
}
