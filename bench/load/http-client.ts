/**
 * The load generators' HTTP client: keep-alive `node:http`, as lean as it allows (the generator shares
 * the machine with the servers it measures), and 127.0.0.1 only.
 *
 * @example
 *   const http = keepAliveClient('http://127.0.0.1:8080/2025-10-13', 8);
 *   const { status, text } = await http.send('GET', '/customers', {});
 */
import { Agent, request as httpRequest } from 'node:http';

export interface Reply {
  status: number;
  text: string;
}

export function keepAliveClient(baseUrl: string, maxSockets: number) {
  const target = new URL(baseUrl);
  if (target.hostname !== '127.0.0.1')
    throw new Error(`refusing to load anything but 127.0.0.1 (got ${target.hostname})`);
  const agent = new Agent({ keepAlive: true, maxSockets });
  const send = (method: string, path: string, headers: Record<string, string>, body?: string): Promise<Reply> =>
    new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          agent,
          host: '127.0.0.1',
          port: target.port,
          method,
          path: `${target.pathname.replace(/\/$/, '')}${path}`,
          headers:
            body === undefined
              ? headers
              : { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}
