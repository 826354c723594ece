// A sign-in refused at the 4-device limit of the digital subscription (100019,
// docs/subscriptions-and-checkout.md#devices): the devices with the session open, each with a button
// that signs it out with the refused sign-in's single-use token, so the reader can sign in here.
// The login pane (password) and the magic-link page share it.
import { accountStyles as styles, Notice } from "./AccountUi";
import { errorCode } from "./apiErrors";
import { formatLongDateTime } from "../format";
import { accountsApiOrigin } from "./session";
import { DEVICE_LIMIT_MESSAGE, ErrorCodes } from "../../../domain/errors";
import deviceStyles from "./DeviceLimit.module.css";

/** A device with the session open, as the refusal lists it. */
export interface Device {
  id: string;
  name: string;
  lastSeenAt: number;
}

export interface DeviceLimit {
  token: string;
  devices: Device[];
}

/** The refusal's devices and token when `failure` is the device limit, else null. */
export function deviceLimitOf(failure: unknown): DeviceLimit | null {
  const refused = failure as { devices?: Device[]; deviceToken?: string } | null;
  if (errorCode(failure) !== ErrorCodes.deviceLimit || !Array.isArray(refused?.devices) || !refused?.deviceToken) return null;
  return { token: refused.deviceToken, devices: refused.devices };
}

/** Signs one device out (POST /identity/public/v1/auth/devices/signout); throws the API's error body. */
export async function signOutDevice(limit: DeviceLimit, device: Device): Promise<void> {
  const response = await fetch(`${accountsApiOrigin()}/identity/public/v1/auth/devices/signout`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ deviceToken: limit.token, deviceId: device.id }),
  });
  if (!response.ok) throw (await response.json().catch(() => null)) ?? new Error(`HTTP ${response.status}`);
}

export function DeviceLimitList({ limit, busy, onSignOut }: { limit: DeviceLimit; busy: boolean; onSignOut: (device: Device) => void }) {
  return (
    <div role="group" aria-label="Dispositivos con la sesión iniciada" data-device-limit="">
      <Notice kind="info">{DEVICE_LIMIT_MESSAGE}</Notice>
      <ul className={deviceStyles.devices}>
        {limit.devices.map((device) => (
          <li key={device.id}>
            <span>
              <strong>{device.name}</strong> · último uso el {formatLongDateTime(device.lastSeenAt)}
            </span>
            <button type="button" className={styles.linkButton} disabled={busy} onClick={() => onSignOut(device)}>
              Cerrar la sesión allí
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
