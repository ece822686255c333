/**
 * A minimal SMTP server on 127.0.0.1 that accepts every message and keeps it, so the real
 * nodemailer transport can be exercised without a mail service.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;

  private constructor() {
    this.server = createServer((socket) => this.converse(socket));
  }

  static async start(): Promise<TestSmtpServer> {
    const smtp = new TestSmtpServer();
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    return smtp;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  private converse(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test.smtp ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            this.received.push(mail);
            mail = { from: '', to: [], data: '' };
            reply('250 2.0.0 queued');
          } else {
            mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 test.smtp');
        else if (command === 'MAIL') {
          mail.from = line.slice(10);
          reply('250 2.1.0 ok');
        } else if (command === 'RCPT') {
          mail.to.push(line.slice(8));
          reply('250 2.1.5 ok');
        } else if (command === 'DATA') {
          inData = true;
          reply('354 end with .');
        } else if (command === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
