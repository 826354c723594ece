import { getBrand } from "../../brands";
import { asDocument } from "../../domain/ans";
import { articleTitle } from "../../domain/articles";
import { defineBlockServer } from "../../runtime/define";
import type { ContentAccess } from "../../runtime/types";
import { galleryImages } from "../_shared/gallery";
import { houseAd } from "../_shared/houseAd";
import type { ImageData } from "../_shared/imageData";
import type { Settings } from "./settings";

/** The texts and links of the gallery's modals (docs/article-pages.md#gallery-modals), in the serving brand's words. */
export interface GalleryModals {
  /** A signed-out reader on a gallery without the paywall flag: sign up or sign in to go on. */
  blur: { title: string; text: string; register: { label: string; href: string }; login: { label: string; href: string } };
  /** A signed-in reader without a subscription on a gallery with the paywall flag: the offer. */
  promo: { title: string; price: string; subscribe: { label: string; href: string }; dismiss: string };
}

export interface Data {
  title: string;
  images: ImageData[];
  /** Locked for this reader: the lead photo only (the page marks it, so a sign-in can fetch the rest). */
  locked?: true;
  /** The paywall flag: the gallery's article is for subscribers (content code '3' outside the free sections). */
  paywall: boolean;
  /** The modal this reader gets on opening the gallery (galleryModal), or none. */
  modal?: "blur" | "promo";
  modals: GalleryModals;
}

export const BLUR_TITLE = "Regístrate gratis para ver la galería completa";
const PROMO_DISMISS = "Ahora no";

function galleryModals(brandId: string): GalleryModals {
  const brand = getBrand(brandId);
  const offer = houseAd(brandId);
  return {
    blur: {
      title: BLUR_TITLE,
      text: `Crea tu cuenta en ${brand.displayName} o inicia sesión para seguir viendo todas las fotos de esta galería.`,
      register: { label: brand.account.register.title, href: brand.account.register.link ?? "" },
      login: { label: brand.account.login.title, href: brand.account.login.link ?? "" },
    },
    promo: {
      title: `Suscríbete a ${brand.displayName} y disfruta todas sus galerías`,
      price: offer.price ? `${offer.price}. Cancela cuando quieras.` : "Cancela cuando quieras.",
      subscribe: { label: offer.cta, href: offer.href },
      dismiss: PROMO_DISMISS,
    },
  };
}

/**
 * The gallery of the page's article (docs/article-pages.md#gallery-page); null without images. A
 * reader who may not read a locked article gets its lead photo only: the photos and their captions
 * are its body (docs/decisions/0019-paywall-gaps.md).
 */
export function galleryViewerData(value: unknown, brand = "semana", isLocked?: (document: unknown) => boolean, access?: ContentAccess): Data | null {
  const article = asDocument(value);
  const images = galleryImages(article);
  if (!article || !images.length) return null;
  const paywall = isLocked?.(article) === true;
  const modal = galleryModal(paywall, access);
  const shown = access?.locked === true ? { images: images.slice(0, 1), locked: true as const } : { images };
  return { title: articleTitle(article) ?? "", ...shown, paywall, ...(modal ? { modal } : {}), modals: galleryModals(brand) };
}

/**
 * The modal a reader gets on opening the gallery (docs/article-pages.md#gallery-modals), decided on
 * the server with the paywall's view of this request: the blur modal when the reader is signed out
 * (login state false: the request carries no identity) on a gallery without the paywall flag; the
 * promo subscription modal when the reader is signed in on a gallery with the flag and not entitled
 * to it (a subscriber is not offered what they have). Pages of signed-in readers are private
 * (docs/decisions/0011-paywall.md), so each gets their own.
 */
export function galleryModal(paywall: boolean, access: ContentAccess | undefined): "blur" | "promo" | undefined {
  if (!access) return undefined;
  if (!paywall) return access.signedIn ? undefined : "blur";
  return access.signedIn && access.locked ? "promo" : undefined;
}

export default defineBlockServer<Settings, Data | null>({
  transform: (_raw, _settings, context) => galleryViewerData(context.article, context.brand, context.isLocked, context.access),
  isEmpty: (data) => data === null,
});
