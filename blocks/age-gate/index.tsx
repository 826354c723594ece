"use client";

import { useEffect, useRef, useState } from "react";
import { useScriptNonce } from "../../runtime/script-nonce";
import type { BlockProps } from "../../runtime/types";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** docs/brands.md#age-gate: texts and the session flag. */
export const AGE_GATE_TEXT = "solo los mayores de edad";
export const AGE_GATE_BUTTON = "TENGO MÁS DE 18 AÑOS";
export const AGE_SESSION_KEY = "sohoAge";
export const AGE_SESSION_VALUE = "true";

/** True when this browser session already confirmed its age; false when unknown or storage is off. */
export function ageConfirmed(storage: Pick<Storage, "getItem"> | undefined = safeSessionStorage()): boolean {
  try {
    return storage?.getItem(AGE_SESSION_KEY) === AGE_SESSION_VALUE;
  } catch {
    return false;
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Runs as the page is parsed, before it is painted and before React starts: a reader who already
 * confirmed never sees the gate flash. React then removes the gate for good.
 */
export function hideIfConfirmedScript(gateId: string): string {
  return `(function(){try{if(sessionStorage.getItem(${JSON.stringify(AGE_SESSION_KEY)})===${JSON.stringify(AGE_SESSION_VALUE)}){var g=document.getElementById(${JSON.stringify(gateId)});if(g)g.setAttribute("data-confirmed","")}}catch(e){}})()`;
}

type GateState = "unknown" | "asking" | "confirmed";

/**
 * Soho's age gate: a blurred full-screen overlay until the reader says they are over 18, once per
 * session. It renders from its settings alone (no server half: data is null).
 */
export default function AgeGate({ id }: BlockProps<Settings, null>) {
  const gateId = `${id}-verificacion-edad`;
  const [state, setState] = useState<GateState>("unknown");
  const button = useRef<HTMLButtonElement>(null);
  const nonce = useScriptNonce();

  useEffect(() => setState(ageConfirmed() ? "confirmed" : "asking"), []);

  useEffect(() => {
    if (state !== "asking") return;
    // While the gate is up the page behind neither scrolls nor takes the keyboard focus.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    button.current?.focus();
    const keepFocus = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      event.preventDefault();
      button.current?.focus();
    };
    document.addEventListener("keydown", keepFocus);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener("keydown", keepFocus);
    };
  }, [state]);

  if (state === "confirmed") return null;

  const confirm = () => {
    try {
      safeSessionStorage()?.setItem(AGE_SESSION_KEY, AGE_SESSION_VALUE);
    } catch {
      // Storage refused (private mode, quota): the gate still opens for this page.
    }
    setState("confirmed");
  };

  return (
    <>
      {/* The pre-paint script may mark the gate confirmed before React hydrates it. */}
      <div id={gateId} className={styles.gate} role="dialog" aria-modal="true" aria-labelledby={`${gateId}-texto`} suppressHydrationWarning>
        <div className={styles.box}>
          <span className={styles.badge} aria-hidden="true">
            +18
          </span>
          <p id={`${gateId}-texto`} className={styles.text}>
            {AGE_GATE_TEXT}
          </p>
          <button ref={button} type="button" className={styles.button} onClick={confirm}>
            {AGE_GATE_BUTTON}
          </button>
        </div>
      </div>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: hideIfConfirmedScript(gateId) }} />
    </>
  );
}
