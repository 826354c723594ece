import type { BlockProps } from "../../runtime/types";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** The editor's HTML, already sanitised on the server (index.server.ts). */
export default function RawHtml({ data }: BlockProps<Settings, Data>) {
  return <div className={styles.html} dangerouslySetInnerHTML={{ __html: data.html }} />;
}
