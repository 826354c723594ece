// Finds where a JSON pointer lives in the JSON text, so a problem is reported at file:line:column.
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser";
import { parsePointer } from "../runtime/json-pointer";

export interface Position {
  line: number;
  column: number;
}

export class JsonDocument {
  readonly root: Node | undefined;
  readonly syntaxErrors: Array<{ message: string; position: Position }>;
  private lineStarts: number[];

  constructor(readonly text: string) {
    const errors: ParseError[] = [];
    this.root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
    this.lineStarts = [0];
    for (let i = 0; i < text.length; i++) if (text[i] === "\n") this.lineStarts.push(i + 1);
    this.syntaxErrors = errors.map((e) => ({ message: syntaxMessage(printParseErrorCode(e.error)), position: this.positionAt(e.offset) }));
  }

  positionAt(offset: number): Position {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low] + 1 };
  }

  /**
   * Position of the value at `pointer` (or of its property name when `atKey`), falling back to the
   * nearest ancestor that exists in the text.
   */
  locate(pointer: string, atKey = false): Position {
    if (!this.root) return { line: 1, column: 1 };
    const segments = parsePointer(pointer);
    for (let length = segments.length; length >= 0; length--) {
      const path = segments.slice(0, length).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
      const node = findNodeAtLocation(this.root, path);
      if (!node) continue;
      if (atKey && length === segments.length && node.parent?.type === "property" && node.parent.children?.[0]) {
        return this.positionAt(node.parent.children[0].offset);
      }
      return this.positionAt(node.offset);
    }
    return { line: 1, column: 1 };
  }
}

const SYNTAX_MESSAGES: Record<string, string> = {
  InvalidSymbol: "símbolo no válido",
  InvalidNumberFormat: "número mal escrito",
  PropertyNameExpected: "se esperaba el nombre de una propiedad entre comillas",
  ValueExpected: "se esperaba un valor",
  ColonExpected: "se esperaban dos puntos (:)",
  CommaExpected: "falta una coma (,)",
  CloseBraceExpected: "falta cerrar la llave (})",
  CloseBracketExpected: "falta cerrar el corchete (])",
  EndOfFileExpected: "sobra texto después del final del JSON",
  InvalidCommentToken: "los comentarios no están permitidos en JSON",
  UnexpectedEndOfComment: "comentario sin cerrar",
  UnexpectedEndOfString: "texto sin comillas de cierre",
  UnexpectedEndOfNumber: "número incompleto",
  InvalidUnicode: "secuencia unicode no válida",
  InvalidEscapeCharacter: "carácter de escape no válido",
  InvalidCharacter: "carácter no válido",
};

function syntaxMessage(code: string): string {
  return `JSON mal formado: ${SYNTAX_MESSAGES[code] ?? code}`;
}
