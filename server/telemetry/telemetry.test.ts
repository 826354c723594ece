// Tracing is off and costless without OTEL_EXPORTER_OTLP_ENDPOINT: the OpenTelemetry SDK is imported
// by one module, ./otel.ts, and that module only lazily, once the setting is there.
import fs from "node:fs";
import path from "node:path";
import { startTracing } from "./index";

const OWN_FOLDERS = ["server", "platform", "runtime", "accounts", "blocks", "domain", "brands", "tooling"];

describe("tracing without OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  it("is absent", async () => {
    expect(await startTracing({})).toBeUndefined();
  });

  it("never loads the SDK: only server/telemetry/otel.ts imports it, and only by a dynamic import", () => {
    const importers: string[] = [];
    const otelImports: string[] = [];
    for (const top of OWN_FOLDERS)
      for (const entry of fs.readdirSync(top, { recursive: true, encoding: "utf8" })) {
        const file = `${top}/${entry.split(path.sep).join("/")}`;
        if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
        const text = fs.readFileSync(file, "utf8");
        if (/from "@opentelemetry\//.test(text) || /import\("@opentelemetry\//.test(text)) importers.push(file);
        for (const match of text.matchAll(/(import\(|from )"\.\/otel"/g)) otelImports.push(`${file}: ${match[1]}`);
      }
    expect(importers).toEqual(["server/telemetry/otel.ts"]);
    expect(otelImports).toEqual(["server/telemetry/index.ts: import("]);
  });
});
