// The subset of the Content API's query-string syntax (Lucene) that the store understands, both ways:
// parseQueryString turns an editor's or a remote client's `q` into store criteria; toQueryString
// writes criteria as `q` for an Arc-compatible API. Supported:
//   field:value  field:"quoted value"  field:("a" OR "b")  field:[2024-01-01 TO 2024-01-02}
//   -field:value  NOT field:value  _exists_:promo_items.basic.url  AND (implicit)  *:* (everything)
//   bare words, "phrases" and -words (full-text search)
import type { DateRange, DocumentFilter, DocumentMatch } from "./document-filters";

export class QueryStringError extends Error {}

/** Lucene field → store criterion. */
const LIST_FIELDS: Record<string, keyof DocumentMatch> = {
  _id: "ids",
  type: "types",
  subtype: "subtypes",
  "taxonomy.sections._id": "sections",
  "taxonomy.primary_section._id": "primarySections",
  "taxonomy.tags.slug": "tags",
  "credits.by._id": "authors",
  "source.system": "sourceSystems",
  youtube_content_id: "youtubeIds",
};
const DATE_FIELDS = { publish_date: "publishDate", display_date: "displayDate" } as const;
const PROMO_IMAGE_FIELD = "promo_items.basic.url";

const QUERY_STRING_FIELDS = [...Object.keys(LIST_FIELDS), ...Object.keys(DATE_FIELDS), `_exists_:${PROMO_IMAGE_FIELD}`];

/** What a query string says, without the brand (the website parameter carries it). */
export type QueryCriteria = Omit<DocumentFilter, "brand">;

export interface ParseOptions {
  /** "text": an unknown field:value is searched as words (a reader's search box). Default "error". */
  unknownFields?: "error" | "text";
}

type Value = { kind: "values"; values: string[] } | { kind: "range"; from: string; to: string; fromInclusive: boolean; toInclusive: boolean };

class Scanner {
  position = 0;
  constructor(readonly input: string) {}
  get done() {
    return this.position >= this.input.length;
  }
  peek() {
    return this.input[this.position];
  }
  skipSpace() {
    while (!this.done && /\s/.test(this.peek())) this.position++;
  }
  fail(message: string, at = this.position): never {
    throw new QueryStringError(`${message} (posición ${at + 1} de «${this.input}»)`);
  }
  quoted(): string {
    const start = this.position;
    this.position++; // opening quote
    let out = "";
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === "\\" && this.position + 1 < this.input.length) this.position++;
      out += this.input[this.position++];
    }
    if (this.done) this.fail("comillas sin cerrar", start);
    this.position++;
    return out;
  }
  word(stop = /[\s()]/): string {
    const start = this.position;
    while (!this.done && !stop.test(this.peek())) this.position++;
    return this.input.slice(start, this.position);
  }
  value(): Value {
    const ch = this.peek();
    if (ch === '"') return { kind: "values", values: [this.quoted()] };
    if (ch === "(") {
      this.position++;
      const values: string[] = [];
      for (;;) {
        this.skipSpace();
        if (this.done) this.fail("paréntesis sin cerrar");
        if (this.peek() === ")") {
          this.position++;
          break;
        }
        const item = this.peek() === '"' ? this.quoted() : this.word();
        if (item !== "OR") values.push(item);
      }
      if (!values.length) this.fail("grupo vacío");
      return { kind: "values", values };
    }
    if (ch === "[" || ch === "{") {
      this.position++;
      const body = this.word(/[\]}]/);
      if (this.done) this.fail("rango sin cerrar");
      const toInclusive = this.peek() === "]";
      this.position++;
      const match = /^\s*(\S+)\s+TO\s+(\S+)\s*$/.exec(body);
      if (!match) this.fail(`rango «${body}» no tiene la forma [desde TO hasta]`);
      return { kind: "range", from: match[1], to: match[2], fromInclusive: ch === "[", toInclusive };
    }
    const word = this.word();
    if (!word) this.fail("falta el valor");
    return { kind: "values", values: [word] };
  }
}

function dateBound(value: string, field: string): string | undefined {
  if (value === "*") return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new QueryStringError(`${field}: «${value}» no es una fecha`);
  return new Date(time).toISOString();
}

/**
 * Parses a query string into store criteria; throws QueryStringError naming what is wrong.
 * With unknownFields "text" it never throws: what it cannot read is searched as words.
 */
