import type { BlockProps } from "../../runtime/types";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

export const JOIN_LABEL = "Unirme al canal";

function WhatsAppIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 32 32" width="56" height="56" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16 3C8.8 3 3 8.7 3 15.8c0 2.5.7 4.9 2 7L3 29l6.4-2c2 1.1 4.3 1.7 6.6 1.7 7.2 0 13-5.7 13-12.8S23.2 3 16 3zm0 23.4c-2.1 0-4.1-.6-5.9-1.7l-.4-.3-3.8 1.2 1.2-3.7-.3-.4c-1.2-1.8-1.9-3.9-1.9-6 0-5.9 4.9-10.6 11-10.6s11 4.8 11 10.6-4.9 10.9-10.9 10.9zm6-7.9c-.3-.2-1.9-.9-2.2-1s-.5-.2-.7.2-.8 1-1 1.2-.4.2-.7.1c-.3-.2-1.4-.5-2.6-1.6-1-.9-1.6-1.9-1.8-2.2s0-.5.1-.6l.5-.6c.2-.2.2-.4.3-.6.1-.2 0-.4 0-.6l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6c-.2 0-.6.1-.9.4s-1.2 1.1-1.2 2.7 1.2 3.1 1.4 3.4c.2.2 2.4 3.6 5.8 5 .8.3 1.4.5 1.9.7.8.3 1.5.2 2.1.1.6-.1 1.9-.8 2.2-1.5s.3-1.4.2-1.5c-.1-.2-.3-.3-.6-.4z"
      />
    </svg>
  );
}

/** The WhatsApp community landing: why to join, and the channel's link. */
export default function WhatsappCommunity({ id, data }: BlockProps<Settings, Data>) {
  return (
    <section className={styles.landing} aria-labelledby={`${id}-titulo`}>
      <WhatsAppIcon />
      <h1 id={`${id}-titulo`} className={styles.title}>
        {data.title}
      </h1>
      {data.paragraphs.map((paragraph) => (
        <p key={paragraph} className={styles.text}>
          {paragraph}
        </p>
      ))}
      <a className={styles.join} href={data.link} target="_blank" rel="noopener noreferrer">
        {JOIN_LABEL}
      </a>
    </section>
  );
}
