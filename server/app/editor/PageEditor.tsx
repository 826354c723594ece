// One page in the editor: its regions and blocks, the palette, the selected block's settings form
// (@rjsf/core, from the block's schema.json), the validator's problems on their fields, the preview
// through the real runtime, undo and redo, and saving. Loaded in the browser only (its own chunk).
// The regions (RegionsPanel.tsx), the settings form (BlockSettings.tsx), the history
// (page-history.ts) and a refused save's two versions (SaveConflict.tsx) are apart; this component
// holds the page's state, the preview and saving against the version it loaded
// (docs/editor-tools.md#saving-and-conflicts), and asks before unsaved changes are left behind.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { mergePages } from "./page-merge";
import { BlockSettings } from "./BlockSettings";
import { servedBlock, useInherited } from "./inherited";
import { findBlock, type Page, type Problem, type Schemas } from "./page-data";
import { usePageHistory, type ChangePage } from "./page-history";
import { usePreviewBridge } from "./preview-bridge";
import { RegionsPanel } from "./RegionsPanel";
import { PageSchedule, PreviewInstant } from "./schedule";
import { SaveConflict, type Conflict } from "./SaveConflict";

/** The version of the file the editor's page is an edit of: what a save goes against (text null: no file). */
type Base = { version: string; text: string | null };

