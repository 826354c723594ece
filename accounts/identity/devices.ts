// The 4-device limit of the digital subscription (docs/subscriptions-and-checkout.md#renewal-terms:
// "a digital subscription works on up to 4 devices"). A device is an open session (one sign-in on
// one browser). A subscriber (any subscription of status 1, 3, 4 or 5, own or shared) who already
// has 4 open sessions is refused a fifth sign-in with 409 and code 100019 (this project's), with the
// list of the 4 devices (browser and system, when signed in, last used) and a token that lets this
// sign-in sign one of them out (POST /identity/public/v1/auth/devices/signout); the login pane then
// signs in again. The token proves the password was just checked: without it nobody can close
// anyone's sessions. Like every refusal it stores nothing: it is signed (10 minutes) and names the
// set of open sessions it was issued for, so it serves once — after a sign-out the set changed.
import type { AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { subscriptionStatusesOf } from "../entitlement";
import { CREDENTIAL, LINK_TOKEN, requiredText } from "../input";
import { sha256 } from "../tokens";
import { DEVICE_LIMIT_MESSAGE } from "../../domain/errors";
import { DIGITAL_DEVICE_LIMIT } from "../../domain/catalog";
import { revokeSession } from "./sessions";
import { isActiveStatus } from "../../domain/subscriptions";

export interface Device {
  /** The session's id: what the sign-out names. */
  id: string;
  /** "Chrome en Windows". */
  name: string;
  signedInAt: number;
  lastSeenAt: number;
}

/** "Chrome en Windows", "Safari en iPhone", "Firefox en Linux": enough for a reader to recognise a device. */
export function deviceName(userAgent: string | null | undefined): string {
  const agent = userAgent ?? "";
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /OPR\/|Opera/.test(agent)
      ? "Opera"
      : /Firefox\//.test(agent)
        ? "Firefox"
        : /Chrome\/|Chromium\/|CriOS\//.test(agent)
          ? "Chrome"
          : /Safari\//.test(agent)
            ? "Safari"
            : null;
  const system = /iPhone/.test(agent)
    ? "iPhone"
    : /iPad/.test(agent)
      ? "iPad"
      : /Android/.test(agent)
        ? "Android"
        : /Windows/.test(agent)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(agent)
            ? "Mac"
            : /CrOS/.test(agent)
              ? "ChromeOS"
              : /Linux/.test(agent)
                ? "Linux"
                : null;
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? (system ? `Navegador en ${system}` : "Dispositivo desconocido");
}

/** The user's open sessions, most recently used first. */
async function openDevices(ctx: AccountsContext, uuid: string): Promise<Device[]> {
  const { rows } = await ctx.db.query<{ id: string; user_agent: string | null; created_at: Date; last_seen_at: Date | null }>(
    `SELECT id, user_agent, created_at, last_seen_at FROM accounts_sessions
     WHERE user_uuid = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY COALESCE(last_seen_at, created_at) DESC`,
    [uuid, ctx.now()],
  );
  return rows.map((row) => ({
    id: row.id,
    name: deviceName(row.user_agent),
    signedInAt: new Date(row.created_at).getTime(),
    lastSeenAt: new Date(row.last_seen_at ?? row.created_at).getTime(),
  }));
}

/** Refuses a subscriber's sign-in on one device more than the limit (see the header). Call before opening the session. */
export async function enforceDeviceLimit(ctx: AccountsContext, uuid: string): Promise<void> {
  const statuses = await subscriptionStatusesOf(ctx.db, uuid, ctx.now());
  if (!statuses.some(isActiveStatus)) return;
  const devices = await openDevices(ctx, uuid);
  if (devices.length < DIGITAL_DEVICE_LIMIT) return;
  const deviceToken = await ctx.tokens.signPurpose(uuid, purposeOf(devices), DEVICE_TOKEN_TTL_MS);
  throw new ApiError(409, ErrorCodes.deviceLimit, DEVICE_LIMIT_MESSAGE, { devices, deviceToken, deviceLimit: DIGITAL_DEVICE_LIMIT });
}

/** How long a refused sign-in may sign a device out. */
const DEVICE_TOKEN_TTL_MS = 10 * 60 * 1000;

/** The token's purpose names the set of open sessions it was issued for. */
function purposeOf(devices: Device[]): string {
  return `device-limit:${sha256(
    devices
      .map((d) => d.id)
      .sort()
      .join(" "),
  ).slice(0, 32)}`;
}

const INVALID_DEVICE_TOKEN = "La solicitud para cerrar la sesión de un dispositivo no es válida, venció o ya se usó; ingresa de nuevo";

/** Signs one device out with the token of a refused sign-in; answers the devices left open. */
export async function signOutDevice(ctx: AccountsContext, body: Record<string, unknown>): Promise<{ devices: Device[] }> {
  const deviceId = requiredText(body.deviceId, "deviceId", LINK_TOKEN);
  const token = requiredText(body.deviceToken, "deviceToken", CREDENTIAL);
  const { rows } = await ctx.db.query<{ user_uuid: string }>("SELECT user_uuid FROM accounts_sessions WHERE id = $1 AND revoked_at IS NULL", [deviceId]);
  const uuid = rows[0]?.user_uuid;
  // Valid only for this account, while its open sessions are the ones it was issued for.
  if (!uuid || (await ctx.tokens.verifyPurpose(token, purposeOf(await openDevices(ctx, uuid)))) !== uuid)
    throw new ApiError(404, ErrorCodes.notFound, INVALID_DEVICE_TOKEN);
  await ctx.db.transaction((tx) => revokeSession(ctx, tx, deviceId, "device-limit"));
  return { devices: await openDevices(ctx, uuid) };
}
