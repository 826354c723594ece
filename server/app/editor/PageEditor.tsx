// One page in the editor: its regions and blocks, the palette, the selected block's settings form
// (@rjsf/core, from the block's schema.json), the validator's problems on their fields, the preview
// through the real runtime, undo and redo, and saving. Loaded in the browser only (its own chunk).
// The Form itself: the package index also loads its test registry, which needs a validator we do not ship.
import Form from "@rjsf/core/lib/components/Form.js";
import type { ErrorSchema, Experimental_DefaultFormStateBehavior, RJSFSchema, UiSchema, ValidatorType } from "@rjsf/utils";
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from "react";

type Page = {
  layout?: string;
  route?: string;
  template?: string;
  brand?: string;
  outputType?: string;
  regions: Record<string, Block[]>;
  [key: string]: unknown;
};
type Block = { type: string; id: string; settings?: Record<string, unknown>; [key: string]: unknown };
interface Problem {
  pointer: string;
  message: string;
  line: number;
  column: number;
  file: string;
  value?: unknown;
}
interface Schemas {
  layouts: Record<string, string[]>;
  sources: string[];
  blocks: Array<{ type: string; title: string; description: string; outputTypes: string[]; schema: RJSFSchema }>;
}

/**
 * The forms are checked by the project's own validator on the server (tooling/page-files.ts, the same
 * problems as npm run validate:pages), not in the browser: the page's Content-Security-Policy has no
 * 'unsafe-eval' for a schema compiler, and one validator means one set of messages.
 */
const serverValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({}),
};

/**
 * The form never writes a value the editor did not set: no defaults, consts or array items filled in
 * (a default written into the file would change it where nobody edited, and an empty value filled
 * in by the form could be one the validator refuses, which holds the preview back). Defaults are
 * shown as the fields' placeholders instead (uiFor).
 */
const NO_FILLED_DEFAULTS: Experimental_DefaultFormStateBehavior = {
  emptyObjectFields: "skipDefaults",
  constAsDefaults: "never",
  arrayMinItems: { populate: "never" },
  requiredBooleanDefault: "skip",
  allOf: "skipDefaults",
};

/** Each setting's default as its placeholder ("Por defecto: 5"), nested objects included. */
function uiFor(schema: any): UiSchema {
  const ui: UiSchema = {};
  for (const [name, property] of Object.entries<any>(schema?.properties ?? {})) {
    const own: UiSchema = property?.type === "object" ? uiFor(property) : {};
    if (property && property.default !== undefined && property.type !== "object" && property.type !== "array") {
      own["ui:placeholder"] = `Por defecto: ${typeof property.default === "string" ? property.default : JSON.stringify(property.default)}`;
    }
    if (Object.keys(own).length) ui[name] = own;
  }
  return ui;
}

/** The validator's problems of one block's settings as the form library's error tree. */
function errorsFor(problems: Problem[], prefix: string): ErrorSchema {
  const tree: any = {};
  for (const problem of problems) {
    if (!problem.pointer.startsWith(`${prefix}/`) && problem.pointer !== prefix) continue;
    const segments = problem.pointer.slice(prefix.length).split("/").filter(Boolean);
    let node = tree;
    for (const segment of segments) node = node[segment] ??= {};
    (node.__errors ??= []).push(problem.message + (problem.value === undefined ? "" : ` (${JSON.stringify(problem.value)})`));
  }
  return tree;
}

/** Offers the known content sources for every "source" setting. */
function withSources(schema: any, sources: string[]): any {
  if (!schema || typeof schema !== "object") return schema;
  if (Array.isArray(schema)) return schema.map((item) => withSources(item, sources));
  const out: any = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties" && value && typeof value === "object") {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, any>).map(([name, property]) => [
          name,
          name === "source" && property?.type === "string" && !property.enum ? { ...property, enum: sources } : withSources(property, sources),
        ]),
      );
    } else out[key] = withSources(value, sources);
  }
  return out;
}

const clone = <T,>(value: T): T => JSON.parse(JSON.stringify(value));

