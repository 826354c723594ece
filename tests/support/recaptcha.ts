// A local stand-in for Google reCAPTCHA v3 (the real service is not reachable here), speaking its
// two public protocols: the page script (`/recaptcha/api.js?render=<site key>`, which defines
// `grecaptcha.ready` and `grecaptcha.execute(siteKey, { action })`) and the server-side check
// (`POST /recaptcha/api/siteverify`, form fields `secret` and `response`, answering `success`,
// `score`, `action`, `hostname`, `challenge_ts` and `error-codes`). As Google's, a token is for one
// site key, verifies once, and names the action it was made for; a token whose random part starts
// with "bot" scores 0.1 (a bot, as Google would judge it).
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRecaptcha {
  origin: string;
  scriptUrl: string;
  verifyUrl: string;
  /** siteverify calls received, in order (the secret and token each carried). */
  verifications: Array<{ secret: string; response: string }>;
  /** A token the page script would give for `action` (tests of the server alone). */
  token(action: string, prefix?: string): string;
  close(): Promise<void>;
}

const SCRIPT = (siteKey: string) => `(() => {
  const siteKey = ${JSON.stringify(siteKey)};
  const random = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
  window.grecaptcha = {
    ready(callback) { setTimeout(callback, 0); },
    execute(key, options) {
      if (key !== siteKey) return Promise.reject(new Error("Invalid site key or not loaded in api.js: " + key));
      return Promise.resolve([siteKey, (options && options.action) || "", random()].join("."));
    },
  };
})();
`;

export async function startFakeRecaptcha(options: { siteKey: string; secret: string; port?: number; host?: string }): Promise<FakeRecaptcha> {
  const spent = new Set<string>();
  const verifications: FakeRecaptcha["verifications"] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.invalid");
    if (req.method === "GET" && url.pathname === "/recaptcha/api.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "access-control-allow-origin": "*" });
      res.end(SCRIPT(url.searchParams.get("render") ?? ""));
      return;
    }
    if (req.method === "POST" && url.pathname === "/recaptcha/api/siteverify") {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        const form = new URLSearchParams(body);
        const secret = form.get("secret") ?? "";
        const response = form.get("response") ?? "";
        verifications.push({ secret, response });
        const answer = (value: object) => {
          res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
          res.end(JSON.stringify(value));
        };
        if (secret !== options.secret) return answer({ success: false, "error-codes": [secret ? "invalid-input-secret" : "missing-input-secret"] });
        if (!response) return answer({ success: false, "error-codes": ["missing-input-response"] });
        const [siteKey, action, nonce] = response.split(".");
        if (siteKey !== options.siteKey || !nonce) return answer({ success: false, "error-codes": ["invalid-input-response"] });
        if (spent.has(response)) return answer({ success: false, "error-codes": ["timeout-or-duplicate"] });
        spent.add(response);
        answer({
          success: true,
          score: nonce.startsWith("bot") ? 0.1 : 0.9,
          action,
          challenge_ts: new Date().toISOString(),
          hostname: "localhost",
        });
      });
      return;
    }
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("not found");
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.host ?? "127.0.0.1"}:${port}`;
  let n = 0;
  return {
    origin,
    scriptUrl: `${origin}/recaptcha/api.js`,
    verifyUrl: `${origin}/recaptcha/api/siteverify`,
    verifications,
    token: (action, prefix = "") => `${options.siteKey}.${action}.${prefix}${Date.now().toString(36)}${++n}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
