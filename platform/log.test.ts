import { createLogger, throttledLogger, withTraceIds } from "./log";

describe("the server's logger", () => {
  it("writes one line per event, Spanish message and its fields, from its level up", () => {
    const lines: string[] = [];
    const logger = createLogger("warn", (line) => lines.push(line));
    logger.info("no se escribe");
    logger.warn("bloque omitido", { pageId: "portada" });
    logger.error("sin campos");
    expect(lines).toEqual(['[warn] bloque omitido {"pageId":"portada"}', "[error] sin campos"]);
  });

  it("writes a repeated warning once per interval, then how many times it repeated", () => {
    const lines: string[] = [];
    let now = 0;
    const logger = throttledLogger(
      createLogger("info", (line) => lines.push(line)),
      60_000,
      () => now,
    );
    for (let i = 0; i < 50; i++) logger.warn("bloque omitido", { pageId: `p${i}`, reason: "timeout", detail: "content-apir no respondió en 3000 ms" });
    logger.warn("bloque omitido", { reason: "fetch-failed", detail: "otra fuente caída" });
    expect(lines).toHaveLength(2);
    now = 61_000;
    logger.warn("bloque omitido", { pageId: "x", reason: "timeout", detail: "content-apir no respondió en 3000 ms" });
    expect(lines[2]).toContain('"repeticiones":49');
    logger.info("siempre");
    expect(lines[3]).toBe("[info] siempre");
  });

  it("counts a failure as the same one whatever path or query it was asked for", () => {
    const lines: string[] = [];
    const logger = throttledLogger(
      createLogger("info", (line) => lines.push(line)),
      60_000,
      () => 0,
    );
    for (const id of [1, 2, 3]) logger.error("falló la búsqueda", { error: `arc: GET /content/v4/?website_url=%2Fa%2F${id}%2F falló: fetch failed` });
    logger.error("falló la búsqueda", { error: "arc: GET /content/v4/?website_url=%2Fa%2F falló: respondió 500" });
    expect(lines).toHaveLength(2);
  });
});

describe("LOG_FORMAT=json", () => {
  it("writes each event as one JSON object per line, with the trace's ids while a request is traced", () => {
    const lines: string[] = [];
    const traced: { ids?: { traceId: string; spanId: string } } = {};
    const logger = withTraceIds(
      createLogger("info", (line) => lines.push(line), "json"),
      () => traced.ids,
    );
    logger.warn("bloque omitido", { pageId: "portada" });
    const ids = { traceId: "0af7651916cd43dd8448eb211c80319c", spanId: "b7ad6b7169203331" };
    traced.ids = ids;
    logger.error("línea con\nsalto");
    logger.debug?.("no se escribe");
    expect(lines).toHaveLength(2);
    const [first, second] = lines.map((line) => JSON.parse(line));
    expect(first).toMatchObject({ level: "warn", message: "bloque omitido", pageId: "portada" });
    expect(first.traceId).toBeUndefined();
    expect(Date.parse(first.time)).not.toBeNaN();
    expect(second).toMatchObject({ level: "error", message: "línea con\nsalto", ...ids });
  });
});
