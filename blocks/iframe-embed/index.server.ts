import { isAllowedEmbed } from "../../domain/urls";
import { defineBlockServer } from "../../runtime/define";
import { FRAME_HOSTS } from "../../brands";
import type { Settings } from "./settings";

/** Heights when the editor gives none (px). */
export const DEFAULT_DESKTOP_HEIGHT = 600;
export const DEFAULT_MOBILE_HEIGHT = 400;

export interface Data {
  url: string;
  title: string;
  desktopHeight: number;
  mobileHeight: number;
}

/**
 * Where an iframe may point: a path of this site, or an https (or http) address on the embed hosts
 * and the group's sites, the same list the pages' Content-Security-Policy frame-src allows.
 */
const isAllowedFrame = (url: string | undefined): url is string => typeof url === "string" && isAllowedEmbed(url, FRAME_HOSTS);

/**
 * An iframe page (docs/carousels-and-blocks.md#iframe-page): another page or document framed at the
 * editor's heights, one for phones and one for large screens; shown only when published, and only
 * from an allowed host (the validator says so at the setting; the server shows nothing otherwise).
 */
export default defineBlockServer<Settings, Data | null>({
  transform: (_answers, settings) =>
    isAllowedFrame(settings.url)
      ? {
          url: settings.url.trim(),
          title: settings.title?.trim() || "Contenido",
          desktopHeight: settings.desktopHeight ?? DEFAULT_DESKTOP_HEIGHT,
          mobileHeight: settings.mobileHeight ?? DEFAULT_MOBILE_HEIGHT,
        }
      : null,
  isEmpty: (data) => data === null,
  settingsProblems: (settings) =>
    settings.url === undefined || isAllowedFrame(settings.url)
      ? []
      : [
          {
            setting: "url",
            message: `dirección no permitida en un marco: una ruta del sitio o una dirección https de estos sitios: ${FRAME_HOSTS.filter((host) => host.includes(".")).join(", ")}`,
          },
        ],
});
