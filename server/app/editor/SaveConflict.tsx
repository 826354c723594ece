// A save the server refused because the file changed on disk in the same blocks or keys (or was
// removed) since the editor opened it (docs/editor-tools.md#saving-and-conflicts): both versions side
// by side, the clashing parts first, and the editor's three ways out. The editor's own version stays
// in the editor whatever is chosen.
import { useRef, useState } from "react";
import type { Page, Problem } from "./page-data";

export interface Conflict {
  error: string;
  /** The file as it is on disk (text null: removed) and its version, which a save that keeps the editor's page goes against. */
  disk: { text: string | null; version: string };
  conflicts?: { blocks: string[]; keys: string[]; regions: string[] };
  problems?: Problem[];
}

const pretty = (value: unknown) => (value === undefined ? "(no está)" : JSON.stringify(value, null, 2));
const blockIn = (page: Page | null, id: string) =>
  Object.values(page?.regions ?? {})
    .flat()
    .find((block) => block?.id === id);

/** The disk's text as a page, or null when it is not one. */
function diskPage(conflict: Conflict): Page | null {
  try {
    const page = JSON.parse(conflict.disk.text ?? "");
    return page && typeof page === "object" && !Array.isArray(page) ? page : null;
  } catch {
    return null;
  }
}

export function SaveConflict({ conflict, mine, keepMine, takeDisk }: { conflict: Conflict; mine: Page; keepMine: () => void; takeDisk: (page: Page) => void }) {
  const [copied, setCopied] = useState("");
  const mineArea = useRef<HTMLTextAreaElement>(null);
  const disk = diskPage(conflict);
  const mineText = `${JSON.stringify(mine, null, 2)}\n`;
  const parts = [
    ...(conflict.conflicts?.blocks ?? []).map((id) => ({ name: `Bloque «${id}»`, disk: blockIn(disk, id), mine: blockIn(mine, id) })),
    ...(conflict.conflicts?.keys ?? []).map((key) => ({ name: `«${key}»`, disk: disk?.[key], mine: mine[key] })),
  ];
  const copy = () => {
    // Without the clipboard (an address that is not localhost over http), the text is selected to copy by hand.
    const selectIt = () => {
      mineArea.current?.select();
      setCopied("Su versión está seleccionada: cópiela con Ctrl+C.");
    };
    if (!navigator.clipboard) return selectIt();
    navigator.clipboard.writeText(mineText).then(() => setCopied("Su versión quedó copiada."), selectIt);
  };
  return (
    <section className="editor-conflicto" aria-label="Conflicto al guardar">
      <p className="problema" role="alert">
        {conflict.error}
      </p>
      {conflict.problems && conflict.problems.length > 0 && (
        <ul className="problema">
          {conflict.problems.map((p, i) => (
            <li key={i}>
              {p.pointer || "/"} {p.message}
            </li>
          ))}
        </ul>
      )}
      {parts.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>Cambió en los dos</th>
              <th>En el disco</th>
              <th>La suya, sin guardar</th>
            </tr>
          </thead>
          <tbody>
            {parts.map((part) => (
              <tr key={part.name} data-conflict={part.name}>
                <th scope="row">{part.name}</th>
                <td>
                  <pre>{pretty(part.disk)}</pre>
                </td>
                <td>
                  <pre>{pretty(part.mine)}</pre>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="editor-versiones">
        <label>
          En el disco
          {conflict.disk.text === null ? <p className="nota">El archivo ya no existe.</p> : <textarea readOnly rows={14} value={conflict.disk.text} />}
        </label>
        <label>
          La suya, sin guardar
          <textarea readOnly rows={14} value={mineText} ref={mineArea} />
        </label>
      </div>
      <div className="editor-barra">
        <button type="button" onClick={keepMine}>
          {conflict.disk.text === null ? "Volver a crearla con la suya" : "Guardar la suya (reemplaza la del disco)"}
        </button>
        <button type="button" onClick={() => disk && takeDisk(disk)} disabled={!disk}>
          Tomar la del disco
        </button>
        <button type="button" onClick={copy}>
          Copiar la suya
        </button>
        <span aria-live="polite">{copied}</span>
      </div>
    </section>
  );
}
