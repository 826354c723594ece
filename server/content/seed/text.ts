// Fills templates like "{persona} anunció en {ciudad} ..." from pools. Within one document a slot
// keeps its value ({ciudad} is the same city in the headline and the body), and {ciudad2} is a
// different city from the same pool, so a story reads as one story.
import type { Random } from "./random";
import type { Pools } from "./vocabulary";

const SLOT = /\{([a-zA-Z]+?)(\d*)\}/g;

export class Composer {
  private readonly bound = new Map<string, string>();

  constructor(
    private readonly r: Random,
    private readonly pools: Pools,
  ) {}

  /** The value of a slot, drawn once per document. */
  value(slot: string): string {
    const existing = this.bound.get(slot);
    if (existing !== undefined) return existing;
    const match = /^([a-zA-Z]+?)(\d*)$/.exec(slot);
    const base = match ? match[1] : slot;
    const pool = this.pools[base];
    if (!pool) throw new Error(`Plantilla con un hueco sin valores: {${slot}}`);
    const taken = new Set([...this.bound].filter(([key]) => key.replace(/\d+$/, "") === base).map(([, v]) => v));
    let value = "";
    for (let attempt = 0; attempt < 8; attempt++) {
      value = typeof pool === "function" ? pool(this.r) : this.r.pick(pool);
      if (!taken.has(value)) break;
    }
    this.bound.set(slot, value);
    return value;
  }

  /** The value a slot already has in this document, without drawing one. */
  peek(slot: string): string | undefined {
    return this.bound.get(slot);
  }

  /** Binds a slot to a value chosen by the caller (e.g. the author of a column). */
  bind(slot: string, value: string): void {
    this.bound.set(slot, value);
  }

  fill(template: string): string {
    return capitalizeSentences(template.replace(SLOT, (_, base: string, n: string) => this.value(base + n)));
  }
}

/** Upper-cases the first letter of the text (after an opening ¿ ¡ “ ‘) and of every sentence after . ! or ?. */
export function capitalizeSentences(text: string): string {
  return text.replace(/(^[¿¡“‘"]?|[.!?]\s+[¿¡“‘"]?)([a-záéíóúñü])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** Cuts a slug at a word boundary so canonical URLs stay readable. */
export function shortenSlug(slug: string, max = 90): string {
  if (slug.length <= max) return slug.replace(/^-+|-+$/g, "");
  const cut = slug.slice(0, max);
  return cut.slice(0, cut.lastIndexOf("-") > 40 ? cut.lastIndexOf("-") : max).replace(/^-+|-+$/g, "");
}
