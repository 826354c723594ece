// A signed-in reader's call to an accounts API the SDKs do not cover. Apart from session.ts, which is
// in every page's JavaScript: only account pages call it (docs/decisions/0015-enhancers-and-javascript-budgets.md).
import { accountsApiOrigin, loadSdks } from "./session";

/**
 * A call of the signed-in reader to an accounts API the SDKs do not cover: the access token as the
 * SDKs send it (refreshed first when it expired); the JSON answer, or a rejection with the API's
 * error body ({ code, message }) as the SDKs reject, for messageForError.
 */
export async function callAsReader<T>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<T> {
  const { Identity } = await loadSdks();
  await Identity.isLoggedIn();
  const response = await fetch(`${accountsApiOrigin()}${path}`, {
    method,
    headers: {
      Accept: "application/json",
      Authorization: `Bearer ${Identity.userIdentity?.accessToken ?? ""}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw answer ?? new Error(`HTTP ${response.status}`);
  return answer as T;
}
