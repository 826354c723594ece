// The palette of block types in the page editor: their Spanish names and descriptions (schema.json's
// title and description), filtered as the editor types. A type is dragged into a region's list (dnd-kit,
// useBlockDnd.tsx) or chosen (click, Enter) and then placed with the keyboard (RegionsPanel's insertion marker).
import { useDraggable } from "@dnd-kit/core";
import { useState, type PointerEventHandler } from "react";
import type { Schemas } from "./page-data";

type BlockType = Schemas["blocks"][number];

/** Lowercase and without accents: "galeria" finds "Galería". */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * The type's thumbnail: the initials of its name on a colour of its own. A rendered example would
 * cost a page render per type (docs/decisions/0076-editor-canvas.md); the initials cost nothing.
 */
function Thumbnail({ type, title }: { type: string; title: string }) {
  let hue = 0;
  for (const char of type) hue = (hue * 31 + char.charCodeAt(0)) % 360;
  // Dark enough for white letters on every hue (4.5:1, the yellows being the lightest).
  const initials = title
    .split(/\s+/)
    .filter((word) => word.length > 2 || /^[A-ZÁÉÍÓÚÑ]/.test(word))
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join("");
  return (
    <span className="miniatura" aria-hidden="true" style={{ background: `hsl(${hue} 60% 28%)` }}>
      {initials || type[0].toUpperCase()}
    </span>
  );
}

function PaletteItem({ block, chosen, onChoose }: { block: BlockType; chosen: boolean; onChoose: (type: string) => void }) {
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `paleta:${block.type}`,
    data: { kind: "nuevo", type: block.type, label: `un bloque nuevo «${block.title}»` },
  });
  return (
    <li>
      {/* The pointer drags it; the keyboard chooses it (Enter) and places it with the insertion marker. */}
      <button
        type="button"
        ref={setNodeRef}
        onPointerDown={listeners?.onPointerDown as PointerEventHandler | undefined}
        onClick={() => onChoose(block.type)}
        aria-pressed={chosen}
        data-palette-type={block.type}
        className={isDragging ? "arrastrando" : undefined}
        title={block.description}
      >
        <Thumbnail type={block.type} title={block.title} />
        <span>
          <strong>{block.title}</strong> <code>{block.type}</code>
          <small>{block.description}</small>
        </span>
      </button>
    </li>
  );
}

export function Palette({ blocks, chosen, onChoose }: { blocks: BlockType[]; chosen: string | null; onChoose: (type: string) => void }) {
  const [query, setQuery] = useState("");
  const words = fold(query).split(/\s+/).filter(Boolean);
  const shown = blocks.filter((block) => {
    const text = fold(`${block.title} ${block.type} ${block.description}`);
    return words.every((word) => text.includes(word));
  });
  return (
    <div className="paleta">
      <label>
        Buscar un bloque <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="titular, galería, boletín…" />
      </label>
      <p className="nota">Arrastre un bloque a su lugar, o elíjalo (Intro) y colóquelo con las flechas.</p>
      <ul aria-label="Bloques disponibles">
        {shown.map((block) => (
          <PaletteItem key={block.type} block={block} chosen={chosen === block.type} onChoose={onChoose} />
        ))}
      </ul>
      {shown.length === 0 && <p className="nota">Ningún bloque coincide con «{query}».</p>}
    </div>
  );
}
