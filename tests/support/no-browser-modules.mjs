// `node --import ./tests/support/no-browser-modules.mjs …`: a command run this way fails at once if
// anything it loads imports React or a stylesheet. The CLI tests run the validating and generating
// commands so, to prove they need neither.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (/^react(-dom)?(\\/|$)/.test(specifier) || /\\.css(\\?.*)?$/.test(specifier)) {
    throw new Error("módulo de navegador cargado por un comando que no debería necesitarlo: " + specifier + " (desde " + context.parentURL + ")");
  }
  return next(specifier, context);
}`),
);
