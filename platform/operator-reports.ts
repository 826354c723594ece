// What the operators' reports under /_operador/ share (README.md, configuration: OPERATOR_TOKEN): who
// may read them, and the plain HTML page they are read in. A report answers JSON to a client that asks
// for it (Accept: application/json) and HTML otherwise; never cached, never indexed.
import { createHash, timingSafeEqual } from "node:crypto";
import type express from "express";
import { CACHE_CONTROL } from "./caching";

export interface OperatorAccess {
  /** OPERATOR_TOKEN: once set, every report asks for it as a bearer token, in every environment. */
  operatorToken?: string;
  /** Without a token, the reports are open outside production and do not exist in production. */
  production: boolean;
}

/** Compares a presented secret with the expected one in time that does not depend on where they differ. */
function sameSecret(presented: string, expected: string): boolean {
  const [a, b] = [createHash("sha256").update(presented).digest(), createHash("sha256").update(expected).digest()];
  return timingSafeEqual(a, b);
}

/**
 * Whether the request may read a report; if not, it has been answered 404 (a report is not
 * announced to whoever may not read it).
 */
export function operatorMayRead(req: express.Request, res: express.Response, access: OperatorAccess): boolean {
  const token = req.get("authorization")?.replace(/^Bearer\s+/i, "");
  const allowed = access.operatorToken ? sameSecret(token ?? "", access.operatorToken) : !access.production;
  if (!allowed) res.status(404).type("text/plain").send("No encontrado");
  return allowed;
}

/** A report's cell: text, or text that links to a path of the site. */
export type ReportCell = string | number | null | { text: string; href: string };

const escapeHtml = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function cellHtml(cell: ReportCell): string {
  if (cell === null) return "";
  if (typeof cell === "object") return `<a href="${escapeHtml(cell.href)}">${escapeHtml(cell.text)}</a>`;
  return escapeHtml(String(cell));
}

/**
 * Sends a report: `json` to a client that asks for JSON, otherwise an HTML table of `rows` under
 * `title`, every cell escaped (what readers sent is shown as text, never as markup).
 */
export function sendReport(
  req: express.Request,
  res: express.Response,
  report: { title: string; columns: string[]; rows: ReportCell[][]; empty: string; json: unknown },
): void {
  res.set("Cache-Control", CACHE_CONTROL.none);
  if (req.accepts(["html", "json"]) === "json") {
    res.json(report.json);
    return;
  }
  const body = report.rows.map((row) => `<tr>${row.map((cell) => `<td>${cellHtml(cell)}</td>`).join("")}</tr>`).join("");
  const head = report.columns.map((column) => `<th>${escapeHtml(column)}</th>`).join("");
  res.type("html")
    .send(`<!doctype html><html lang="es-CO"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(report.title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left;vertical-align:top}td{white-space:pre-wrap;overflow-wrap:anywhere}</style></head>
<body><h1>${escapeHtml(report.title)}</h1>
<table><thead><tr>${head}</tr></thead><tbody>${body || `<tr><td colspan="${report.columns.length}">${escapeHtml(report.empty)}</td></tr>`}</tbody></table></body></html>`);
}
