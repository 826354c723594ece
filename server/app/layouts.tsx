// The layouts editors choose in a page's "layout": each names its regions and places them.
import type { LayoutDefinition, LayoutProps } from "../../runtime/types";

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
          {regions.sidebar && <aside className="layout__sidebar" aria-label="Más noticias">{regions.sidebar}</aside>}
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

export const layouts: LayoutDefinition[] = [
  { name: "main-sidebar", regions: ["header", "top", "main", "sidebar", "bottom", "footer"], component: MainSidebar },
  { name: "header-main-footer", regions: ["header", "main", "footer"], component: HeaderMainFooter },
  { name: "header-main-footer-serif", regions: ["header", "main", "footer"], component: (props) => <HeaderMainFooter {...props} serif /> },
  { name: "landing", regions: ["header", "main-landing", "footer"], component: Landing },
  { name: "single-section", regions: ["main"], component: SingleSection },
];
