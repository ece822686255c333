// The baseline of the BFF-overhead benchmark: plain Node `http` answering a fixed JSON body.
import { createServer } from 'node:http';

const body = process.env.BENCH_BODY ?? '{}';
createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
