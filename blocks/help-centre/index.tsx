"use client";

import { useEffect, useRef, useState, type MouseEvent } from "react";
import { HELP_CENTRE_LABEL, HELP_CENTRE_PATH } from "../../domain/routes";
import { CUSTOMER_SERVICE_PATH } from "../../domain/pqrs";
import { pushBlockState } from "../../runtime/block-history";
import type { BlockProps } from "../../runtime/types";
import type { Data, HelpEntry, HelpTopic } from "./index.server";
import { parentOf, placeHref, placeOf, type HelpPlace } from "./place";
import { PqrsForm } from "./PqrsForm";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

export const BACK_LABEL = "Volver";
export const CTA_TITLE = "¿No encontraste lo que buscabas?";
export const CTA_TEXT = "Escríbenos por WhatsApp o por el formulario de contacto y te ayudamos.";
export const CTA_BUTTON = "Escríbenos por WhatsApp";
export const HOME_INTRO = "¿En qué te podemos ayudar? Elige un tema.";
export const CONTACT_FORM_PATH = CUSTOMER_SERVICE_PATH;
export const CONTACT_FORM_LABEL = "Formulario de contacto";

/** A plain click moves inside the screen; one that asks for a new tab or window follows the link. */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

const isExternal = (href: string) => /^https?:/i.test(href);

/** The help centre, the personal-data help, or (view 'formulario') the PQRS form of the contact page. */
export default function HelpCentre(props: BlockProps<Settings, Data>) {
  return props.data.view === "formulario" ? <ContactForm {...props} /> : <HelpScreen {...props} />;
}

/**
 * The PQRS form on a page of its own, under the page's text (/enos/, 'Canales de atención al
 * cliente': docs/help-centre.md#pqrs-form), with the help centre and the WhatsApp line beside it.
 */
function ContactForm({ data }: BlockProps<Settings, Data>) {
  return (
    <section className={`container ${styles.contact}`} data-help-view="formulario">
      <PqrsForm headingLevel={2} title={data.title} />
      <p className={styles.alternatives}>
        ¿Prefieres una respuesta inmediata? Busca tu tema en <a href={HELP_CENTRE_PATH}>{HELP_CENTRE_LABEL}</a> o{" "}
        <a href={data.whatsapp} target="_blank" rel="noopener noreferrer">
          escríbenos por WhatsApp
        </a>
        .
      </p>
    </section>
  );
}

/**
 * The help centre (docs/help-centre.md): one screen whose states — home, a card, a sub-card — each
 * have an address, so the server renders any of them and every card is a link that works without
 * JavaScript. Here a click changes the state in place and adds it to the browser's history; the
 * browser's back and forward buttons, 'Volver' and the breadcrumb's root (which resets both card
 * and sub-card) move between the same states.
 */
