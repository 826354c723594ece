import { cssBundleHref } from "@remix-run/css-bundle";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteError, useRouteLoaderData, isRouteErrorResponse } from "@remix-run/react";
import { useContext } from "react";
import { RenderContext } from "./views";
import { ScriptNonce } from "../../runtime/script-nonce";
import { rootLoader } from "./root.server";
import { LoginModalHost } from "../../blocks/_shared/accounts/login-modal/LoginModalHost";
import { revalidateUnlessBlockState } from "../../runtime/block-history";
import globalStyles from "./styles/global.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: globalStyles },
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Back and forward between a block's own states keep the page's data (runtime/block-history.ts). */
export const shouldRevalidate: ShouldRevalidateFunction = revalidateUnlessBlockState;

export const loader = (args: LoaderFunctionArgs) => rootLoader(args);

export function Layout({ children }: { children: React.ReactNode }) {
  // The server's nonce for this response (the Content-Security-Policy header names it); the browser
  // does not need it to hydrate.
  const { nonce, theme } = useContext(RenderContext);
  // The live preview's script, only when the editors' tools are on (docs/decisions/0018-editor-tools.md).
  const { liveScript, previewScript } = (useRouteLoaderData<typeof loader>("root") ?? {}) as { liveScript?: string; previewScript?: string };
  return (
    // The theme script below may have set data-tema before React hydrates: not a mismatch.
    <html lang="es-CO" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The brand's tokens and the reader's dark theme, decided before the first paint
            (docs/carousels-and-blocks.md#dark-theme-switch): server text the browser keeps as written. */}
        <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: theme?.css ?? "" }} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: theme?.script ?? "" }} />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#contenido">
          Saltar al contenido
        </a>
        <ScriptNonce.Provider value={nonce}>{children}</ScriptNonce.Provider>
        {/* The page element the login modal renders into (docs/login-modal.md#panes), and its one host:
            any block opens the modal (openLoginModal), and the modal's code loads when it first opens. */}
        <div id="modal" />
        <LoginModalHost />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {liveScript && <script src={liveScript} nonce={nonce} async />}
        {previewScript && <script src={previewScript} nonce={nonce} async />}
      </body>
    </html>
  );
}

export default function App() {
  const { brand } = useLoaderData<typeof loader>();
  return (
    <div data-brand={brand}>
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
