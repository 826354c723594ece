"use client";

import { useState } from "react";
import type { BlockProps } from "../../runtime/types";
import { AccountShell } from "../_shared/AccountShell";
import { accountStyles as styles, Notice, Spinner } from "../_shared/AccountUi";
import { type Profile } from "../_shared/identity";
import { messageForError } from "../_shared/apiErrors";
import { loadSdks, setProfile, useSession } from "../_shared/session";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** The profile attribute holding the newsletter consent ("true" or "false"). */
export const NEWSLETTER_ATTRIBUTE = "newsletter";
export const CONSENT_SAVED = "Guardamos tu preferencia.";

export function newsletterConsent(profile: Profile | null): boolean {
  return profile?.attributes?.find((a) => a.name === NEWSLETTER_ATTRIBUTE)?.value === "true";
}

/** The profile's attributes with the consent set, every other attribute kept as it was. */
export function withNewsletterConsent(attributes: Profile["attributes"], consent: boolean): NonNullable<Profile["attributes"]> {
  return [...(attributes ?? []).filter((a) => a.name !== NEWSLETTER_ATTRIBUTE), { name: NEWSLETTER_ATTRIBUTE, value: String(consent), type: "Boolean" }];
}

/** /autogestion/comunicaciones/: the newsletter consent, stored in the profile's attributes. */
export default function AccountCommunications({ settings, data }: BlockProps<Settings, Data>) {
  const session = useSession();
  return (
    <AccountShell title={settings.title ?? ""} path={data.path} session={session} signInText="Inicia sesión para elegir qué correos quieres recibir.">
      {() => <NewsletterConsent profile={session.profile} label={settings.newsletterLabel ?? ""} />}
    </AccountShell>
  );
}

function NewsletterConsent({ profile, label }: { profile: Profile | null; label: string }) {
  const [consent, setConsent] = useState(() => newsletterConsent(profile));
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  async function change(next: boolean) {
    if (saving) return;
    setConsent(next);
    setSaving(true);
    setNotice(null);
    try {
      const { Identity } = await loadSdks();
      const current = (await Identity.getUserProfile()) as Profile;
      const updated = (await Identity.updateUserProfile({ attributes: withNewsletterConsent(current.attributes, next) } as never)) as Profile;
      setProfile(updated);
      setConsent(newsletterConsent(updated));
      setNotice({ kind: "success", text: CONSENT_SAVED });
    } catch (error) {
      setConsent(!next);
      setNotice({ kind: "error", text: messageForError(error) });
    }
    setSaving(false);
  }

  return (
    <div className={`${styles.card} ${styles.form}`}>
      <h2>Boletín de noticias</h2>
      {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
      <label className={styles.check}>
        <input type="checkbox" checked={consent} disabled={saving} onChange={(event) => change(event.target.checked)} />
        <span>{label}</span>
        {saving ? <Spinner /> : null}
      </label>
      <p className={styles.hint}>Puedes cambiar esta preferencia cuando quieras. Tratamos tus datos según la política de tratamiento de datos.</p>
    </div>
  );
}
