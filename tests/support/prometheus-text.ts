// A strict reader of Prometheus's text exposition format (0.0.4): every line a # HELP, a # TYPE or a
// sample of a declared metric, label values quoted and escaped, values numbers; a histogram's buckets
// cumulative and ending at +Inf with its _count. Anything else throws, naming the line.
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  help: string;
  type: "counter" | "gauge" | "histogram" | "summary" | "untyped";
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)( -?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"\s*(,|$)/y;

function number(text: string, where: string): number {
  if (/^[+-]?Inf$/.test(text)) return text.startsWith("-") ? -Infinity : Infinity;
  if (text === "NaN") return NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw new Error(`${where}: «${text}» no es un número`);
  return Number(text);
}

function labels(text: string, where: string): Record<string, string> {
  const out: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`${where}: etiquetas mal formadas: ${text}`);
    if (match[1] in out) throw new Error(`${where}: etiqueta repetida ${match[1]}`);
    out[match[1]] = match[2].replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
  }
  return out;
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  if (text && !text.endsWith("\n")) throw new Error("el texto no termina en salto de línea");
  text.split("\n").forEach((line, index) => {
    const where = `línea ${index + 1}`;
    if (line === "") return;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta;
      if (!NAME.test(name)) throw new Error(`${where}: nombre inválido ${name}`);
      const family = families.get(name) ?? { name, help: "", type: "untyped" as const, samples: [] };
      if (kind === "TYPE") {
        if (!["counter", "gauge", "histogram", "summary", "untyped"].includes(rest)) throw new Error(`${where}: tipo desconocido ${rest}`);
        if (family.samples.length) throw new Error(`${where}: TYPE después de las muestras de ${name}`);
        family.type = rest as Family["type"];
      } else family.help = rest;
      families.set(name, family);
      return;
    }
    if (line.startsWith("#")) return;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`${where}: no es una muestra: ${line}`);
    const [, name, , labelText, value] = match;
    const family =
      families.get(name) ??
      [...families.values()].find(
        (f) => (f.type === "histogram" || f.type === "summary") && /_(bucket|sum|count)$/.test(name) && name.replace(/_(bucket|sum|count)$/, "") === f.name,
      );
    if (!family) throw new Error(`${where}: muestra de una métrica sin declarar: ${name}`);
    family.samples.push({ name, labels: labelText ? labels(labelText, where) : {}, value: number(value, where) });
  });
  for (const family of families.values()) if (family.type === "histogram") checkHistogram(family);
  return families;
}

/** Per series (labels but le), buckets that never decrease, a +Inf bucket equal to _count. */
function checkHistogram(family: Family) {
  const series = new Map<string, { buckets: Array<[number, number]>; count?: number }>();
  const keyOf = (labels: Record<string, string>) =>
    JSON.stringify(
      Object.entries(labels)
        .filter(([name]) => name !== "le")
        .sort(),
    );
  for (const sample of family.samples) {
    const entry = series.get(keyOf(sample.labels)) ?? { buckets: [] };
    series.set(keyOf(sample.labels), entry);
    if (sample.name.endsWith("_bucket")) entry.buckets.push([number(sample.labels.le ?? "", `${family.name} le`), sample.value]);
    if (sample.name.endsWith("_count")) entry.count = sample.value;
  }
  for (const [key, { buckets, count }] of series) {
    buckets.forEach(([, value], i) => {
      if (i && value < buckets[i - 1][1]) throw new Error(`${family.name}${key}: los buckets no son acumulativos`);
    });
    const last = buckets.at(-1);
    if (!last || last[0] !== Infinity || last[1] !== count) throw new Error(`${family.name}${key}: falta el bucket +Inf igual a _count`);
  }
}

/** The value of a family's sample with exactly these labels (0 when absent: a counter not yet counted). */
export function sampleValue(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const family = families.get(name.replace(/_(bucket|sum|count)$/, "")) ?? families.get(name);
  const wanted = JSON.stringify(Object.entries(labels).sort());
  return family?.samples.find((s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === wanted)?.value ?? 0;
}
