// Share links (docs/carousels-and-blocks.md#share-links): the networks' share URLs, built from the
// page's address and title, and the popups they open in. The builders assert what the spec asserts
// (a url, and hashtags and related as arrays) with its messages. No React: server halves and the
// browser (the gallery viewer) use them; the page's one script opens them (./sharePopup.ts).

export type ShareNetwork = "facebook" | "twitter" | "whatsapp" | "linkedin";

/** Popup sizes: the default share popup, and LinkedIn's. */
export const SHARE_POPUP = { width: 550, height: 400 } as const;
export const LINKEDIN_POPUP = { width: 750, height: 600 } as const;

const SHARE_LABELS: Record<ShareNetwork, string> = {
  facebook: "Compartir en Facebook",
  twitter: "Compartir en X",
  whatsapp: "Compartir en WhatsApp",
  linkedin: "Compartir en LinkedIn",
};

class ShareAssertionError extends Error {}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new ShareAssertionError(message);
}

const query = (base: string, params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(key, value);
  return `${base}?${search.toString()}`;
};

export function facebookShareUrl(options: { url?: string; quote?: string; hashtag?: string }): string {
  assert(options.url, "facebook.url");
  return query("https://www.facebook.com/sharer/sharer.php", { u: options.url, quote: options.quote, hashtag: options.hashtag });
}

export function twitterShareUrl(options: { url?: string; text?: string; via?: string; hashtags?: unknown; related?: unknown }): string {
  assert(options.url, "twitter.url");
  const hashtags = options.hashtags ?? [];
  const related = options.related ?? [];
  assert(Array.isArray(hashtags), "twitter.hashtags is not an array");
  assert(Array.isArray(related), "twitter.related is not an array");
  return query("https://twitter.com/intent/tweet", {
    url: options.url,
    text: options.text,
    via: options.via,
    hashtags: hashtags.join(","),
    related: related.join(","),
  });
}

/** WhatsApp's send link: the api host on phones (it opens the app), the web host on desktop. */
export function whatsappShareUrl(options: { url?: string; text?: string; mobile?: boolean }): string {
  assert(options.url, "whatsapp.url");
  const text = options.text ? `${options.text} ${options.url}` : options.url;
  return query(options.mobile ? "https://api.whatsapp.com/send" : "https://web.whatsapp.com/send", { text });
}

export function linkedinShareUrl(options: { url?: string; title?: string; summary?: string; source?: string }): string {
  assert(options.url, "linkedin.url");
  return query("https://www.linkedin.com/shareArticle", {
    url: options.url,
    mini: "true",
    title: options.title,
    summary: options.summary,
    source: options.source,
  });
}

export interface ShareLink {
  network: ShareNetwork;
  label: string;
  href: string;
  /** WhatsApp: the link for phones. */
  mobileHref?: string;
  /** "550x400" or "750x600". */
  popup: string;
}

/** The four share links of a page, or [] when its url is missing. */
export function shareLinks(page: { url?: string; title?: string; summary?: string; source?: string; via?: string }): ShareLink[] {
  if (!page.url) return [];
  const size = (popup: { width: number; height: number }) => `${popup.width}x${popup.height}`;
  return [
    { network: "facebook", label: SHARE_LABELS.facebook, href: facebookShareUrl({ url: page.url, quote: page.title }), popup: size(SHARE_POPUP) },
    { network: "twitter", label: SHARE_LABELS.twitter, href: twitterShareUrl({ url: page.url, text: page.title, via: page.via }), popup: size(SHARE_POPUP) },
    {
      network: "whatsapp",
      label: SHARE_LABELS.whatsapp,
      href: whatsappShareUrl({ url: page.url, text: page.title }),
      mobileHref: whatsappShareUrl({ url: page.url, text: page.title, mobile: true }),
      popup: size(SHARE_POPUP),
    },
    {
      network: "linkedin",
      label: SHARE_LABELS.linkedin,
      href: linkedinShareUrl({ url: page.url, title: page.title, summary: page.summary, source: page.source }),
      popup: size(LINKEDIN_POPUP),
    },
  ];
}
