// The page's regions and their blocks in the editor: selecting a block, publishing, duplicating and
// removing it, moving it (drag and drop, or Alt+↑ / Alt+↓, also between regions), and the palette
// that adds a block of a type the page's output takes.
import { useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { clone, findBlock, type Page, type Problem, type Schemas } from "./page-data";
import type { ChangePage } from "./page-history";
import { ScheduleBadge } from "./schedule";

export function RegionsPanel({
  page,
  regions,
  schemas,
  problems,
  selected,
  setSelected,
  change,
  at,
}: {
  page: Page;
  regions: string[];
  schemas: Schemas;
  problems: Problem[];
  selected: string | null;
  setSelected: (id: string) => void;
  change: ChangePage;
  /** The instant the preview shows (epoch ms): scheduled blocks say whether they show then. Default: now. */
  at?: number;
}) {
  const [palette, setPalette] = useState({ type: "", region: "" });
  const dragged = useRef<{ region: string; index: number } | null>(null);

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
    const at = findBlock(page, regions, id);
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

  const problemsOf = (region: string, index: number) =>
    problems.filter((p) => p.pointer.startsWith(`/regions/${region}/${index}/`) || p.pointer === `/regions/${region}/${index}`);

  return (
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
                  <ScheduleBadge window={block.settings} at={at ?? Date.now()} />
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
  );
}
