import { IDENTITY_ERROR_MESSAGES, GENERIC_ERROR_MESSAGE } from "../../domain/errors";
import { sitePath } from "../../domain/urls";
import { defineBlockServer } from "../../runtime/define";
import type { Settings } from "./settings";

/** What the access page's form for readers without JavaScript needs from the address. */
export interface Data {
  /** Where to go after signing in: a path on this site. */
  redirect: string;
  /** The message of a refused sign-in (?error=<code>), in Spanish. */
  error?: string;
}

/**
 * The access page reads its address in the browser; for readers without JavaScript its form needs
 * the redirect target and the refusal's message on the server (domain/routes.ts FORM_LOGIN_PATH).
 */
export default defineBlockServer<Settings, Data>({
  queryParams: ["redirect", "error"],
  transform: (_raw, _settings, context) => {
    const code = context.query.error;
    return {
      redirect: sitePath(context.query.redirect, "http://sitio.invalid") ?? "/",
      ...(code ? { error: IDENTITY_ERROR_MESSAGES[code] ?? GENERIC_ERROR_MESSAGE } : {}),
    };
  },
});
