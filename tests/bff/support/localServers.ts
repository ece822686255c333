/**
 * Local servers that play an API, a vendor or a database for the connector and sync tests. They
 * listen on 127.0.0.1 at a port the system picks, so test files never collide; connectors reach
 * them because the tests allow private addresses.
 */
import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';

/** One request as the server received it, body included (kept in order for the test to inspect). */
export interface ReceivedRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Answers a request once its whole body has arrived. */
export type RequestHandler = (request: IncomingMessage, response: ServerResponse, received: ReceivedRequest) => void;

export interface LocalServer<S extends HttpServer | TcpServer> {
  server: S;
  port: number;
  /** http://127.0.0.1:{port} */
  base: string;
  close(): Promise<void>;
}

export interface LocalHttpServer extends LocalServer<HttpServer> {
  /** Every request so far, oldest first; a test may empty it. */
  received: ReceivedRequest[];
}

async function listen<S extends HttpServer | TcpServer>(server: S): Promise<LocalServer<S>> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return { server, port, base: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** An HTTP server answering with `handler`. */
export async function startHttpServer(handler: RequestHandler): Promise<LocalHttpServer> {
  const received: ReceivedRequest[] = [];
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const each: ReceivedRequest = {
        method: request.method ?? 'GET',
        url: new URL(request.url ?? '/', 'http://127.0.0.1'),
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(each);
      handler(request, response, each);
    });
  });
  return { ...(await listen(server)), received };
}

/** A TCP server handing each connection to `onConnection` (a stand-in speaking a database protocol). */
export function startTcpServer(onConnection: (socket: Socket) => void): Promise<LocalServer<TcpServer>> {
  return listen(createTcpServer(onConnection));
}

/** A port nothing listens on: one the system just gave out, closed again. */
export async function unusedPort(): Promise<number> {
  const local = await listen(createTcpServer());
  await local.close();
  return local.port;
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}