export default function PageEditor({ file }: { file: string }) {
  const [schemas, setSchemas] = useState<Schemas | null>(null);
  const [history, setHistory] = useState<{ past: Page[]; present: Page | null; future: Page[] }>({ past: [], present: null, future: [] });
  const [saved, setSaved] = useState<string>("");
  const [selected, setSelected] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [width, setWidth] = useState<390 | 1366>(1366);
  const [message, setMessage] = useState("");
  const [loadError, setLoadError] = useState("");
  const [palette, setPalette] = useState({ type: "", region: "" });
  const [path, setPath] = useState("");
  const dragged = useRef<{ region: string; index: number } | null>(null);
  const page = history.present;
  const presentRef = useRef<Page | null>(null);
  presentRef.current = page;

  useEffect(() => {
    Promise.all([fetch("/_editor/api/esquemas").then((r) => r.json()), fetch(`/_editor/api/pagina?archivo=${encodeURIComponent(file)}`).then((r) => r.json())])
      .then(([loadedSchemas, loaded]) => {
        if (loaded.error) return setLoadError(loaded.error);
        setSchemas(loadedSchemas);
        const parsed = JSON.parse(loaded.text);
        setSaved(JSON.stringify(parsed));
        setHistory({ past: [], present: parsed, future: [] });
        setPath(typeof loaded.previewPath === "string" ? loaded.previewPath : "/");
      })
      .catch((error) => setLoadError(String(error)));
  }, [file]);

  // Every change: the validator's problems and a preview site for the unsaved page.
  useEffect(() => {
    if (!page) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setChecking(true);
      fetch("/_editor/api/vista-previa", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ archivo: file, pagina: page }),
        signal: controller.signal,
      })
        .then((r) => r.json())
        .then((answer) => {
          setProblems(answer.problems ?? []);
          if (answer.id) setPreviewId(answer.id);
          setChecking(false);
        })
        .catch(() => {});
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [page, file]);

  const change = useCallback((edit: (draft: Page) => void) => {
    // A change that changes nothing (a form's first render) is no step to undo, nor clears the message.
    const changes = (present: Page) => {
      const next = clone(present);
      edit(next);
      return JSON.stringify(next) === JSON.stringify(present) ? null : next;
    };
    if (presentRef.current && !changes(presentRef.current)) return;
    setHistory((history) => {
      const next = history.present && changes(history.present);
      return next ? { past: [...history.past, history.present!].slice(-200), present: next, future: [] } : history;
    });
    setMessage("");
  }, []);
  const undo = useCallback(
    () =>
      setHistory(({ past, present, future }) =>
        past.length && present ? { past: past.slice(0, -1), present: past[past.length - 1], future: [present, ...future] } : { past, present, future },
      ),
    [],
  );
  const redo = useCallback(
    () =>
      setHistory(({ past, present, future }) =>
        future.length && present ? { past: [...past, present], present: future[0], future: future.slice(1) } : { past, present, future },
      ),
    [],
  );

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || (event.target as HTMLElement)?.closest?.("input, textarea, select")) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if (key === "y" || (key === "z" && event.shiftKey)) {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  const regions = useMemo(() => {
    if (!page) return [];
    const declared = (page.layout && schemas?.layouts[page.layout]) || [];
    return [...new Set([...declared, ...Object.keys(page.regions ?? {})])];
  }, [page, schemas]);

  if (loadError)
    return (
      <p className="problema">
        No se pudo abrir {file}: {loadError}
      </p>
    );
  if (!page || !schemas) return <p>Cargando {file}…</p>;

  const blockTypes = new Map(schemas.blocks.map((block) => [block.type, block]));
  const where = (id: string) => {
    for (const region of regions) {
      const index = (page.regions[region] ?? []).findIndex((block) => block.id === id);
      if (index >= 0) return { region, index };
    }
    return null;
  };
  const current = selected ? where(selected) : null;
  const selectedBlock = current ? page.regions[current.region][current.index] : null;
  const dirty = JSON.stringify(page) !== saved;

  /** Moves a block to a region and position (the keyboard's and drag and drop's one move). */
  const moveTo = (id: string, region: string, index: number) =>
    change((draft) => {
      const from = regions.find((r) => (draft.regions[r] ?? []).some((b) => b.id === id));
      if (!from) return;
      const list = draft.regions[from];
      const at = list.findIndex((b) => b.id === id);
      const [block] = list.splice(at, 1);
      const target = (draft.regions[region] ??= []);
      target.splice(from === region && at < index ? index - 1 : index, 0, block);
    });

  const focusBlock = (id: string) => requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(id)}"]`)?.focus());

  const onBlockKey = (event: KeyboardEvent<HTMLLIElement>, id: string) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    const at = where(id);
    if (!at) return;
    const regionIndex = regions.indexOf(at.region);
    const length = (page.regions[at.region] ?? []).length;
    if (event.key === "ArrowUp") {
      if (at.index > 0) moveTo(id, at.region, at.index - 1);
      else if (regionIndex > 0) moveTo(id, regions[regionIndex - 1], (page.regions[regions[regionIndex - 1]] ?? []).length);
    } else if (at.index < length - 1) moveTo(id, at.region, at.index + 2);
    else if (regionIndex < regions.length - 1) moveTo(id, regions[regionIndex + 1], 0);
    focusBlock(id);
  };

  const uniqueId = (base: string) => {
    const taken = new Set(regions.flatMap((region) => (page.regions[region] ?? []).map((block) => block.id)));
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
    return candidate;
  };

  const save = async () => {
    setMessage("Guardando…");
    const response = await fetch("/_editor/api/pagina", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ archivo: file, pagina: page }),
    });
    const answer = await response.json();
    if (!response.ok) {
      setProblems(answer.problems ?? []);
      setMessage(`No se guardó: ${answer.error}`);
      return;
    }
    setSaved(JSON.stringify(page));
    setMessage(answer.saved ? "Guardado." : "Sin cambios que guardar.");
  };

  const problemsOf = (region: string, index: number) =>
    problems.filter((p) => p.pointer.startsWith(`/regions/${region}/${index}/`) || p.pointer === `/regions/${region}/${index}`);
  const pageProblems = problems.filter((p) => !p.pointer.startsWith("/regions/"));
  const typeSchema = selectedBlock ? blockTypes.get(selectedBlock.type) : undefined;

  return (
    <div>
      <div className="editor-barra">
        <strong>{file}</strong>
        <button type="button" onClick={undo} disabled={!history.past.length}>
          Deshacer
        </button>
        <button type="button" onClick={redo} disabled={!history.future.length}>
          Rehacer
        </button>
        <button type="button" onClick={save} disabled={!dirty || problems.length > 0 || checking} data-testid="guardar">
          Guardar
        </button>
        <span role="status">
          {problems.length ? `${problems.length} problema(s): corríjalos para guardar.` : checking ? "Comprobando…" : dirty ? "Cambios sin guardar." : ""}{" "}
          {message}
        </span>
      </div>
      {pageProblems.length > 0 && (
        <ul className="problema">
          {pageProblems.map((p, i) => (
            <li key={i}>
              {p.pointer || "/"} {p.message}
            </li>
          ))}
        </ul>
      )}
      <div className="editor">
        <section className="editor-regiones" aria-label="Regiones y bloques">
          <p className="nota">Arrastre los bloques, o enfóquelos y use Alt+↑ / Alt+↓ para moverlos (también entre regiones).</p>
          {regions.map((region) => (
            <div key={region}>
              <h3>{region}</h3>
              <ol
                data-region={region}
                onDragOver={(event: DragEvent) => event.preventDefault()}
                onDrop={(event: DragEvent) => {
                  event.preventDefault();
                  const from = dragged.current;
                  if (!from) return;
                  const id = page.regions[from.region]?.[from.index]?.id;
                  if (id) moveTo(id, region, (page.regions[region] ?? []).length);
                  dragged.current = null;
                }}
              >
                {(page.regions[region] ?? []).map((block, index) => {
                  const own = problemsOf(region, index);
                  const published = block.settings?.published === true;
                  return (
                    <li
                      key={block.id}
                      data-block-id={block.id}
                      tabIndex={0}
                      draggable
                      aria-selected={selected === block.id}
                      className={own.length ? "con-problemas" : undefined}
                      onClick={() => setSelected(block.id)}
                      onKeyDown={(event) => onBlockKey(event, block.id)}
                      onDragStart={() => (dragged.current = { region, index })}
                      onDrop={(event: DragEvent) => {
                        event.preventDefault();
                        event.stopPropagation();
                        const from = dragged.current;
                        const id = from && page.regions[from.region]?.[from.index]?.id;
                        if (id && id !== block.id) moveTo(id, region, index);
                        dragged.current = null;
                      }}
                    >
                      <strong>{block.id}</strong> <code>{block.type}</code>
                      {own.length > 0 && <span className="problema"> · {own.length} problema(s)</span>}
                      <div className="acciones">
                        <label>
                          <input
                            type="checkbox"
                            checked={published}
                            onChange={() => change((draft) => void ((draft.regions[region][index].settings ??= {}).published = !published))}
                          />{" "}
                          Publicado
                        </label>
                        <button type="button" onClick={() => setSelected(block.id)}>
                          Ajustes
                        </button>
                        <button
                          type="button"
                          onClick={() => change((draft) => draft.regions[region].splice(index + 1, 0, { ...clone(block), id: uniqueId(`${block.id}-copia`) }))}
                        >
                          Duplicar
                        </button>
                        <button type="button" onClick={() => change((draft) => void draft.regions[region].splice(index, 1))}>
                          Quitar
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ol>
            </div>
          ))}
          <fieldset>
            <legend>Añadir un bloque</legend>
            <select aria-label="Tipo de bloque" value={palette.type} onChange={(event) => setPalette({ ...palette, type: event.target.value })}>
              <option value="">Elija un bloque…</option>
              {schemas.blocks
                .filter((block) => block.outputTypes.includes(page.outputType ?? "html"))
                .map((block) => (
                  <option key={block.type} value={block.type} title={block.description}>
                    {block.type} — {block.description.slice(0, 90)}
                  </option>
                ))}
            </select>
            <select aria-label="Región" value={palette.region} onChange={(event) => setPalette({ ...palette, region: event.target.value })}>
              <option value="">Región…</option>
              {regions.map((region) => (
                <option key={region}>{region}</option>
              ))}
            </select>
            <button
              type="button"
              disabled={!palette.type || !palette.region}
              onClick={() => {
                const id = uniqueId(palette.type);
                change((draft) => (draft.regions[palette.region] ??= []).push({ type: palette.type, id, settings: { published: false } }));
                setSelected(id);
              }}
            >
              Añadir
            </button>
          </fieldset>
        </section>
        <section className="editor-formulario" aria-label="Ajustes del bloque">
          {selectedBlock && current && typeSchema ? (
            <>
              <h2>
                {selectedBlock.id} <code>{selectedBlock.type}</code>
              </h2>
              <p className="nota">{typeSchema.description}</p>
              <Form
                key={selectedBlock.id}
                schema={withSources(typeSchema.schema, schemas.sources)}
                uiSchema={uiFor(typeSchema.schema)}
                formData={selectedBlock.settings ?? {}}
                experimental_defaultFormStateBehavior={NO_FILLED_DEFAULTS}
                validator={serverValidator}
                extraErrors={errorsFor(problems, `/regions/${current.region}/${current.index}/settings`)}
                showErrorList={false}
                noHtml5Validate
                idPrefix={`ajustes-${selectedBlock.id}`}
                onChange={({ formData }) =>
                  change((draft) => {
                    const at = draft.regions[current.region][current.index];
                    at.settings = formData;
                  })
                }
              >
                <></>
              </Form>
            </>
          ) : (
            <p className="nota">Elija un bloque para ver sus ajustes.</p>
          )}
        </section>
        <section className="editor-vista" aria-label="Vista previa">
          <div className="editor-barra">
            <button type="button" aria-pressed={width === 390} onClick={() => setWidth(390)}>
              Teléfono (390×844)
            </button>
            <button type="button" aria-pressed={width === 1366} onClick={() => setWidth(1366)}>
              Escritorio (1366×768)
            </button>
            <label>
              Dirección <input value={path} onChange={(event) => setPath(event.target.value)} size={24} />
            </label>
          </div>
          {previewId ? (
            <div className="marco" style={{ width: width === 390 ? 390 * 0.8 : 1366 * 0.4, height: width === 390 ? 844 * 0.8 : 768 * 0.4 }}>
              <iframe
                title="Vista previa"
                name="vista-previa"
                src={`${path}${path.includes("?") ? "&" : "?"}_vista=${previewId}`}
                style={{ width, height: width === 390 ? 844 : 768, transform: `scale(${width === 390 ? 0.8 : 0.4})` }}
              />
            </div>
          ) : (
            <p className="nota">{problems.length ? "La vista previa espera a que la página no tenga problemas." : "Preparando la vista previa…"}</p>
          )}
        </section>
      </div>
    </div>
  );
}
