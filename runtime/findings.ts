// What the page checks report: a finding at a JSON pointer, and the "¿quiso decir…?" that ends a
// message about a name the editor mistyped. Apart because the schema's findings (./schema-findings.ts)
// and the checks a schema cannot make (./page-semantics.ts) both make them.

/** One thing wrong in a page definition: where (a JSON pointer), what, and the offending value. */
export interface Finding {
  pointer: string;
  message: string;
  value?: unknown;
  /** Located at the property's name rather than at its value (an unknown or misplaced property). */
  atKey?: boolean;
}

export type Report = (pointer: string, message: string, value?: unknown, atKey?: boolean) => void;

/** "; ¿quiso decir «x»?" when a known name is close to the given one. */
export function suggest(given: string, known: string[]): string {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(given.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(given.length / 3)) ? `; ¿quiso decir «${best}»?` : "";
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}
