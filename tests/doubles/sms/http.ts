/**
 * A small HTTP server on 127.0.0.1 for the SMS gateway doubles: reads the whole
 * body, hands the request to the double, writes its JSON answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DoubleRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
export interface DoubleAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RunningDouble {
  /** `127.0.0.1:<port>` — the endpoint to give the SDK (with http as its protocol). */
  host: string;
  close(): Promise<void>;
}

export async function startJsonDouble(handle: (req: DoubleRequest) => DoubleAnswer): Promise<RunningDouble> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let answer: DoubleAnswer;
      try {
        answer = handle({ method: req.method ?? '', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) });
      } catch (err) {
        answer = { status: 500, body: { error: String(err) } };
      }
      const text = JSON.stringify(answer.body);
      res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8', 'content-length': Buffer.byteLength(text), ...answer.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
