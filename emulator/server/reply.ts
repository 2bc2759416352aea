// The answer a route produces, written to the socket by the HTTP server.

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function jsonReply(status: number, value: unknown, contentType = "application/json"): Reply {
  return { status, headers: { "content-type": contentType }, body: JSON.stringify(value) };
}
