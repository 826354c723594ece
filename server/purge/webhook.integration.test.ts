// The content webhook over HTTP: a signed event purges its content's keys; everything else is
// refused with a 4xx that says why, and purges nothing.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../platform/log";
import { contentWebhook, MAX_BODY_BYTES, sign, WEBHOOK_PATH } from "./webhook";

const SECRET = "secreto-del-webhook-de-contenido-0123456789";
const ID = "4TD3NKQZ7BFSHMPLXW2YJRAGCE";

describe("the content webhook", () => {
  const purged: string[][] = [];
  let server: Server;
  let url = "";
  beforeAll(async () => {
    const app = express();
    app.use(contentWebhook({ secret: SECRET, purge: async (keys) => purged.push(keys), logger: createLogger("silent") }));
    await new Promise<void>((resolve) => (server = app.listen(0, "127.0.0.1", resolve)));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${WEBHOOK_PATH}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = async (body: string, options: { secret?: string; at?: number; headers?: Record<string, string> } = {}) => {
    const timestamp = String(options.at ?? Math.floor(Date.now() / 1000));
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Webhook-Timestamp": timestamp,
        "X-Webhook-Signature": sign(options.secret ?? SECRET, timestamp, body),
        ...options.headers,
      },
      body,
    });
    return { status: response.status, body: await response.json() };
  };

  it("purges the keys of the content a signed event names, and its brand's lists when it publishes", async () => {
    purged.length = 0;
    const update = await send(JSON.stringify({ type: "story-update", id: ID, website: "semana", body: { headlines: { basic: "…" } } }));
    expect(update).toMatchObject({ status: 202, body: { purged: [ID] } });
    const batch = await send(
      JSON.stringify([
        { type: "first-publish", id: "NUEVA1", website: "soho" },
        { type: "collection-update", id: "COLECCION1" },
      ]),
    );
    expect(batch).toMatchObject({ status: 202, body: { purged: ["NUEVA1", "l-soho", "COLECCION1"] } });
    expect(purged).toEqual([[ID], ["NUEVA1", "l-soho", "COLECCION1"]]);
  });

  it("refuses a wrong signature, a stale timestamp and a replay, purging nothing", async () => {
    purged.length = 0;
    const body = JSON.stringify({ type: "story-update", id: ID });
    expect(await send(body, { secret: "otro-secreto-que-no-es-el-del-servidor-000" })).toEqual({
      status: 401,
      body: { error: "la firma no corresponde al cuerpo y la hora enviados" },
    });
    expect((await send(body, { at: Math.floor(Date.now() / 1000) - 3600 })).body.error).toMatch(/difiere más de 300 s/);
    expect((await send(body, { headers: { "X-Webhook-Signature": "" } })).body.error).toMatch(/falta la cabecera X-Webhook-Signature/);
    const at = Math.floor(Date.now() / 1000);
    expect((await send(body, { at })).status).toBe(202);
    expect(await send(body, { at })).toEqual({ status: 409, body: { error: "este evento ya se recibió (repetición rechazada)" } });
    expect(purged).toEqual([[ID]]);
  });

  it("says what is wrong with a body: not JSON, an event without its id, too large", async () => {
    purged.length = 0;
    expect(await send("{no es json")).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^el cuerpo no es JSON válido/) } });
    expect(await send(JSON.stringify([{ type: "story-update", id: ID }, { type: "story-update" }]))).toEqual({
      status: 422,
      body: { error: "[1].id: falta el _id ANS del contenido" },
    });
    expect(await send(JSON.stringify({ type: "story-update", id: ID, body: "x".repeat(MAX_BODY_BYTES) }))).toEqual({
      status: 413,
      body: { error: `el cuerpo pasa de ${MAX_BODY_BYTES} bytes` },
    });
    expect(purged).toEqual([]);
  });
});
