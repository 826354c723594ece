// What a reader's browser does in a social sign-in, for tests without Chromium: it keeps each host's
// cookies, follows a provider's redirects, fills its login and consent screens, and stops where the
// provider sends the reader back to the site (a redirect, or Apple's self-submitting form).

/** Node's own fetch, even where a test has replaced the global one with a cookie jar for the SDKs. */
const nodeFetch = globalThis.fetch;

/**
 * A cookie jar per host (paths and expiry dates are ignored; Max-Age=0 deletes). `address` is the
 * client address it stands for (sent as X-Forwarded-For, which the test servers trust).
 */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(private readonly address?: string) {}

  cookies(url: string | URL): Map<string, string> {
    const host = new URL(url).host;
    if (!this.jars.has(host)) this.jars.set(host, new Map());
    return this.jars.get(host)!;
  }

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const jar = this.cookies(url);
    const headers = new Headers(init.headers);
    if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    if (this.address) headers.set("x-forwarded-for", this.address);
    const response = await nodeFetch(url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || /expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1).trim());
    }
    return response;
  }

  /** A JSON call; the body of the answer parsed. */
  async json(url: string | URL, init: RequestInit = {}): Promise<{ status: number; body: any }> {
    const headers = new Headers(init.headers);
    if (init.body && !headers.has("content-type")) headers.set("content-type", "application/json");
    const response = await this.fetch(url, { ...init, headers });
    return { status: response.status, body: await response.json().catch(() => null) };
  }
}

export interface ProviderAnswer {
  /** Where the provider redirects the reader back (query response mode). */
  redirect?: URL;
  /** What Apple's page posts back (form_post response mode): the action and the fields. */
  formPost?: { action: string; fields: Record<string, string> };
}

const decode = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, dec) => String.fromCharCode(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

function formOf(html: string, base: string): { action: string; fields: Record<string, string> } | null {
  const form =
    /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html) ?? /<form[^>]*method="post"[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return null;
  const fields: Record<string, string> = {};
  for (const input of form[2].matchAll(/<input[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1];
    if (name) fields[name] = value !== undefined ? decode(value) : "";
  }
  return { action: new URL(decode(form[1]), base).toString(), fields };
}

/**
 * Goes through a provider from its authorization URL: signs in as `login` on its login screen and
 * continues on its consent screen, as a reader would. Returns where the provider sends the reader
 * back (anywhere off the provider).
 */
export async function visitProvider(browser: TestBrowser, authorizationUrl: string, login: string): Promise<ProviderAnswer> {
  let url = authorizationUrl;
  const providerOrigin = new URL(authorizationUrl).origin;
  let method = "GET";
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await browser.fetch(url, { method, body, headers: body ? { "content-type": "application/x-www-form-urlencoded" } : undefined });
    method = "GET";
    body = undefined;
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get("location")!, url);
      if (next.origin !== providerOrigin) return { redirect: next };
      url = next.toString();
      continue;
    }
    const html = await response.text();
    const form = formOf(html, url);
    if (!form) throw new Error(`el proveedor respondió ${response.status} sin formulario: ${html.slice(0, 300)}`);
    if (new URL(form.action).origin !== providerOrigin) return { formPost: form };
    if (form.fields.prompt === "login") body = new URLSearchParams({ prompt: "login", login, password: "cualquiera" });
    else if (form.fields.prompt === "consent") body = new URLSearchParams({ prompt: "consent" });
    else throw new Error(`pantalla del proveedor desconocida: ${html.slice(0, 300)}`);
    url = form.action;
    method = "POST";
  }
  throw new Error("demasiados pasos en el proveedor");
}
