// JSON pointers (RFC 6901): where in a page definition a problem is, whatever holds the page.

export function parsePointer(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export function joinPointer(...segments: Array<string | number>): string {
  return segments.map((s) => "/" + String(s).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}
