// Who may use the editors' tools (/_editor/, /_bloques/, the live preview): they exist only outside
// production or with EDITOR=1, answer only requests from this machine, and touch files only inside
// the page-definitions folder (docs/decisions/0018-editor-tools.md).
import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { CACHE_CONTROL } from "../../platform/caching";
import type { Settings } from "../../platform/settings";
import { LAYOUTS_FOLDER } from "../../tooling/page-files";

/** The paths the tools answer; in production without EDITOR=1 nothing is mounted there. */
export const EDITOR_PREFIX = "/_editor";
export const CATALOGUE_PREFIX = "/_bloques";

/** On outside production unless EDITOR=0; in production only with EDITOR=1. */
export function editorToolsEnabled(settings: Pick<Settings, "EDITOR" | "NODE_ENV">): boolean {
  if (settings.EDITOR === "1") return true;
  if (settings.EDITOR === "0") return false;
  return settings.NODE_ENV !== "production";
}

/** The addresses of this machine (IPv4, IPv6 and IPv4 mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === "::1" || /^127\./.test(address) || /^::ffff:127\./.test(address);
}

/**
 * Whether a Host or Origin names this machine: localhost, a subdomain of it (the brands'
 * soho.localhost …) or a loopback address, with any port. A page of another site whose name was
 * rebound to 127.0.0.1 (DNS rebinding) still sends its own name, and is refused.
 */
export function isLocalHostName(host: string | undefined): boolean {
  if (!host || host.length > 255) return false;
  const lower = host.toLowerCase();
  const bracketed = /^\[(.*)\](:\d+)?$/.exec(lower);
  const name = bracketed ? bracketed[1] : lower.replace(/:\d+$/, "");
  return name === "localhost" || name.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(name) || name === "::1";
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * Only requests from this machine: the socket's own address (never X-Forwarded-For: a proxy in
 * front of a shared server would make every request look local, and that server must not run the
 * tools), a local Host, and for anything but a read no Origin of another site, so that neither a
 * rebound name nor a page of another site open in the editor's browser can write page definitions.
 */
export function localOnly(req: Request, res: Response, next: NextFunction) {
  const refuse = (why: string) =>
    res
      .status(403)
      .set("Cache-Control", CACHE_CONTROL.none)
      .type("text/plain")
      .send(`Las herramientas de edición solo responden en este equipo (localhost): ${why}.`);
  if (!isLoopback(req.socket.remoteAddress)) return refuse("la petición no viene de este equipo");
  if (!isLocalHostName(req.headers.host)) return refuse("el nombre pedido no es localhost");
  const reading = req.method === "GET" || req.method === "HEAD";
  const origin = req.headers.origin;
  if (!reading && (req.headers["sec-fetch-site"] === "cross-site" || (origin !== undefined && !isLocalHostName(originHost(origin))))) {
    return refuse("la petición viene de otro sitio");
  }
  next();
}

export class BadPathError extends Error {}

/**
 * The page-definition file a path from the browser names, inside `dir`: a relative path of
 * folders and a file name of lowercase letters, digits, '-' and '_', ending in .json, or a layout
 * file in a `_layouts` folder (docs/decisions/0074-layouts-own-the-shared-blocks.md). Anything else
 * (absolute paths, '..', backslashes, NUL, other extensions, layout-rules.json) is refused.
 */
export function pageFilePath(dir: string, relative: unknown): string {
  if (typeof relative !== "string" || relative.length === 0 || relative.length > 200) throw new BadPathError("ruta de archivo ausente o demasiado larga");
  const segments = relative.split("/");
  const name = (segment: string, i: number) => /^[a-z0-9][a-z0-9_-]*(\.json)?$/.test(segment) || (segment === LAYOUTS_FOLDER && i === segments.length - 2);
  const valid = segments.length >= 2 && segments.every(name);
  if (!valid || !relative.endsWith(".json") || segments.slice(0, -1).some((s) => s.endsWith(".json"))) {
    throw new BadPathError(`ruta de archivo no válida: ${JSON.stringify(relative.slice(0, 80))} (se espera marca/nombre.json dentro de page-definitions)`);
  }
  const root = path.resolve(dir);
  const file = path.resolve(root, ...segments);
  // Belt and braces: after resolution the file must still be inside the folder, also once symbolic
  // links are followed (a link inside the folder must not lead a write outside it).
  if (!file.startsWith(root + path.sep)) throw new BadPathError("la ruta sale de la carpeta de páginas");
  const realRoot = realPathOf(root);
  if (!realPathOf(file).startsWith(realRoot + path.sep)) throw new BadPathError("la ruta sale de la carpeta de páginas (por un enlace simbólico)");
  return file;
}

/**
 * The real path of a file, or of its nearest existing folder joined with the rest, for files yet to
 * be written. A link whose target does not exist yet is followed by hand.
 */
function realPathOf(file: string, depth = 0): string {
  let existing = file;
  const rest: string[] = [];
  while (!fs.lstatSync(existing, { throwIfNoEntry: false }) && path.dirname(existing) !== existing) {
    rest.unshift(path.basename(existing));
    existing = path.dirname(existing);
  }
  try {
    return path.join(fs.realpathSync(existing), ...rest);
  } catch {
    if (depth > 8) throw new BadPathError("enlaces simbólicos en círculo");
    const target = path.resolve(path.dirname(existing), fs.readlinkSync(existing));
    return path.join(realPathOf(target, depth + 1), ...rest);
  }
}
