import type { BlockProps } from "../../runtime/types";
import { ListingSection } from "../_shared/Listing";
import { StoryCard } from "../_shared/StoryCard";
import { hasNextPage, LOAD_MORE_LABEL, loadMoreListId } from "../_shared/loadMore";
import { LoadMoreButton } from "../_shared/LoadMoreButton";
import listing from "../_shared/Listing.module.css";
import type { Data, FacetLink, SearchResultItem } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** Characters a reader may type (the search keeps 200; longer pasted text is cut on the server). */
const INPUT_MAX_LENGTH = 200;

function resultsLabel(count: number, query: string): string {
  return `${count.toLocaleString("es-CO")} ${count === 1 ? "resultado" : "resultados"} para «${query}»`;
}

function Facet({ title, links }: { title: string; links: FacetLink[] }) {
  if (!links.length) return null;
  return (
    <nav className={styles.facet} aria-label={title}>
      <h2 className={styles.facetTitle}>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} aria-current={link.active ? "true" : undefined} className={link.active ? styles.active : undefined} rel="nofollow">
              {link.label}
              {link.count !== undefined && <span className={styles.count}>{` (${link.count.toLocaleString("es-CO")})`}</span>}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Result({ item }: { item: SearchResultItem }) {
  return (
    <li data-key={item.id} className={styles.result}>
      <StoryCard story={item} variant="compact" time="date" headingLevel={3} />
      {item.snippet.length > 0 && (
        <p className={styles.snippet}>
          {item.snippet.map((part, index) => (part.mark ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
        </p>
      )}
    </li>
  );
}

/**
 * The search page: the form, the facets (plain links: the page works without JavaScript), the
 * results with their highlighted snippets and 'Cargar más artículos' (the block's enhancer appends
 * the next page the server renders). Everything from the content is rendered as text.
 */
export default function SearchResults({ id, pageId, data }: BlockProps<Settings, Data>) {
  const { results, query, facets } = data;
  const next = hasNextPage(results) ? results.next : undefined;
  return (
    <ListingSection id={id} title={data.title} headingLevel={1}>
      <form className={styles.form} role="search" method="get" action="/buscador/">
        <label htmlFor={`${id}-query`} className={styles.label}>
          Buscar en el sitio
        </label>
        <div className={styles.row}>
          <input
            id={`${id}-query`}
            className={styles.input}
            type="search"
            name="query"
            defaultValue={query}
            maxLength={INPUT_MAX_LENGTH}
            placeholder="¿Qué está buscando?"
            autoComplete="off"
          />
          <button type="submit" className={styles.submit}>
            Buscar
          </button>
        </div>
      </form>
      {!query ? (
        <p className={styles.empty}>Escriba una o varias palabras para buscar noticias, videos y galerías.</p>
      ) : (
        <div className={styles.layout}>
          <aside className={styles.facets} aria-label="Filtros">
            <Facet title="Sección" links={facets.sections} />
            <Facet title="Tipo de contenido" links={facets.types} />
            <Facet title="Fecha" links={facets.dates} />
            <form className={styles.dates} method="get" action="/buscador/">
              <input type="hidden" name="query" value={query} />
              <label>
                Desde <input type="date" name="desde" defaultValue={data.desde} />
              </label>
              <label>
                Hasta <input type="date" name="hasta" defaultValue={data.hasta} />
              </label>
              <button type="submit">Aplicar fechas</button>
            </form>
          </aside>
          <div className={styles.results}>
            {data.cut && <p className={styles.note}>Su búsqueda era muy larga: se buscaron solo las primeras palabras.</p>}
            {results.items.length > 0 ? (
              <>
                <p className={styles.summary} role="status">
                  {resultsLabel(results.count, query)}
                </p>
                <ul id={loadMoreListId(id)} className={styles.list} data-load-more-list="">
                  {results.items.map((item) => (
                    <Result key={item.id} item={item} />
                  ))}
                </ul>
                {next !== undefined && (
                  <div className={listing.more}>
                    <LoadMoreButton pageId={pageId} blockId={id} next={next} pagePath={data.pagePath} label={LOAD_MORE_LABEL} className={listing.button} />
                  </div>
                )}
              </>
            ) : (
              <div className={styles.empty} role="status">
                <p className={styles.emptyTitle}>No encontramos resultados para «{query}».</p>
                <p>Revise la ortografía, use menos palabras o palabras más generales{data.filtered ? " o quite los filtros" : ""}.</p>
                {data.filtered && (
                  <p>
                    <a href={`/buscador/?${new URLSearchParams({ query })}`}>Buscar «{query}» sin filtros</a>
                  </p>
                )}
              </div>
            )}
          </div>
        </div>
      )}
    </ListingSection>
  );
}
