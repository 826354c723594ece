// The age gate's texts, its session flag and the script that hides the gate before the page is
// painted (docs/brands.md#age-gate).

export const AGE_GATE_TEXT = "solo los mayores de edad";
export const AGE_GATE_BUTTON = "TENGO MÁS DE 18 AÑOS";
export const AGE_SESSION_KEY = "sohoAge";
export const AGE_SESSION_VALUE = "true";

/**
 * Runs as the page is parsed, before it is painted and before any other script: for a session that
 * already confirmed, the gate is marked `data-confirmed` (hidden by its CSS, removed by ./enhance.ts).
 */
export function hideIfConfirmedScript(gateId: string): string {
  return `(function(){try{if(sessionStorage.getItem(${JSON.stringify(AGE_SESSION_KEY)})===${JSON.stringify(AGE_SESSION_VALUE)}){var g=document.getElementById(${JSON.stringify(gateId)});if(g)g.setAttribute("data-confirmed","")}}catch(e){}})()`;
}
