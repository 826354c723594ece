"use client";

import { DATA_POLICY_PATH } from "../../domain/newsletter";
import type { BlockProps } from "../../runtime/types";
import { EmailSignup } from "../_shared/EmailSignup";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

export const DEFAULT_TEXT = "Las noticias más importantes del día, en tu correo.";
export const SUBSCRIBE_BUTTON = "Suscribirme";
export const CONSENT_TITLE = "Autorización de tratamiento de datos";
export const CONSENT_BUTTON = "Autorizar";
export { DATA_POLICY_PATH };

export function newsletterSent(correo: string): string {
  return `Te enviamos un correo a ${correo}. Abre su enlace para confirmar tu suscripción.`;
}

export function consentSent(correo: string): string {
  return `Te enviamos un correo a ${correo}. Abre su enlace para confirmar tu autorización.`;
}

/**
 * The brand's newsletter, or the reader's consent to the treatment of their data: an address, then
 * the confirmation e-mail (docs/carousels-and-blocks.md#newsletter).
 */
export default function NewsletterSignup({ id, settings, data }: BlockProps<Settings, Data>) {
  if (settings.lista === "consentimiento")
    return (
      <EmailSignup
        id={id}
        list="consentimiento"
        title={settings.title || CONSENT_TITLE}
        text={
          <p>
            Autorizo a {data.legalName} a tratar mis datos personales para enviarme información y comunicaciones de {data.brandName}, según la{" "}
            <a href={DATA_POLICY_PATH}>política de tratamiento de datos</a>. Puedo retirar esta autorización cuando quiera.
          </p>
        }
        button={CONSENT_BUTTON}
        sent={consentSent}
      />
    );
  return (
    <EmailSignup
      id={id}
      list="boletin"
      title={settings.title || `Recibe el boletín de ${data.brandName}`}
      text={<p>{settings.text || DEFAULT_TEXT} Te enviaremos un correo para confirmar; cada boletín trae un enlace para cancelar la suscripción.</p>}
      button={SUBSCRIBE_BUTTON}
      sent={newsletterSent}
    />
  );
}
