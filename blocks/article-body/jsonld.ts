// Structured data in an inline <script>: no React and no sanitiser, so the component can use it.

/** JSON for an inline <script>: "<" escaped so content can never close the script element. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
