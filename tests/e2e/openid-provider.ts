// The local OpenID provider the end-to-end server signs readers in with as "Google"
// (playwright.config.ts starts it as a second web server and points GOOGLE_ISSUER at it): the
// oidc-provider package with its own login and consent screens (tests/support/openid-provider.ts).
import { startTestOpenIdProvider } from "../support/openid-provider";

const port = Number(process.env.OIDC_PORT);
const site = process.env.SITE_ORIGIN;
if (!port || !site) throw new Error("OIDC_PORT y SITE_ORIGIN son obligatorios");

const provider = await startTestOpenIdProvider({
  host: "localhost",
  port,
  clients: [{ client_id: process.env.OIDC_CLIENT_ID!, client_secret: process.env.OIDC_CLIENT_SECRET!, redirect_uris: [`${site}/-revista-semana/`] }],
});
console.log(`proveedor OpenID de prueba en ${provider.issuer}`);