function HelpScreen({ id, data }: BlockProps<Settings, Data>) {
  const [place, setPlace] = useState<HelpPlace>(data.start);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    const onPopState = () => {
      moved.current = true;
      setPlace(placeOf(data.cards, Object.fromEntries(new URLSearchParams(window.location.search))));
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [data.cards]);

  // After a move, the new state's heading takes the focus, so a screen reader reads where it is.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [place]);

  const go = (next: HelpPlace) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    moved.current = true;
    setPlace(next);
    pushBlockState(placeHref(data.path, next));
    window.scrollTo({ top: 0 });
  };

  const card = data.cards.find((entry) => entry.id === place.card);
  const subCard = card?.children?.find((entry) => entry.id === place.subCard);
  const shown = subCard ?? card;
  const back = parentOf(place);
  const link = (target: HelpPlace) => ({ href: placeHref(data.path, target), onClick: go(target) });

  return (
    <section className={styles.root} aria-labelledby={`${id}-titulo`} data-help-state={subCard ? "sub-card" : card ? "card" : "home"}>
      <nav className={styles.breadcrumb} aria-label="Ruta de navegación">
        <ol>
          {data.trail.map((crumb) => (
            <li key={crumb.href}>
              <a href={crumb.href}>{crumb.label}</a>
            </li>
          ))}
          <li>
            <a {...link({})} aria-current={card ? undefined : "page"} data-breadcrumb-root="">
              {data.title}
            </a>
          </li>
          {card ? (
            <li>
              <a {...link({ card: card.id })} aria-current={subCard ? undefined : "page"}>
                {card.title}
              </a>
            </li>
          ) : null}
          {subCard ? (
            <li>
              <span aria-current="page">{subCard.title}</span>
            </li>
          ) : null}
        </ol>
      </nav>

      <h1 id={`${id}-titulo`} className={styles.title} ref={shown ? undefined : headingRef} tabIndex={-1}>
        {data.title}
      </h1>

      {shown ? (
        <div className={styles.state} key={`${place.card}/${place.subCard ?? ""}`}>
          <a className={styles.back} {...link(back)} data-back="">
            <span aria-hidden="true">←</span>
            {BACK_LABEL}
          </a>
          <h2 className={styles.heading} ref={headingRef} tabIndex={-1}>
            {shown.title}
          </h2>
          <p className={styles.summary}>{shown.summary}</p>
          {shown.children ? (
            <EntryGrid entries={shown.children} linkTo={(child) => link({ card: card!.id, subCard: child.id })} />
          ) : (
            <Topics topics={shown.topics ?? []} />
          )}
          {shown.form === "pqrs" ? <PqrsForm /> : null}
        </div>
      ) : (
        <div className={styles.state}>
          <p className={styles.summary}>{HOME_INTRO}</p>
          <EntryGrid entries={data.cards} linkTo={(entry) => link({ card: entry.id })} />
        </div>
      )}

      <aside className={styles.cta} aria-label="WhatsApp">
        <p className={styles.ctaTitle}>{CTA_TITLE}</p>
        <p>{CTA_TEXT}</p>
        <p className={styles.ctaActions}>
          <a className={styles.ctaButton} href={data.whatsapp} target="_blank" rel="noopener noreferrer">
            {CTA_BUTTON}
          </a>
          <a href={CONTACT_FORM_PATH}>{CONTACT_FORM_LABEL}</a>
        </p>
      </aside>

      <a className={styles.floating} href={data.whatsapp} target="_blank" rel="noopener noreferrer" data-whatsapp-float="">
        <WhatsappIcon />
        <span className="visually-hidden">{CTA_BUTTON}</span>
      </a>
    </section>
  );
}

function EntryGrid({
  entries,
  linkTo,
}: {
  entries: HelpEntry[];
  linkTo: (entry: HelpEntry) => { href: string; onClick: (event: MouseEvent<HTMLAnchorElement>) => void };
}) {
  return (
    <ul className={styles.grid}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <a className={styles.card} {...linkTo(entry)} data-card={entry.id}>
            <span className={styles.cardTitle}>{entry.title}</span>
            <span className={styles.cardSummary}>{entry.summary}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function Topics({ topics }: { topics: HelpTopic[] }) {
  return (
    <div className={styles.topics}>
      {topics.map((topic) => (
        <section key={topic.heading} className={styles.topic}>
          <h3>{topic.heading}</h3>
          {topic.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {topic.items ? (
            <ul>
              {topic.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
          {topic.links?.length ? (
            <p className={styles.links}>
              {topic.links.map((item) =>
                isExternal(item.href) ? (
                  <a key={item.href} href={item.href} target="_blank" rel="noopener noreferrer">
                    {item.label}
                  </a>
                ) : (
                  <a key={item.href} href={item.href}>
                    {item.label}
                  </a>
                ),
              )}
            </p>
          ) : null}
        </section>
      ))}
    </div>
  );
}

/** WhatsApp's mark, drawn inline (no request, no external file). */
function WhatsappIcon() {
  return (
    <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16 3C8.8 3 3 8.7 3 15.8c0 2.5.7 4.9 2 7L3 29l6.4-2a13 13 0 0 0 6.6 1.8c7.2 0 13-5.7 13-12.9C29 8.7 23.2 3 16 3Zm0 23.5c-2.1 0-4.2-.6-6-1.7l-.4-.3-3.8 1.2 1.2-3.7-.3-.4a10.6 10.6 0 0 1-1.8-5.8C4.9 9.9 9.9 5 16 5.1c6.1 0 11 4.8 11 10.7 0 6-4.9 10.7-11 10.7Zm6-8c-.3-.2-2-1-2.3-1.1-.3-.1-.5-.2-.8.2l-1 1.3c-.2.2-.4.2-.7.1a8.8 8.8 0 0 1-4.4-3.8c-.3-.6.3-.5 1-1.8.1-.2 0-.4 0-.6l-1-2.5c-.3-.7-.6-.6-.8-.6h-.7c-.2 0-.6.1-1 .5-.3.4-1.3 1.2-1.3 3s1.3 3.5 1.5 3.7c.2.2 2.6 4 6.3 5.6 2.4 1 3.3 1.1 4.5.9.7-.1 2.2-.9 2.5-1.8.3-.9.3-1.6.2-1.8 0-.2-.3-.3-.6-.4Z"
      />
    </svg>
  );
}
