// Facebook's login dialog and Graph API on this machine, for the social sign-in tests: Facebook
// cannot be reached from here, so this speaks its protocol as its documentation gives it — the
// dialog (/dialog/oauth) redirecting back with ?code&state, GET /oauth/access_token (client_id,
// client_secret, redirect_uri, code, code_verifier) answering { access_token, token_type,
// expires_in }, GET /me?fields=… with appsecret_proof, GET /debug_token, and errors as
// { error: { message, type: "OAuthException", code } }.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

interface GraphUser {
  id: string;
  email?: string;
  first_name?: string;
  last_name?: string;
}

export interface TestGraphApi {
  /** FACEBOOK_GRAPH_URL: "http://127.0.0.1:41234/v19.0". */
  graphUrl: string;
  /** FACEBOOK_DIALOG_URL. */
  dialogUrl: string;
  addUser(user: GraphUser): void;
  /** A user access token issued to `appId` (another app's, when it is not ours), as Facebook's SDK would hold. */
  issueToken(userId: string, appId?: string): string;
  close(): Promise<void>;
}

const oauthError = (res: http.ServerResponse, status: number, code: number, message: string) =>
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message, type: "OAuthException", code } }));

export async function startGraphApi(app: { appId: string; appSecret: string; redirectUris: string[] }): Promise<TestGraphApi> {
  const users = new Map<string, GraphUser>();
  const codes = new Map<string, { userId: string; redirectUri: string; challenge: string | null }>();
  const tokens = new Map<string, { userId: string; appId: string }>();
  const issueToken = (userId: string, appId = app.appId) => {
    const token = `EAAG${crypto.randomBytes(24).toString("hex")}`;
    tokens.set(token, { userId, appId });
    return token;
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url!, "http://graph.invalid");
    const q = url.searchParams;
    const json = (body: unknown) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));

    // The login dialog: a page to choose who signs in, whose form redirects back with a code.
    if (url.pathname === "/v19.0/dialog/oauth") {
      if (q.get("client_id") !== app.appId || !app.redirectUris.includes(q.get("redirect_uri") ?? "") || q.get("response_type") !== "code")
        return res.writeHead(400, { "Content-Type": "text/html" }).end("<p>URL bloqueada: el redirect_uri no está en la configuración de la app</p>");
      if (req.method === "GET")
        return res
          .writeHead(200, { "Content-Type": "text/html" })
          .end(
            `<form method="post" action="${url.pathname}${url.search.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"><input name="user_id"/><button>Continuar</button></form>`,
          );
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const userId = new URLSearchParams(Buffer.concat(chunks).toString()).get("user_id") ?? "";
      if (!users.has(userId)) return res.writeHead(400).end("usuario desconocido");
      const code = crypto.randomBytes(16).toString("hex");
      codes.set(code, { userId, redirectUri: q.get("redirect_uri")!, challenge: q.get("code_challenge") });
      const back = new URL(q.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", q.get("state") ?? "");
      return res.writeHead(302, { Location: `${back}#_=_` }).end();
    }
    if (url.pathname === "/v19.0/oauth/access_token") {
      if (q.get("client_id") !== app.appId || q.get("client_secret") !== app.appSecret) return oauthError(res, 400, 1, "Error validating client secret.");
      const grant = codes.get(q.get("code") ?? "");
      codes.delete(q.get("code") ?? "");
      if (!grant || grant.redirectUri !== q.get("redirect_uri")) return oauthError(res, 400, 100, "Invalid verification code format.");
      const verifier = q.get("code_verifier");
      if (grant.challenge && (!verifier || crypto.createHash("sha256").update(verifier).digest("base64url") !== grant.challenge))
        return oauthError(res, 400, 100, "Invalid code verifier.");
      return json({ access_token: issueToken(grant.userId), token_type: "bearer", expires_in: 5183944 });
    }
    if (url.pathname === "/v19.0/me") {
      const token = tokens.get(q.get("access_token") ?? "");
      if (!token) return oauthError(res, 400, 190, "Invalid OAuth access token.");
      if (token.appId === app.appId) {
        const proof = crypto.createHmac("sha256", app.appSecret).update(q.get("access_token")!).digest("hex");
        if (q.get("appsecret_proof") !== proof) return oauthError(res, 400, 100, "Invalid appsecret_proof provided in the API argument");
      }
      const user = users.get(token.userId)!;
      const fields = (q.get("fields") ?? "id,name").split(",");
      return json(Object.fromEntries(Object.entries(user).filter(([key]) => key === "id" || fields.includes(key))));
    }
    if (url.pathname === "/v19.0/debug_token") {
      if (q.get("access_token") !== `${app.appId}|${app.appSecret}`) return oauthError(res, 400, 190, "Invalid OAuth access token.");
      const token = tokens.get(q.get("input_token") ?? "");
      if (!token) return json({ data: { is_valid: false, error: { code: 190, message: "Invalid OAuth access token." } } });
      return json({
        data: { app_id: token.appId, type: "USER", application: "Prueba", is_valid: true, scopes: ["email", "public_profile"], user_id: token.userId },
      });
    }
    oauthError(res, 404, 803, "Unknown path components");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    graphUrl: `${origin}/v19.0`,
    dialogUrl: `${origin}/v19.0/dialog/oauth`,
    addUser: (user) => users.set(user.id, user),
    issueToken,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
