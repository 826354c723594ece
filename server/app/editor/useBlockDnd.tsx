// Drag and drop in the page editor's block list, with dnd-kit (docs/decisions/0076-editor-canvas.md):
// a block type from the palette is inserted, and an existing block moved, at the position the drag
// ends on, in any region. The lists do not shift while dragging: an insertion line shows where the
// block will go (the same for a new block and a moved one, within a region or across regions).
// The pointer and the keyboard (dnd-kit's KeyboardSensor on a block's "Mover" handle) drag; dnd-kit
// announces each step to screen readers, in Spanish.
import {
  closestCenter,
  pointerWithin,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type Over,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates, SortableContext, useSortable, type SortingStrategy } from "@dnd-kit/sortable";
import { createContext, useContext, useRef, useState, type ReactNode } from "react";

/** Where a dragged block goes: a region and the index it is inserted at (counted before a moved block leaves). */
export interface DropTarget {
  region: string;
  index: number;
}

type DragData =
  | { kind: "nuevo"; type: string; label: string }
  | { kind: "bloque"; id: string; region: string; index: number; label: string }
  | { kind: "region"; region: string; empty: boolean; label: string };

const dataOf = (item: Active | Over | null) => (item?.data.current ?? null) as DragData | null;

/** Where a pointer drag is now (null for the keyboard's). */
interface DragPosition {
  activatorEvent: Event | null;
  delta: { y: number };
}
const pointerY = (position?: DragPosition) =>
  position?.activatorEvent && "clientY" in position.activatorEvent ? (position.activatorEvent as PointerEvent).clientY + position.delta.y : null;

/** The position a drag over `over` stands for. */
function targetOf(active: Active, over: Over | null, position?: DragPosition): DropTarget | null {
  const a = dataOf(active);
  const o = dataOf(over);
  if (!a || !o || !over) return null;
  if (o.kind === "region") return { region: o.region, index: 0 };
  if (o.kind !== "bloque") return null;
  // A block moved within its region takes the place of the block it is over (as a sortable list does).
  if (a.kind === "bloque" && a.region === o.region) return a.id === o.id ? null : { region: o.region, index: a.index < o.index ? o.index + 1 : o.index };
  // Otherwise above or below the block it is over: by the pointer, or by the keyboard's dragged card's middle.
  const dragged = active.rect.current.translated;
  const y = pointerY(position) ?? (dragged ? dragged.top + dragged.height / 2 : null);
  const below = y !== null && y > over.rect.top + over.rect.height / 2;
  return { region: o.region, index: o.index + (below ? 1 : 0) };
}

/**
 * Blocks, and regions only when empty: over a region with blocks, the nearest block says where. The
 * one under the pointer first (a wide palette card held by its edge has its middle elsewhere); by the
 * keyboard, or between targets, the nearest to the dragged card's middle.
 */
const collisionDetection: CollisionDetection = (args) => {
  const targets = {
    ...args,
    droppableContainers: args.droppableContainers.filter((container) => {
      const data = container.data.current as DragData | undefined;
      return data?.kind === "bloque" || (data?.kind === "region" && data.empty);
    }),
  };
  const underPointer = pointerWithin(targets);
  return underPointer.length ? underPointer : closestCenter(targets);
};

/** No item shifts while dragging: the insertion line shows the place. */
const noShift: SortingStrategy = () => null;

const describe = (target: DropTarget | null) => (target ? `la región ${target.region}, posición ${target.index + 1}` : "ninguna posición");

const TargetContext = createContext<DropTarget | null>(null);

/** The drop target of the drag under way, for the lists' insertion line. */
export const useDropTarget = () => useContext(TargetContext);

export function BlockDnd({
  children,
  onInsert,
  onMove,
}: {
  children: ReactNode;
  onInsert: (type: string, target: DropTarget) => void;
  onMove: (id: string, target: DropTarget) => void;
}) {
  const [active, setActive] = useState<DragData | null>(null);
  const [target, setTarget] = useState<DropTarget | null>(null);
  const sensors = useSensors(
    // A click on the palette or a block's buttons stays a click: a drag starts after 5 px.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // The announcements are given no position: they read the last one.
  const position = useRef<DragPosition | undefined>(undefined);
  const track = ({ active, over, ...now }: { active: Active; over: Over | null } & DragPosition) => {
    position.current = now;
    const next = targetOf(active, over, now);
    setTarget((current) => (current?.region === next?.region && current?.index === next?.index ? current : next));
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Se tomó ${dataOf(active)?.label}.`,
    onDragOver: ({ active, over }) => `${dataOf(active)?.label}: ${describe(targetOf(active, over, position.current))}.`,
    onDragEnd: ({ active, over }) => {
      const place = targetOf(active, over, position.current);
      return place ? `Se soltó ${dataOf(active)?.label} en ${describe(place)}.` : `Se soltó ${dataOf(active)?.label} sin moverlo.`;
    },
    onDragCancel: ({ active }) => `Se canceló: ${dataOf(active)?.label} queda donde estaba.`,
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: "Para mover el bloque, pulse Espacio o Intro, muévalo con las flechas y suéltelo con Espacio o Intro. Escape cancela.",
        },
      }}
      onDragStart={({ active }) => {
        position.current = undefined;
        setActive(dataOf(active));
        setTarget(null);
      }}
      onDragMove={track}
      onDragOver={track}
      onDragCancel={() => {
        setActive(null);
        setTarget(null);
      }}
      onDragEnd={({ active, over, ...now }) => {
        const place = targetOf(active, over, now);
        const data = dataOf(active);
        setActive(null);
        setTarget(null);
        if (!place || !data) return;
        if (data.kind === "nuevo") onInsert(data.type, place);
        else if (data.kind === "bloque") onMove(data.id, place);
      }}
    >
      <TargetContext.Provider value={active ? target : null}>{children}</TargetContext.Provider>
      <DragOverlay dropAnimation={null}>{active && <div className="arrastre">{active.label}</div>}</DragOverlay>
    </DndContext>
  );
}

/** A region's list: its blocks are sortable, and the list itself takes a drop while it is empty. */
export function RegionDrop({ region, ids, children }: { region: string; ids: string[]; children: (ref: (node: HTMLElement | null) => void) => ReactNode }) {
  const { setNodeRef } = useDroppable({ id: `region:${region}`, data: { kind: "region", region, empty: ids.length === 0, label: `la región ${region}` } });
  return (
    <SortableContext id={region} items={ids} strategy={noShift}>
      {children(setNodeRef)}
    </SortableContext>
  );
}

/** One block of a region's list: dragged by its handle (pointer or keyboard). */
export function useSortableBlock(id: string, region: string, index: number) {
  const sortable = useSortable({
    id,
    data: { kind: "bloque", id, region, index, label: `el bloque ${id}` },
    attributes: { roleDescription: "bloque movible" },
  });
  const target = useDropTarget();
  return { ...sortable, lineBefore: target?.region === region && target.index === index };
}
