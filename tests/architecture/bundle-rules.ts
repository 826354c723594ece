// What the browser bundle must not contain (docs/decisions/0001-block-contract.md): read from the
// metafile that the classic compiler writes for the browser build (build/metafile.js.json).

export interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<string, { bytes: number; entryPoint?: string; imports: Array<{ path: string; kind: string }> }>;
}

const RULES: Array<[RegExp, string]> = [
  [/\.server\.tsx?$/, "un módulo .server (código del servidor)"],
  [/^node_modules\/zod\//, "zod (esquemas de consultas y de contenido)"],
  [/^runtime\/(resolve|validate|cache|migrate|block-files|schema-builder|registry)\.ts$/, "la resolución o la validación del runtime"],
  [/^domain\/ans\.ts$/, "el análisis de documentos ANS"],
  [/^blocks\/_shared\/(cards|listingQueries)\.ts$/, "la reducción del contenido a tarjetas y las consultas de los listados (solo del servidor)"],
  [/^server\/(?!app\/)/, "código del servidor fuera de la aplicación Remix"],
  [/^node_modules\/(pg|@electric-sql|express|sharp|nodemailer|ajv|lru-cache)\//, "un paquete del servidor"],
];

/** Each input of the browser build that breaks a rule, with the rule. Emptied modules ("empty-module:") are fine. */
export function browserBundleProblems(metafile: Metafile): string[] {
  const problems: string[] = [];
  for (const input of Object.keys(metafile.inputs)) {
    for (const [pattern, what] of RULES) if (pattern.test(input)) problems.push(`${input}: ${what}`);
  }
  return problems;
}
