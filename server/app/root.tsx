import { cssBundleHref } from "@remix-run/css-bundle";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteError, isRouteErrorResponse } from "@remix-run/react";
import { useContext } from "react";
import { RenderContext } from "./views";
import { ScriptNonce } from "../../runtime/script-nonce";
import { rootLoader } from "./root.server";
import globalStyles from "./styles/global.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: globalStyles },
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const loader = (args: LoaderFunctionArgs) => rootLoader(args);

export function Layout({ children }: { children: React.ReactNode }) {
  // The server's nonce for this response (the Content-Security-Policy header names it); the browser
  // does not need it to hydrate.
  const { nonce } = useContext(RenderContext);
  return (
    <html lang="es-CO">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#contenido">
          Saltar al contenido
        </a>
        <ScriptNonce.Provider value={nonce}>{children}</ScriptNonce.Provider>
        {/* The page element the login modal renders into (docs/login-modal.md#panes). */}
        <div id="modal" />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { brand, themeCss } = useLoaderData<typeof loader>();
  return (
    <div data-brand={brand}>
      <style dangerouslySetInnerHTML={{ __html: themeCss }} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="contenido" className="container error-page">
      <h1>{status === 404 ? "Página no encontrada" : "Algo salió mal"}</h1>
      <p>{status === 404 ? "La página que busca no existe o cambió de dirección." : "No pudimos mostrar esta página. Intente de nuevo en unos minutos."}</p>
      <p>
        <a href="/">Volver a la portada</a>
      </p>
    </main>
  );
}
