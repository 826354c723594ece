// A three-way merge of page definitions by block id (docs/editor-tools.md#saving-and-conflicts): what
// the editor changed since it loaded the page (`mine`) and what changed on disk meanwhile (`disk`),
// both against the page as loaded (`base`). Changes to different blocks or different page-level keys
// are merged; the same block or key changed differently on both sides is a conflict. Pure: the
// server's save and the editor (a save answered while the editor kept editing) both use it.

type Json = unknown;
type PageObject = Record<string, Json>;
type Block = { id: string } & Record<string, Json>;

/** What one side changed, or what clashes: blocks by id, page-level keys by name, and regions whose order changed. */
export interface MergeParts {
  blocks: string[];
  keys: string[];
  regions: string[];
}

interface MergeResult {
  /** The merged page; absent when there are conflicts. */
  page?: PageObject;
  /** What changed differently on both sides. */
  conflicts: MergeParts;
  /** What the disk changed that the merged page takes. */
  fromDisk: MergeParts;
}

const isObject = (value: Json): value is PageObject => !!value && typeof value === "object" && !Array.isArray(value);

/** JSON with object keys sorted: two values are the same whatever order their keys were written in. */
function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "undefined";
}
const same = (a: Json, b: Json) => canonical(a) === canonical(b);

/** The three-way choice for one value (undefined: absent): the side that changed it, or a conflict. */
function pick(base: Json, mine: Json, disk: Json): { value: Json; fromDisk: boolean } | "conflict" {
  if (same(mine, base)) return { value: disk, fromDisk: !same(disk, base) };
  if (same(disk, base) || same(mine, disk)) return { value: mine, fromDisk: false };
  return "conflict";
}

/** Each block by id with its region; undefined when a block has no id or an id is used twice (then regions merge whole). */
function blocksOf(page: PageObject): Map<string, { block: Block; region: string }> | undefined {
  if (!isObject(page.regions)) return undefined;
  const blocks = new Map<string, { block: Block; region: string }>();
  for (const [region, list] of Object.entries(page.regions)) {
    if (!Array.isArray(list)) return undefined;
    for (const block of list) {
      if (!isObject(block) || typeof block.id !== "string" || blocks.has(block.id)) return undefined;
      blocks.set(block.id, { block: block as Block, region });
    }
  }
  return blocks;
}

/** The matched positions of the longest common subsequence of two id lists, as a map from `a`'s index to `b`'s. */
function matches(a: string[], b: string[]): Map<number, number> {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) lengths[i][j] = a[i] === b[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
  const pairs = new Map<number, number>();
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) pairs.set(i++, j++);
    else if (lengths[i + 1][j] >= lengths[i][j + 1]) i++;
    else j++;
  }
  return pairs;
}

/**
 * The order of one region's blocks, merged as diff3 merges lines: between the blocks both sides kept
 * in place, the side that changed the order wins; blocks both sides inserted at the same place are
 * all kept (the editor's first); two different reorderings of the same stretch are a conflict.
 */
function mergeOrder(base: string[], mine: string[], disk: string[]): { order: string[] } | { conflict: string[] } {
  const toMine = matches(base, mine);
  const toDisk = matches(base, disk);
  const order: string[] = [];
  const conflict = new Set<string>();
  let [b, m, d] = [0, 0, 0];
  for (let at = 0; at <= base.length; at++) {
    const end = at === base.length;
    if (!end && !(toMine.has(at) && toDisk.has(at))) continue;
    const [mineEnd, diskEnd] = end ? [mine.length, disk.length] : [toMine.get(at)!, toDisk.get(at)!];
    const [was, mineNow, diskNow] = [base.slice(b, at), mine.slice(m, mineEnd), disk.slice(d, diskEnd)];
    if (same(mineNow, was)) order.push(...diskNow);
    else if (same(diskNow, was) || same(mineNow, diskNow)) order.push(...mineNow);
    else if (!was.length) order.push(...mineNow, ...diskNow.filter((id) => !mineNow.includes(id)));
    else for (const id of [...was, ...mineNow, ...diskNow]) conflict.add(id);
    if (!end) order.push(base[at]);
    [b, m, d] = [at + 1, mineEnd + 1, diskEnd + 1];
  }
  return conflict.size ? { conflict: [...conflict] } : { order };
}

