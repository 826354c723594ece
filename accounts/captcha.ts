// The captcha (reCAPTCHA v3) when RECAPTCHA_SECRET_KEY is set: which calls ask for one, and the
// server-side check of a token through Google's siteverify protocol (docs/accounts.md#captcha).
import type { Logger } from "../runtime/types";
import type { Settings } from "../platform/settings";
import type { CaptchaAction, CaptchaOptions } from "./context";

/**
 * reCAPTCHA v3 server-side check through the siteverify protocol: the token must pass, score at
 * least `minimumScore`, and have been made for this call's action (a sign-in's token does not buy).
 */
function recaptchaVerifier(
  secret: string,
  logger: Logger,
  minimumScore: number,
  /** Google's siteverify by default (RECAPTCHA_VERIFY_URL, platform/settings.ts). */
  verifyUrl: string,
): (token: string, action: CaptchaAction) => Promise<boolean> {
  return async (token, action) => {
    try {
      const response = await fetch(verifyUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ secret, response: token }),
        signal: AbortSignal.timeout(5000),
      });
      const result = (await response.json()) as { success?: boolean; score?: number; action?: string; "error-codes"?: string[] };
      // A wrong secret is the operator's mistake, not the reader's: say so in the log.
      if (result["error-codes"]?.some((code) => code.includes("secret")))
        logger.error("cuentas: reCAPTCHA rechazó la clave secreta", { codes: result["error-codes"] });
      return (
        result.success === true && (result.score === undefined || result.score >= minimumScore) && (result.action === undefined || result.action === action)
      );
    } catch (error) {
      logger.error("cuentas: no se pudo verificar el captcha", { error: (error as Error).message });
      return false;
    }
  };
}

export function captchaOptions(settings: Settings, logger: Logger): CaptchaOptions {
  if (!settings.RECAPTCHA_SECRET_KEY) return {};
  return {
    signin: true,
    signup: true,
    magicLink: true,
    resetPassword: true,
    checkout: true,
    siteKey: settings.RECAPTCHA_SITE_KEY,
    scriptUrl: settings.RECAPTCHA_SCRIPT_URL,
    verify: recaptchaVerifier(settings.RECAPTCHA_SECRET_KEY, logger, 0.5, settings.RECAPTCHA_VERIFY_URL),
  };
}