export default function PageEditor({ file }: { file: string }) {
  const [schemas, setSchemas] = useState<Schemas | null>(null);
  const { history, page, start, record, replace, current: currentPage, undo, redo } = usePageHistory();
  const [saved, setSaved] = useState<string>("");
  const [base, setBase] = useState<Base | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [width, setWidth] = useState<390 | 1366>(1366);
  const [message, setMessage] = useState("");
  const [loadError, setLoadError] = useState("");
  const [path, setPath] = useState("");
  const frame = useRef<HTMLIFrameElement>(null);
  const titles = useMemo(() => Object.fromEntries((schemas?.blocks ?? []).map((block) => [block.type, block.title])), [schemas]);
  usePreviewBridge(frame, { titles, selected, onSelect: setSelected });
  // A newly selected block's form starts at its top, in the form's own scroll area.
  useEffect(() => void document.querySelector(".editor-formulario")?.scrollTo({ top: 0 }), [selected]);
  /** The instant the preview shows the page at (its publication windows); "" for now. */
  const [instant, setInstant] = useState("");
  const inherited = useInherited(file);
  // The preview column's width: the frame is scaled to fit it.
  const [previewColumn, setPreviewColumn] = useState<HTMLElement | null>(null);
  const [room, setRoom] = useState(Infinity);
  useEffect(() => {
    if (!previewColumn) return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry.contentRect.width));
    observer.observe(previewColumn);
    return () => observer.disconnect();
  }, [previewColumn]);

  useEffect(() => {
    Promise.all([fetch("/_editor/api/esquemas").then((r) => r.json()), fetch(`/_editor/api/pagina?file=${encodeURIComponent(file)}`).then((r) => r.json())])
      .then(([loadedSchemas, loaded]) => {
        if (loaded.error) return setLoadError(loaded.error);
        setSchemas(loadedSchemas);
        const parsed = JSON.parse(loaded.text);
        setSaved(JSON.stringify(parsed));
        setBase({ version: loaded.version, text: loaded.text });
        start(parsed);
        setPath(typeof loaded.previewPath === "string" ? loaded.previewPath : "/");
      })
      .catch((error) => setLoadError(String(error)));
  }, [file, start]);

  // Every change: the validator's problems and a preview site for the unsaved page.
  useEffect(() => {
    if (!page) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setChecking(true);
      fetch("/_editor/api/vista-previa", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ file, page, ...(instant ? { instant } : {}) }),
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
  }, [page, file, instant]);

  const change = useCallback<ChangePage>(
    (edit) => {
      if (record(edit)) setMessage("");
    },
    [record],
  );

  // Unsaved changes are not left behind without asking: closing the tab or leaving it (the browser's
  // question), or following one of the editor's links (its own, in Spanish).
  const dirty = page !== null && JSON.stringify(page) !== saved;
  useEffect(() => {
    if (!dirty) return;
    let leaving = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving) return;
      event.preventDefault();
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || link.target === "_blank") return;
      if (window.confirm(`${file} tiene cambios sin guardar. ¿Salir sin guardarlos?`)) leaving = true;
      else event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty, file]);

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
  const current = selected ? findBlock(page, regions, selected) : null;
  // A block that takes an inherited one's place shows (and its form starts from) what it takes from it.
  const selectedBlock = current ? servedBlock(page.regions[current.region][current.index], inherited) : null;

  /** Saves the page as an edit of `against` (the version loaded, or the disk's when the editor keeps its own over it). */
  const save = async (against: Base | null = base) => {
    const sent = page;
    setMessage("Guardando…");
    const response = await fetch("/_editor/api/pagina", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ file, page: sent, ...(against ? { version: against.version, ...(against.text !== null ? { base: against.text } : {}) } : {}) }),
    });
    const answer = await response.json();
    if (response.status === 409) {
      setConflict(answer);
      setMessage("No se guardó: la página cambió en el disco.");
      return;
    }
    if (!response.ok) {
      setProblems(answer.problems ?? []);
      setMessage(`No se guardó: ${answer.error}`);
      return;
    }
    setConflict(null);
    const written: Page = JSON.parse(answer.text);
    const now = currentPage();
    if (!answer.merged) {
      setBase({ version: answer.version, text: answer.text });
      setSaved(JSON.stringify(sent));
      setMessage(answer.saved ? "Guardado." : "Sin cambios que guardar.");
      return;
    }
    // Merged with changes on disk: the editor shows the file as written, with what was edited
    // meanwhile kept on top. Edits that clash with the disk's keep the old base, so that the next
    // save meets them as a conflict instead of undoing the disk's changes.
    const kept = now && JSON.stringify(now) !== JSON.stringify(sent) ? mergePages(sent!, now, written).page : written;
    if (kept) {
      replace(kept as Page);
      setBase({ version: answer.version, text: answer.text });
    }
    setSaved(JSON.stringify(written));
    const parts = [
      ...answer.merged.blocks.map((id: string) => `el bloque «${id}»`),
      ...answer.merged.keys.map((key: string) => `«${key}»`),
      ...answer.merged.regions.map((region: string) => `el orden de «${region}»`),
    ];
    setMessage(`Guardado junto con lo que cambió en el disco${parts.length ? `: ${parts.join(", ")}` : ""}.`);
  };

  const takeDisk = (disk: Page) => {
    replace(disk);
    setBase(conflict!.disk);
    setSaved(JSON.stringify(disk));
    setConflict(null);
    setMessage("Tomó la versión del disco; Deshacer le devuelve la suya.");
  };

  // The frame is drawn at the device's size and scaled down to its column (less on a narrow screen).
  const height = width === 390 ? 844 : 768;
  const scale = Math.min(width === 390 ? 0.8 : 0.4, Math.max(0.1, (room - 2) / width));

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
        {/* Not disabled while a change is being checked: a click as the check started was lost, and the
            server checks every save anyway. */}
        <button type="button" onClick={() => save()} disabled={!dirty || problems.length > 0} data-testid="guardar">
          Guardar
        </button>
        <button type="button" onClick={() => setSelected(null)} aria-pressed={selected === null}>
          Ajustes de la página
        </button>
        <span role="status">
          {problems.length ? `${problems.length} problema(s): corríjalos para guardar.` : checking ? "Comprobando…" : dirty ? "Cambios sin guardar." : ""}{" "}
          {message}
        </span>
      </div>
      {conflict && <SaveConflict conflict={conflict} mine={page} keepMine={() => save(conflict.disk)} takeDisk={takeDisk} />}
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
        <RegionsPanel
          page={page}
          regions={regions}
          schemas={schemas}
          problems={problems}
          selected={selected}
          setSelected={setSelected}
          change={change}
          at={instant ? Date.parse(instant) : undefined}
          inherited={inherited}
        />
        <BlockSettings
          selectedBlock={selectedBlock}
          current={current}
          typeSchema={typeSchema}
          schemas={schemas}
          problems={problems}
          change={change}
          brand={page.brand}
          pageSettings={<PageSchedule page={page} change={change} problems={problems} at={instant ? Date.parse(instant) : Date.now()} />}
        />
        <section className="editor-vista" aria-labelledby="titulo-vista" ref={setPreviewColumn}>
          <div className="editor-barra">
            <h2 id="titulo-vista" className="solo-lectores">
              Vista previa
            </h2>
            <button type="button" aria-pressed={width === 390} onClick={() => setWidth(390)}>
              Teléfono (390×844)
            </button>
            <button type="button" aria-pressed={width === 1366} onClick={() => setWidth(1366)}>
              Escritorio (1366×768)
            </button>
            <label>
              Dirección <input value={path} onChange={(event) => setPath(event.target.value)} size={24} />
            </label>
            <PreviewInstant onChange={setInstant} />
          </div>
          {previewId ? (
            <div className="marco" style={{ width: width * scale, height: height * scale }}>
              <iframe
                ref={frame}
                title="Vista previa"
                name="vista-previa"
                src={`${path}${path.includes("?") ? "&" : "?"}_vista=${previewId}`}
                style={{ width, height, transform: `scale(${scale})` }}
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