const unique = (values: string[]) => [...new Set(values)];
const keysOf = (...pages: PageObject[]) => unique(pages.flatMap((page) => Object.keys(page)));

export function mergePages(base: PageObject, mine: PageObject, disk: PageObject): MergeResult {
  const conflicts: MergeParts = { blocks: [], keys: [], regions: [] };
  const fromDisk: MergeParts = { blocks: [], keys: [], regions: [] };
  const blocks = [base, mine, disk].map(blocksOf);
  // Without block ids to go by, the regions are one page-level value like any other.
  const byBlock = blocks.every(Boolean);
  const merged: PageObject = {};

  // The disk's key order first: the file's own text is what the save edits.
  for (const key of keysOf(disk, mine, base)) {
    if (byBlock && key === "regions") {
      merged.regions = {};
      continue;
    }
    const choice = pick(base[key], mine[key], disk[key]);
    if (choice === "conflict") conflicts.keys.push(key);
    else {
      if (choice.value !== undefined) merged[key] = choice.value;
      if (choice.fromDisk) fromDisk.keys.push(key);
    }
  }

  if (byBlock) {
    const [baseBlocks, mineBlocks, diskBlocks] = blocks as Array<Map<string, { block: Block; region: string }>>;
    // Each block's content: edited, added or removed on one side, or on both alike.
    const content = new Map<string, Block>();
    for (const id of unique([...diskBlocks.keys(), ...mineBlocks.keys(), ...baseBlocks.keys()])) {
      const choice = pick(baseBlocks.get(id)?.block, mineBlocks.get(id)?.block, diskBlocks.get(id)?.block);
      if (choice === "conflict") conflicts.blocks.push(id);
      else {
        if (choice.value !== undefined) content.set(id, choice.value as Block);
        if (choice.fromDisk || (diskBlocks.get(id) && baseBlocks.get(id) && diskBlocks.get(id)!.region !== baseBlocks.get(id)!.region))
          fromDisk.blocks.push(id);
      }
    }
    // Each region's order, over the blocks that stay (a block removed on one side no longer has a place).
    const regionsOf = (page: PageObject) => page.regions as Record<string, Block[]>;
    const idsIn = (page: PageObject, region: string) => (regionsOf(page)[region] ?? []).map((block) => block.id).filter((id) => content.has(id));
    const placed = new Map<string, number>();
    const regions = merged.regions as Record<string, Block[]>;
    for (const region of keysOf(regionsOf(disk), regionsOf(mine), regionsOf(base))) {
      const kept = pick(region in regionsOf(base), region in regionsOf(mine), region in regionsOf(disk));
      const [was, mineNow, diskNow] = [idsIn(base, region), idsIn(mine, region), idsIn(disk, region)];
      const order = mergeOrder(was, mineNow, diskNow);
      if ("conflict" in order) {
        conflicts.regions.push(region);
        conflicts.blocks.push(...order.conflict.filter((id) => !conflicts.blocks.includes(id)));
        continue;
      }
      if (!order.order.length && kept !== "conflict" && !kept.value) continue;
      if (!same(diskNow, was) && same(order.order, diskNow)) fromDisk.regions.push(region);
      regions[region] = order.order.map((id) => content.get(id)!);
      for (const id of order.order) placed.set(id, (placed.get(id) ?? 0) + 1);
    }
    // A block both sides moved to different places ends up twice, or nowhere.
    if (!conflicts.regions.length) for (const id of content.keys()) if (placed.get(id) !== 1 && !conflicts.blocks.includes(id)) conflicts.blocks.push(id);
  }

  const clash = conflicts.blocks.length + conflicts.keys.length + conflicts.regions.length > 0;
  return { ...(clash ? {} : { page: merged }), conflicts, fromDisk };
}

/** The parts in Spanish, for a message: «el bloque «a», los bloques «b», «c», «metadata», el orden de «main»». */
export function describeParts(parts: MergeParts): string {
  const quoted = (values: string[]) => values.map((value) => `«${value}»`).join(", ");
  return [
    parts.blocks.length === 1 ? `el bloque ${quoted(parts.blocks)}` : parts.blocks.length ? `los bloques ${quoted(parts.blocks)}` : "",
    parts.keys.length ? quoted(parts.keys) : "",
    parts.regions.length ? `el orden de ${quoted(parts.regions)}` : "",
  ]
    .filter(Boolean)
    .join("; ");
}
