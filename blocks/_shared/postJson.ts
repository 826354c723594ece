// A JSON POST to one of this site's own APIs (the PQRS form, the newsletter): the answer's status
// and body, whatever the status. A network failure rejects, as fetch does.

export interface JsonAnswer {
  status: number;
  /** The JSON body; {} when there was none or it was not JSON. */
  body: Record<string, unknown>;
}

export async function postJson(path: string, body: unknown): Promise<JsonAnswer> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => null);
  return { status: response.status, body: answer && typeof answer === "object" && !Array.isArray(answer) ? (answer as Record<string, unknown>) : {} };
}
