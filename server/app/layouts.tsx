// The components of the layouts of server/layouts.ts: each places its regions.
import type { LayoutProps, LayoutView } from "../../runtime/types";

function HeaderMainFooter({ regions, serif }: LayoutProps & { serif?: boolean }) {
  return (
    <div className={serif ? "layout layout--serif" : "layout"}>
      {regions.header}
      <main id="contenido" className="layout__main container">
        {regions.main}
      </main>
      {regions.footer}
    </div>
  );
}

function MainSidebar({ regions }: LayoutProps) {
  return (
    <div className="layout">
      {regions.header}
      <main id="contenido" className="layout__main">
        {regions.top && <div className="layout__top container">{regions.top}</div>}
        <div className="layout__columns container">
          <div className="layout__content">{regions.main}</div>
          {regions.sidebar && (
            <aside className="layout__sidebar" aria-label="Más noticias">
              {regions.sidebar}
            </aside>
          )}
        </div>
        {regions.bottom && <div className="layout__bottom container">{regions.bottom}</div>}
      </main>
      {regions.footer}
    </div>
  );
}

function Landing({ regions }: LayoutProps) {
  return (
    <div className="layout layout--landing">
      {regions.header}
      <main id="contenido" className="main-landing">
        {regions["main-landing"]}
      </main>
      {regions.footer}
    </div>
  );
}

function SingleSection({ regions }: LayoutProps) {
  return (
    <main id="contenido" className="layout layout--single">
      {regions.main}
    </main>
  );
}

function HeaderMainFooterSerif(props: LayoutProps) {
  return <HeaderMainFooter {...props} serif />;
}

/** Layout components by name (the names of server/layouts.ts). */
export const layoutViews: Record<string, LayoutView> = {
  "main-sidebar": MainSidebar,
  "header-main-footer": HeaderMainFooter,
  "header-main-footer-serif": HeaderMainFooterSerif,
  landing: Landing,
  "single-section": SingleSection,
};
