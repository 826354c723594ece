import type { TagLink } from "../../domain/articles";
import styles from "./styles.module.css";

const RELATED_TAGS_TITLE = "Temas relacionados";

/** The article's first 5 non-empty tags, each linking to its tag page /noticias/<slug>/ (docs/article-pages.md#related-tags). */
export function RelatedTags({ tags }: { tags: TagLink[] }) {
  if (!tags.length) return null;
  return (
    <nav className={styles.tags} aria-label={RELATED_TAGS_TITLE} data-related-tags="">
      <p className={styles.tagsTitle}>{RELATED_TAGS_TITLE}</p>
      <ul>
        {tags.map((tag) => (
          <li key={tag.href}>
            <a href={tag.href}>{tag.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
