import type { CSSProperties } from "react";
import type { BlockProps } from "../../runtime/types";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** The framed page at the editor's heights: the stylesheet picks one by the screen's width. */
export default function IframeEmbed({ data }: BlockProps<Settings, Data>) {
  const heights = { "--alto-movil": `${data.mobileHeight}px`, "--alto-escritorio": `${data.desktopHeight}px` } as CSSProperties;
  return (
    <div className={styles.frame} style={heights}>
      <iframe className={styles.iframe} src={data.url} title={data.title} loading="lazy" referrerPolicy="strict-origin-when-cross-origin" allowFullScreen />
    </div>
  );
}