export function parseQueryString(input: string, options: ParseOptions = {}): QueryCriteria {
  if (options.unknownFields !== "text") return parseStrict(input, options);
  try {
    return parseStrict(input, options);
  } catch (error) {
    if (!(error instanceof QueryStringError)) throw error;
    const words = input.replace(/[+&|!(){}[\]^"~*?:\\/]/g, " ").trim();
    return words ? { text: words } : {};
  }
}

function parseStrict(input: string, options: ParseOptions): QueryCriteria {
  const criteria: QueryCriteria = {};
  const text: string[] = [];
  const scanner: Scanner = new Scanner(input);
  let negateNext = false;
  for (;;) {
    scanner.skipSpace();
    if (scanner.done) break;
    let negated = negateNext;
    negateNext = false;
    if (scanner.peek() === "-" || scanner.peek() === "!") {
      negated = true;
      scanner.position++;
    }
    const start = scanner.position;
    // Free text keeps the web-search syntax that the full-text search understands: "phrase" and -word.
    if (scanner.peek() === '"') {
      text.push(`${negated ? "-" : ""}"${scanner.quoted()}"`);
      continue;
    }
    const head = /^([A-Za-z_][\w.]*):/.exec(input.slice(scanner.position));
    if (!head) {
      const word = scanner.word(/\s/);
      if (word === "AND" || word === "&&" || word === "*:*" || word === "*") continue;
      if (word === "NOT") {
        negateNext = true;
        continue;
      }
      if (word === "OR" || word === "||") {
        if (options.unknownFields !== "text") scanner.fail("OR sólo se admite entre paréntesis, p. ej. type:(story OR video)");
        continue;
      }
      text.push(`${negated ? "-" : ""}${word}`);
      continue;
    }
    const field = head[1];
    scanner.position += head[0].length;
    const known = field === "_exists_" || field in LIST_FIELDS || field in DATE_FIELDS;
    if (!known) {
      if (options.unknownFields === "text") {
        scanner.position = start;
        text.push(scanner.word(/\s/).replace(/:/g, " "));
        continue;
      }
      scanner.fail(`campo «${field}» no admitido (admitidos: ${QUERY_STRING_FIELDS.join(", ")})`);
    }
    if (scanner.done) scanner.fail(`falta el valor de ${field}`);
    const value = scanner.value();
    if (field === "_exists_") {
      if (value.kind !== "values" || value.values.length !== 1 || value.values[0] !== PROMO_IMAGE_FIELD) {
        scanner.fail(`_exists_ sólo admite ${PROMO_IMAGE_FIELD}`);
      }
      criteria.hasPromoImage = !negated;
      continue;
    }
    if (field in DATE_FIELDS) {
      if (value.kind !== "range" || negated) scanner.fail(`${field} admite sólo un rango, p. ej. ${field}:[2024-01-01 TO 2024-01-02}`);
      const range: DateRange = {};
      const from = dateBound(value.from, field);
      const to = dateBound(value.to, field);
      if (from) range[value.fromInclusive ? "gte" : "gt"] = from;
      if (to) range[value.toInclusive ? "lte" : "lt"] = to;
      criteria[DATE_FIELDS[field as keyof typeof DATE_FIELDS]] = range;
      continue;
    }
    if (value.kind !== "values") scanner.fail(`${field} no admite rangos`);
    const key = LIST_FIELDS[field];
    const target: DocumentMatch = negated ? (criteria.exclude ??= {}) : criteria;
    if (target[key]) scanner.fail(`${field} aparece dos veces; use ${field}:("a" OR "b")`);
    target[key] = value.values;
  }
  if (text.length) criteria.text = text.join(" ");
  return criteria;
}

const quote = (value: string) => `"${value.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;

function listClause(field: string, values: string[]): string {
  return values.length === 1 ? `${field}:${quote(values[0])}` : `${field}:(${values.map(quote).join(" OR ")})`;
}

function rangeClause(field: string, range: DateRange): string {
  const from = range.gte ?? range.gt ?? "*";
  const to = range.lte ?? range.lt ?? "*";
  return `${field}:${range.gt ? "{" : "["}${from} TO ${to}${range.lt ? "}" : "]"}`;
}

/** Writes store criteria as a query string that parseQueryString (and an Arc Content API) reads back. */
export function toQueryString(criteria: QueryCriteria): string {
  const clauses: string[] = [];
  for (const [field, key] of Object.entries(LIST_FIELDS)) {
    const values = criteria[key];
    if (values?.length) clauses.push(listClause(field, values));
    const excluded = criteria.exclude?.[key];
    if (excluded?.length) clauses.push(`-${listClause(field, excluded)}`);
  }
  for (const [field, key] of Object.entries(DATE_FIELDS)) {
    const range = criteria[key];
    if (range && Object.keys(range).length) clauses.push(rangeClause(field, range));
  }
  if (criteria.hasPromoImage !== undefined) clauses.push(`${criteria.hasPromoImage ? "" : "-"}_exists_:${PROMO_IMAGE_FIELD}`);
  // Free words last, stripped of the reserved characters other than "phrase" quotes and -word.
  const words = criteria.text
    ?.replace(/[+&|!(){}[\]^~*?:\\/]/g, " ")
    .replace(/(^|\s)-(?=\s|$)/g, " ")
    .trim();
  if (words) clauses.push(words);
  return clauses.length ? clauses.join(" AND ") : "*:*";
}
