// reCAPTCHA v3 (invisible) in the account and checkout forms (docs/accounts.md#captcha). Nothing
// loads unless the server asks for a captcha: the config answers say which calls need one, the
// site key and the script's address (Google's, or a local stand-in in tests); the script is added
// to the page on the first submit that needs it, and each call gets a fresh token (one verifies once).
import { errorCode } from "./apiErrors";
import { loadSdks } from "./session";

export type CaptchaCall = "signin" | "signup" | "magicLink" | "resetPassword" | "checkout";

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

interface CaptchaSettings {
  required: boolean;
  siteKey: string | null;
  scriptUrl: string | null;
}

const IDENTITY_FLAGS: Record<Exclude<CaptchaCall, "checkout">, string> = {
  signin: "signinRecaptcha",
  signup: "signupRecaptcha",
  magicLink: "magicLinkRecaptcha",
  resetPassword: "resetPasswordRecaptcha",
};

const CAPTCHA_INVALID = "130001";
const CAPTCHA_LOAD_FAILED = "No pudimos cargar la verificación de seguridad. Revisa tu conexión e intenta de nuevo.";

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

async function settingsFor(call: CaptchaCall): Promise<CaptchaSettings> {
  const { Identity, Sales } = await loadSdks();
  if (call === "checkout") {
    const config = (await Sales.getConfig()) as unknown as Record<string, unknown>;
    return { required: config.checkoutRecaptchaEnabled === true, siteKey: text(config.recaptchaKey), scriptUrl: text(config.recaptchaScriptUrl) };
  }
  const config = (await Identity.getConfig()) as unknown as Record<string, unknown>;
  return { required: config[IDENTITY_FLAGS[call]] === true, siteKey: text(config.recaptchaSiteKey), scriptUrl: text(config.recaptchaScriptUrl) };
}

/** The script's address with the site key: https only (http on this machine, for the tests' stand-in). */
function scriptAddress(scriptUrl: string, siteKey: string): string {
  const url = new URL(scriptUrl, window.location.href);
  const local = url.hostname === "localhost" || url.hostname === "127.0.0.1";
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) throw new Error(CAPTCHA_LOAD_FAILED);
  url.searchParams.set("render", siteKey);
  return url.href;
}

let loading: Promise<Grecaptcha> | null = null;

function loadScript(scriptUrl: string, siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const failed = () => {
      loading = null; // the next submit tries again
      reject(new Error(CAPTCHA_LOAD_FAILED));
    };
    const script = document.createElement("script");
    script.src = scriptAddress(scriptUrl, siteKey);
    script.async = true;
    script.onload = () => {
      const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (grecaptcha?.ready) grecaptcha.ready(() => resolve(grecaptcha));
      else failed();
    };
    script.onerror = failed;
    document.head.appendChild(script);
  });
  return loading;
}

/** A token for `call` when the server asks for one (or `force`: it asked after wrong passwords); else undefined. */
async function captchaToken(call: CaptchaCall, force = false): Promise<string | undefined> {
  const { required, siteKey, scriptUrl } = await settingsFor(call);
  if (!(required || force) || !siteKey || !scriptUrl) return undefined;
  const grecaptcha = await loadScript(scriptUrl, siteKey);
  return grecaptcha.execute(siteKey, { action: call });
}

/**
 * Sends a form's call with a captcha token when one is needed. A sign-in the server answers with
 * 130001 and `captchaRequired` (5 wrong passwords for that account) is sent once more with a token.
 */
export async function withCaptcha<T>(call: CaptchaCall, send: (recaptchaToken: string | undefined) => Promise<T>): Promise<T> {
  const token = await captchaToken(call);
  try {
    return await send(token);
  } catch (failure) {
    const asked = errorCode(failure) === CAPTCHA_INVALID && (failure as { captchaRequired?: unknown }).captchaRequired === true;
    if (token || !asked) throw failure;
    const forced = await captchaToken(call, true);
    if (!forced) throw failure;
    return send(forced);
  }
}
