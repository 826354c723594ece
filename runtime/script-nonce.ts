// A block that must run a script before the page is painted (before hydration) renders it inline;
// the Content-Security-Policy runs inline scripts only with this response's nonce
// (docs/decisions/0012-threat-model.md). The document provides it on the server; in the browser it
// is undefined, and browsers hide a nonce from the DOM anyway, so hydration compares nothing.
import { createContext, useContext } from "react";

export const ScriptNonce = createContext<string | undefined>(undefined);

/** This response's nonce on the server; undefined in the browser. */
export function useScriptNonce(): string | undefined {
  return useContext(ScriptNonce);
}
