// The page's regions and their blocks in the editor: selecting a block, publishing, duplicating and
// removing it, moving it (dragged with dnd-kit by its handle, pointer or keyboard, or Alt+↑ / Alt+↓, also
// between regions), and the palette that inserts a block of a type the page's output takes at any
// position: dragged there, or chosen and placed with the keyboard on an insertion marker. The blocks
// the page inherits from its layout's files are listed under each region with their file (a link that
// opens it), to hide or change on this page (docs/decisions/0074-layouts-own-the-shared-blocks.md).
import { Fragment, useEffect, useState, type KeyboardEvent, type ReactNode } from "react";
import { withInheritedBlocks } from "../../../runtime/inherited-blocks";
import type { BlockInstance } from "../../../runtime/types";
import { servedBlock, type Inherited } from "./inherited";
import { clone, findBlock, type Block, type Page, type Problem, type Schemas } from "./page-data";
import type { ChangePage } from "./page-history";
import { Palette } from "./Palette";
import { ScheduleBadge } from "./schedule";
import { BlockDnd, RegionDrop, useDropTarget, useSortableBlock, type DropTarget } from "./useBlockDnd";

const focusLater = (selector: string) => requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());
const focusBlock = (id: string) => focusLater(`.editor-regiones li[data-block-id="${CSS.escape(id)}"]`);
/** The editor's address of a file of page-definitions/. */
const editorLink = (file: string) => `/_editor/?archivo=${encodeURIComponent(file)}`;

