import type { BlockProps } from "../../runtime/types";
import { responsiveImage } from "../_shared/images";
import { IMAGE_BREAKPOINTS } from "../../domain/images";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

export const SEE_GALLERY = "Ver galería";

/** 'Últimas galerías' and 'Galerías relacionadas' (docs/article-pages.md#gallery-page). Static. */
export default function GalleryList({ data }: BlockProps<Settings, Data>) {
  return (
    <section className={styles.list} aria-label={data.title}>
      <h2 className={styles.heading}>{data.title}</h2>
      <ul className={styles.grid}>
        {data.items.map((item) => (
          <li key={item.id} className={styles.item}>
            {item.image ? (
              <img
                className={styles.image}
                alt=""
                {...responsiveImage(item.image.url, { srcWidth: IMAGE_BREAKPOINTS.sm, maxWidth: IMAGE_BREAKPOINTS.sm, sizes: "" })}
              />
            ) : null}
            <p className={styles.title}>{item.title}</p>
            <a className={styles.link} href={item.url}>
              {SEE_GALLERY}
              <span className="visually-hidden">: {item.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
