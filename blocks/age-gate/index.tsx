import { useScriptNonce } from "../../runtime/script-nonce";
import type { BlockProps } from "../../runtime/types";
import { AGE_GATE_BUTTON, AGE_GATE_TEXT, AGE_SESSION_KEY, AGE_SESSION_VALUE, hideIfConfirmedScript } from "./gate";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/**
 * Soho's age gate: a blurred full-screen overlay until the reader says they are over 18, once per
 * session. Server HTML only (no server half: data is null): it covers the page before any script
 * runs; the script after it hides it for a session that already confirmed, and ./enhance.ts holds
 * the page until the reader confirms.
 */
export default function AgeGate({ id }: BlockProps<Settings, null>) {
  const gateId = `${id}-verificacion-edad`;
  const nonce = useScriptNonce();
  return (
    <>
      <div
        id={gateId}
        className={styles.gate}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${gateId}-texto`}
        data-age-gate=""
        data-session-flag={AGE_SESSION_KEY}
        data-session-value={AGE_SESSION_VALUE}
      >
        <div className={styles.box}>
          <span className={styles.badge} aria-hidden="true">
            +18
          </span>
          <p id={`${gateId}-texto`} className={styles.text}>
            {AGE_GATE_TEXT}
          </p>
          <button type="button" className={styles.button} data-age-confirm="">
            {AGE_GATE_BUTTON}
          </button>
        </div>
      </div>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: hideIfConfirmedScript(gateId) }} />
    </>
  );
}