export function RegionsPanel({
  page,
  regions,
  schemas,
  problems,
  selected,
  setSelected,
  change,
  at,
  inherited,
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
  inherited: Inherited;
}) {
  /** A type chosen in the palette, and where the keyboard's insertion marker stands. */
  const [placing, setPlacing] = useState<(DropTarget & { type: string }) | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const titles = new Map(schemas.blocks.map((block) => [block.type, block.title]));
  const offered = schemas.blocks.filter((block) => block.outputTypes.includes(page.outputType ?? "html"));

  // The selected block stays in view in the list (selected in the preview, or just inserted).
  useEffect(() => {
    if (selected) document.querySelector(`.editor-regiones li[data-block-id="${CSS.escape(selected)}"]`)?.scrollIntoView({ block: "nearest" });
  }, [selected]);

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

  const onBlockKey = (event: KeyboardEvent<HTMLLIElement>, id: string) => {
    // Enter on the focused block (not on one of its buttons) selects it, as a click does.
    if (event.key === "Enter" && event.target === event.currentTarget) {
      event.preventDefault();
      setSelected(id);
      return;
    }
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

  const hidden = Array.isArray(page.hide) ? (page.hide as string[]) : [];
  const inheritedIds = Object.values(inherited.regions).flatMap((blocks) => blocks.map((block) => block.id));
  // Each region as it is served: the page's blocks and, where they land, the inherited ones.
  const served = withInheritedBlocks(inherited.regions, page.regions as Record<string, BlockInstance[]>, hidden, regions);
  const setHidden = (id: string, hide: boolean) =>
    change((draft) => {
      const list = ((draft.hide as string[] | undefined) ?? []).filter((other) => other !== id);
      if (hide) list.push(id);
      if (list.length) draft.hide = list;
      else delete draft.hide;
    });
  /** An inherited block changed on this page: a block of its id with its settings, where it is served. */
  const changeHere = (region: string, block: BlockInstance) => {
    const list = served[region] ?? [];
    const before = list
      .slice(
        0,
        list.findIndex((item) => item.id === block.id),
      )
      .reverse();
    change((draft) => {
      const own = (draft.regions[region] ??= []);
      const after = before.map((item) => own.findIndex((entry) => entry.id === item.id)).find((at) => at >= 0);
      own.splice(after === undefined ? 0 : after + 1, 0, { id: block.id, settings: clone(block.settings) } as Block);
    });
    setSelected(block.id);
  };

  const uniqueId = (base: string) => {
    const taken = new Set([...inheritedIds, ...regions.flatMap((region) => (page.regions[region] ?? []).map((block) => block.id))]);
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
    return candidate;
  };

  /** A new block (unpublished, as every new block starts) at a position; it is selected, its form shown. */
  const insert = (type: string, { region, index }: DropTarget) => {
    const id = uniqueId(type);
    change((draft) => void (draft.regions[region] ??= []).splice(index, 0, { type, id, settings: { published: false } }));
    setSelected(id);
    setPlacing(null);
    setAnnouncement(`Se insertó el bloque ${id} («${titles.get(type) ?? type}») en la región ${region}, posición ${index + 1}.`);
    focusBlock(id);
  };

  /** Every place a block can be inserted at, in reading order. */
  const positions = regions.flatMap((region) => Array.from({ length: (page.regions[region] ?? []).length + 1 }, (_, index) => ({ region, index })));

  const describe = ({ region, index }: DropTarget) => {
    const list = page.regions[region] ?? [];
    const around = [index > 0 && `después de ${list[index - 1].id}`, index < list.length && `antes de ${list[index].id}`].filter(Boolean).join(" y ");
    return `región ${region}, posición ${index + 1} de ${list.length + 1}${around ? ` (${around})` : ""}`;
  };

  const placeAt = (type: string, target: DropTarget) => {
    setPlacing({ type, ...target });
    setAnnouncement(`Nuevo bloque «${titles.get(type) ?? type}»: ${describe(target)}. Flechas para moverlo, Intro para insertarlo, Escape para cancelar.`);
    focusLater(".editor-regiones .marcador");
  };

  // A chosen type starts after the selected block, or at the end of the first region.
  const choose = (type: string) => {
    const at = selected ? findBlock(page, regions, selected) : null;
    placeAt(type, at ? { region: at.region, index: at.index + 1 } : { region: regions[0], index: (page.regions[regions[0]] ?? []).length });
  };

  const onMarkerKey = (event: KeyboardEvent<HTMLLIElement>) => {
    if (!placing) return;
    const at = positions.findIndex((p) => p.region === placing.region && p.index === placing.index);
    if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      const next = positions[Math.min(positions.length - 1, Math.max(0, at + (event.key === "ArrowUp" ? -1 : 1)))];
      placeAt(placing.type, next);
    } else if (event.key === "Enter") {
      event.preventDefault();
      insert(placing.type, placing);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setPlacing(null);
      setAnnouncement("Inserción cancelada.");
      focusLater(`.paleta [data-palette-type="${CSS.escape(placing.type)}"]`);
    }
  };

  const marker = (region: string, index: number) =>
    placing?.region === region && placing.index === index ? (
      <li
        className="marcador"
        tabIndex={0}
        onKeyDown={onMarkerKey}
        aria-label={`Insertar «${titles.get(placing.type) ?? placing.type}» aquí: ${describe(placing)}`}
      >
        Insertar aquí: <strong>{titles.get(placing.type) ?? placing.type}</strong>{" "}
        <button type="button" onClick={() => insert(placing.type, placing)}>
          Insertar
        </button>{" "}
        <button type="button" onClick={() => setPlacing(null)}>
          Cancelar
        </button>
      </li>
    ) : null;

  const problemsOf = (region: string, index: number) =>
    problems.filter((p) => p.pointer.startsWith(`/regions/${region}/${index}/`) || p.pointer === `/regions/${region}/${index}`);

  return (
    <section className="editor-regiones" aria-labelledby="titulo-regiones">
      <h2 id="titulo-regiones" className="solo-lectores">
        Regiones y bloques
      </h2>
      <BlockDnd onInsert={insert} onMove={(id, { region, index }) => moveTo(id, region, index)}>
        <Palette blocks={offered} chosen={placing?.type ?? null} onChoose={choose} />
        <p className="nota">
          Arrastre los bloques por su asa ⠿ (o enfóquela: Espacio, flechas, Espacio), o enfóquelos y use Alt+↑ / Alt+↓ (también entre regiones); Intro muestra
          sus ajustes.
        </p>
        {regions.map((region) => {
          const list = page.regions[region] ?? [];
          return (
            <div key={region}>
              <h3>{region}</h3>
              <RegionDrop region={region} ids={list.map((block) => block.id)}>
                {(ref) => (
                  <RegionList region={region} length={list.length} listRef={ref}>
                    {list.map((block, index) => (
                      <Fragment key={block.id}>
                        {marker(region, index)}
                        <BlockItem
                          block={block}
                          region={region}
                          index={index}
                          problems={problemsOf(region, index)}
                          selected={selected === block.id}
                          onSelect={() => setSelected(block.id)}
                          onKeyDown={(event) => onBlockKey(event, block.id)}
                          change={change}
                          duplicateId={() => uniqueId(`${block.id}-copia`)}
                          at={at}
                          inherited={inherited}
                        />
                      </Fragment>
                    ))}
                    {marker(region, list.length)}
                  </RegionList>
                )}
              </RegionDrop>
              <InheritedList
                region={region}
                blocks={(served[region] ?? []).filter((item) => !list.some((block) => block.id === item.id))}
                hidden={(inherited.regions[region] ?? []).filter((block) => hidden.includes(block.id))}
                setHidden={setHidden}
                changeHere={(block) => changeHere(region, block)}
              />
            </div>
          );
        })}
      </BlockDnd>
      <p className="solo-lectores" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

function RegionList({
  region,
  length,
  listRef,
  children,
}: {
  region: string;
  length: number;
  listRef: (node: HTMLElement | null) => void;
  children: ReactNode;
}) {
  const target = useDropTarget();
  return (
    <ol ref={listRef} data-region={region} data-insertar={target?.region === region && target.index === length ? "al-final" : undefined}>
      {children}
    </ol>
  );
}

function BlockItem({
  block,
  region,
  index,
  problems,
  selected,
  onSelect,
  onKeyDown,
  change,
  duplicateId,
  at,
  inherited,
}: {
  block: Block;
  region: string;
  index: number;
  problems: Problem[];
  selected: boolean;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLLIElement>) => void;
  change: ChangePage;
  duplicateId: () => string;
  at?: number;
  inherited: Inherited;
}) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging, lineBefore } = useSortableBlock(block.id, region, index);
  // A block that takes an inherited one's place shows what it takes from it, and names its file.
  const shown = servedBlock(block, inherited);
  const replaces = Object.values(inherited.regions)
    .flat()
    .find((other) => other.id === block.id)?.inherited;
  const published = shown.settings?.published === true;
  return (
    <li
      ref={setNodeRef}
      data-block-id={block.id}
      data-insertar={lineBefore ? "antes" : undefined}
      tabIndex={0}
      aria-current={selected || undefined}
      className={[problems.length && "con-problemas", isDragging && "arrastrando"].filter(Boolean).join(" ") || undefined}
      onClick={onSelect}
      onKeyDown={onKeyDown}
    >
      <button type="button" className="asa" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Mover ${block.id}`}>
        ⠿
      </button>{" "}
      <strong>{block.id}</strong> <code>{shown.type}</code>
      {replaces && (
        <>
          {" "}
          · cambia aquí el heredado de <a href={editorLink(replaces)}>{replaces}</a>
        </>
      )}
      {problems.length > 0 && <span className="problema"> · {problems.length} problema(s)</span>}
      <ScheduleBadge window={block.settings} at={at ?? Date.now()} />
      <div className="acciones">
        <label>
          <input
            type="checkbox"
            checked={published}
            onChange={() =>
              change((draft) => {
                // A block that takes an inherited one's settings gets them written before it changes one.
                const own = draft.regions[region][index];
                (own.settings ??= clone(shown.settings ?? {})).published = !published;
              })
            }
          />{" "}
          Publicado
        </label>
        <button type="button" onClick={onSelect}>
          Ajustes
        </button>
        <button type="button" onClick={() => change((draft) => draft.regions[region].splice(index + 1, 0, { ...clone(shown), id: duplicateId() }))}>
          Duplicar
        </button>
        <button type="button" onClick={() => change((draft) => void draft.regions[region].splice(index, 1))}>
          Quitar
        </button>
      </div>
    </li>
  );
}

/** The blocks a region inherits and the page does not place (and those it hides): their file, hiding or changing them here. */
function InheritedList({
  region,
  blocks,
  hidden,
  setHidden,
  changeHere,
}: {
  region: string;
  blocks: BlockInstance[];
  hidden: BlockInstance[];
  setHidden: (id: string, hide: boolean) => void;
  changeHere: (block: BlockInstance) => void;
}) {
  if (!blocks.length && !hidden.length) return null;
  return (
    <ul className="heredados" data-inherited-region={region}>
      {blocks.map((block) => (
        <li key={`heredado-${block.id}`} className="heredado" data-inherited-id={block.id}>
          <strong>{block.id}</strong> <code>{block.type}</code> · heredado de <a href={editorLink(block.inherited!)}>{block.inherited}</a>
          <div className="acciones">
            <button type="button" onClick={() => setHidden(block.id, true)}>
              Ocultar aquí
            </button>
            <button type="button" onClick={() => changeHere(block)}>
              Cambiar aquí
            </button>
          </div>
        </li>
      ))}
      {hidden.map((block) => (
        <li key={`oculto-${block.id}`} className="heredado oculto" data-inherited-id={block.id}>
          <s>
            <strong>{block.id}</strong> <code>{block.type}</code>
          </s>{" "}
          · oculto aquí, heredado de <a href={editorLink(block.inherited!)}>{block.inherited}</a>
          <div className="acciones">
            <button type="button" onClick={() => setHidden(block.id, false)}>
              Mostrar aquí
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
