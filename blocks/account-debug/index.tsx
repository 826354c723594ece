"use client";

import { useEffect, useState } from "react";
import type { BlockProps } from "../../runtime/types";
import { accountStyles as styles, LoadingPanel, Notice } from "../_shared/accounts/AccountUi";
import { formatLongDateTime } from "../_shared/format";
import { IDENTITY_STORAGE_KEY, PROFILE_EXPIRY_STORAGE_KEY, PROFILE_STORAGE_KEY } from "../_shared/accounts/identity";
import { clearAccountStorages, storedAccountRecords } from "../_shared/accounts/accountStorage";
import type { Settings } from "./settings";
import debugStyles from "./styles.module.css";

export const CLEAR_BUTTON_LABEL = "Borrar el almacenamiento local y de sesión";
export const CLEARED_MESSAGE = "Se borraron el almacenamiento local y el de sesión.";
export const NOTHING_STORED = "Este navegador no guarda ninguna identidad ni perfil.";
/** Tokens are shown shortened: enough to tell two apart, not enough to use one. */
export const TOKEN_PREVIEW_LENGTH = 12;

type StoredRecord = ReturnType<typeof storedAccountRecords>[number];

/** The expiry ("exp", seconds) of a JWT, or null. */
export function jwtExpiry(token: unknown): Date | null {
  if (typeof token !== "string") return null;
  try {
    const payload = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    return typeof payload.exp === "number" ? new Date(payload.exp * 1000) : null;
  } catch {
    return null;
  }
}

/** A record for display: tokens shortened, everything else as stored. */
export function displayValue(record: StoredRecord): string {
  if (record.key !== IDENTITY_STORAGE_KEY || !record.value || typeof record.value !== "object") return JSON.stringify(record.value, null, 2);
  const shortened = Object.fromEntries(
    Object.entries(record.value as Record<string, unknown>).map(([key, value]) =>
      /token/i.test(key) && typeof value === "string" && value.length > TOKEN_PREVIEW_LENGTH ? [key, `${value.slice(0, TOKEN_PREVIEW_LENGTH)}…`] : [key, value],
    ),
  );
  return JSON.stringify(shortened, null, 2);
}

const LABELS: Record<string, string> = {
  [IDENTITY_STORAGE_KEY]: "Identidad",
  [PROFILE_STORAGE_KEY]: "Perfil",
  [PROFILE_EXPIRY_STORAGE_KEY]: "Vigencia del perfil guardado",
};

/** The debug page of docs/accounts.md#debug-page. It renders from its settings alone: storage is read in the browser. */
export default function AccountDebug({ settings }: BlockProps<Settings, null>) {
  // Storage exists only in the browser: null until mounted.
  const [records, setRecords] = useState<StoredRecord[] | null>(null);
  const [cleared, setCleared] = useState(false);

  useEffect(() => setRecords(storedAccountRecords()), []);

  function clear() {
    clearAccountStorages();
    setRecords(storedAccountRecords());
    setCleared(true);
  }

  return (
    <section className={`${styles.page} ${styles.wide}`}>
      <h1 className={styles.title}>{settings.title}</h1>
      <p className={styles.lead}>Lo que este navegador guarda de tu sesión, para soporte técnico.</p>
      {cleared ? <Notice kind="success">{CLEARED_MESSAGE}</Notice> : null}
      {records === null ? (
        <LoadingPanel />
      ) : records.length === 0 ? (
        <Notice kind="info">{NOTHING_STORED}</Notice>
      ) : (
        <div className={debugStyles.records}>
          {records.map((record) => {
            const expiry = record.key === IDENTITY_STORAGE_KEY ? jwtExpiry((record.value as { accessToken?: string } | null)?.accessToken) : null;
            return (
              <section key={`${record.storage}:${record.key}`} className={styles.card} data-record={record.key}>
                <h2 className={debugStyles.heading}>
                  {LABELS[record.key] ?? record.key} <span className={debugStyles.where}>({record.storage})</span>
                </h2>
                {expiry ? <p className={styles.hint}>Vencimiento del token de acceso: {formatLongDateTime(expiry)}</p> : null}
                <pre className={debugStyles.value}>{displayValue(record)}</pre>
              </section>
            );
          })}
        </div>
      )}
      <p>
        <button type="button" className={styles.button} onClick={clear}>
          {CLEAR_BUTTON_LABEL}
        </button>
      </p>
    </section>
  );
}
