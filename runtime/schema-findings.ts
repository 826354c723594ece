// ajv's errors on a page definition as findings in the editor's words (Spanish): each keyword's message,
// a suggestion for a mistyped name, and only the errors that do not restate another one.
import type { ErrorObject } from "ajv";
import { suggest } from "./findings";

const TYPE_NAMES: Record<string, string> = {
  integer: "un número entero",
  number: "un número",
  string: "un texto entre comillas",
  boolean: "true o false",
  object: "un objeto { }",
  array: "una lista [ ]",
  null: "null",
};

/** What a date-time must look like (format "date-time"; the publication windows, runtime/schedule.ts). */
export const DATE_TIME_MESSAGE = "debe ser una fecha y hora ISO 8601 con su zona horaria, p. ej. «2026-12-01T06:00:00-05:00»";

/** The formats' words; another format keeps ajv's. */
const FORMAT_MESSAGES: Record<string, string> = { "date-time": DATE_TIME_MESSAGE, date: "debe ser una fecha AAAA-MM-DD, p. ej. «2026-12-01»" };

/** Drops errors that only restate another one (the "if" of each block branch, the oneOf branches). */
export function relevantErrors(errors: ErrorObject[]): ErrorObject[] {
  return errors.filter((e) => {
    if (e.keyword === "if") return false;
    return !e.schemaPath.startsWith("#/oneOf/");
  });
}

export function describeAjvError(error: ErrorObject, page: any, blockTypes: string[]): { pointer: string; message: string; value?: unknown; atKey?: boolean } {
  const pointer = error.instancePath;
  const value = error.data;
  const p = error.params as any;
  switch (error.keyword) {
    case "type":
      return { pointer, message: `debe ser ${TYPE_NAMES[p.type] ?? p.type}`, value };
    case "minimum":
    case "exclusiveMinimum":
      return { pointer, message: p.limit === 0 ? "no puede ser negativo" : `debe ser mayor o igual a ${p.limit}`, value };
    case "maximum":
    case "exclusiveMaximum":
      return { pointer, message: `debe ser menor o igual a ${p.limit}`, value };
    case "minLength":
      return { pointer, message: p.limit === 1 ? "no puede estar vacío" : `debe tener al menos ${p.limit} caracteres`, value };
    case "maxLength":
      return { pointer, message: `debe tener como máximo ${p.limit} caracteres`, value };
    case "pattern":
      return { pointer, message: `no tiene el formato esperado (${(error.parentSchema as any)?.description ?? p.pattern})`, value };
    case "required":
      return { pointer, message: `falta la propiedad obligatoria «${p.missingProperty}»` };
    case "additionalProperties": {
      const allowed = Object.keys((error.parentSchema as any)?.properties ?? {});
      return {
        pointer: `${pointer}/${p.additionalProperty}`,
        message: `propiedad desconocida «${p.additionalProperty}»${suggest(p.additionalProperty, allowed)}${allowed.length ? ` (permitidas: ${allowed.join(", ")})` : ""}`,
        value: p.additionalProperty,
        atKey: true,
      };
    }
    case "enum": {
      if (/^\/regions\/[^/]+\/\d+\/type$/.test(pointer)) {
        return { pointer, message: `tipo de bloque desconocido${suggest(String(value), blockTypes)} (registrados: ${blockTypes.join(", ")})`, value };
      }
      const allowed: unknown[] = p.allowedValues ?? [];
      return { pointer, message: `valor no permitido${suggest(String(value), allowed.map(String))}; valores posibles: ${allowed.join(", ")}`, value };
    }
    case "format":
      return { pointer, message: FORMAT_MESSAGES[p.format] ?? error.message ?? "formato no válido", value };
    case "const":
      return { pointer, message: `debe ser ${JSON.stringify(p.allowedValue)}`, value };
    case "oneOf":
      if (pointer === "" && page && typeof page === "object") {
        return page.route !== undefined && page.template !== undefined
          ? { pointer: "/template", message: "una página tiene «route» o «template», no ambos", value: page.template }
          : { pointer: "", message: "falta «route» (ruta de la página) o «template» (plantilla de artículo)" };
      }
      return { pointer, message: "no coincide con ninguna de las formas permitidas", value };
    default:
      return { pointer, message: error.message ?? error.keyword, value };
  }
}
