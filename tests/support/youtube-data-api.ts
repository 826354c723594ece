// A local stand-in for the YouTube Data API v3 (the real service is not reachable here), speaking its
// videos.list protocol: `GET /youtube/v3/videos?part=snippet,contentDetails&id=<ids>&key=<key>`.
// As Google's, it answers `youtube#videoListResponse` with the videos it knows (unknown ids are left
// out), only the parts asked for, 400 `keyInvalid` for a wrong key, 403 without one, 400 without
// `part` or `id`. `down()` makes it answer 503 (backendError) until `up()`.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeVideo {
  id: string;
  publishedAt: string;
  title: string;
  description: string;
  thumbnail: string;
  /** ISO 8601, e.g. "PT4M13S". */
  duration: string;
}

export interface FakeYoutube {
  origin: string;
  /** videos.list requests received, in order: their `id` and `key` parameters. */
  calls: Array<{ id: string; key: string; part: string }>;
  down(): void;
  up(): void;
  close(): Promise<void>;
}

const error = (code: number, reason: string, message: string) => ({
  error: {
    code,
    message,
    errors: [{ message, domain: code === 403 ? "global" : "usageLimits", reason }],
    status: code === 403 ? "PERMISSION_DENIED" : "INVALID_ARGUMENT",
  },
});

export async function startFakeYoutube(options: { key: string; videos: FakeVideo[] }): Promise<FakeYoutube> {
  const calls: FakeYoutube["calls"] = [];
  let failing = false;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.invalid");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "GET" || url.pathname !== "/youtube/v3/videos") return send(404, error(404, "notFound", "Not Found"));
    const key = url.searchParams.get("key") ?? "";
    const part = url.searchParams.get("part") ?? "";
    const id = url.searchParams.get("id") ?? "";
    calls.push({ id, key, part });
    if (failing) return send(503, error(503, "backendError", "Backend Error"));
    if (!key)
      return send(
        403,
        error(
          403,
          "forbidden",
          "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
        ),
      );
    if (key !== options.key) return send(400, error(400, "keyInvalid", "API key not valid. Please pass a valid API key."));
    if (!part) return send(400, error(400, "required", "No filter selected. Expected one of: myRated, id, chart"));
    const parts = new Set(part.split(","));
    const ids = id.split(",").filter(Boolean);
    const items = ids.flatMap((wanted) => {
      const video = options.videos.find((v) => v.id === wanted);
      if (!video) return [];
      return [
        {
          kind: "youtube#video",
          etag: `etag-${video.id}`,
          id: video.id,
          ...(parts.has("snippet")
            ? {
                snippet: {
                  publishedAt: video.publishedAt,
                  channelId: "UCfake",
                  title: video.title,
                  description: video.description,
                  thumbnails: {
                    default: { url: video.thumbnail, width: 120, height: 90 },
                    high: { url: video.thumbnail.replace("default", "hqdefault"), width: 480, height: 360 },
                  },
                  channelTitle: "Canal de prueba",
                  liveBroadcastContent: "none",
                },
              }
            : {}),
          ...(parts.has("contentDetails")
            ? {
                contentDetails: {
                  duration: video.duration,
                  dimension: "2d",
                  definition: "hd",
                  caption: "false",
                  licensedContent: true,
                  projection: "rectangular",
                },
              }
            : {}),
        },
      ];
    });
    send(200, { kind: "youtube#videoListResponse", etag: "etag-list", items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    calls,
    down: () => void (failing = true),
    up: () => void (failing = false),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
