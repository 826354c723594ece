// A live blog's body as a timeline (docs/article-pages.md#live-blog), on the server: the elements
// before the first timed entry are the introduction; each text element whose first 20 characters
// hold a time ('h:mm a. m.' / 'p. m.') starts an update, and the elements after it (images, embeds)
// belong to it. The time moves from the text to the update's <time>.
import { text } from "../../domain/ans";
import { colombianDay, entryAnchor, entryInstant, entryTime } from "../_shared/liveTimeline";
import { bodyItem, type BodyItem } from "../_shared/body/items";

interface TimelineEntry {
  /** The anchor of the update ("actualizacion-3"): the live sidebar links to it. */
  id: string;
  /** As the entry writes it: "9:05 a. m.". */
  time: string;
  /** The instant on the publish date (Colombia's time), when the date is valid. */
  datetime?: string;
  items: BodyItem[];
}

export interface Timeline {
  intro: BodyItem[];
  entries: TimelineEntry[];
}

/** Removes the leading time and its separator from an entry's sanitised HTML ("<b>9:05 a. m.</b> | Texto" → "<b></b>Texto"). */
export function withoutTime(html: string): string {
  return html.replace(/^((?:\s|<[^>]+>)*)\d{1,2}:\d{2}\s*[ap]\.?\s*m\.?((?:\s*<\/[^>]+>)*)\s*(?:[|·:–—-]\s*)?/i, "$1$2");
}

export function liveTimeline(elements: unknown, publishDate: unknown): Timeline {
  const list: unknown[] = Array.isArray(elements) ? elements : [];
  const day = colombianDay(publishDate);
  const timeline: Timeline = { intro: [], entries: [] };
  for (const element of list) {
    const content = element && typeof element === "object" && (element as any).type === "text" ? text((element as any).content) : undefined;
    const time = content ? entryTime(content) : undefined;
    const item = bodyItem(element);
    if (time) {
      const first = item && item.type === "text" ? { ...item, html: withoutTime(item.html) } : item;
      timeline.entries.push({
        id: entryAnchor(timeline.entries.length + 1),
        time: time.label,
        ...(day ? { datetime: entryInstant(day, time) } : {}),
        items: first ? [first] : [],
      });
    } else if (item) {
      (timeline.entries.at(-1)?.items ?? timeline.intro).push(item);
    }
  }
  return timeline;
}
