import pino, { type Logger } from 'pino';
import type { Config } from './config';

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'navout-bff' },
    // Secrets that could be attached to a logged object by mistake.
    redact: ['req.headers.authorization', 'password', 'newPassword', 'passwordHash', 'token', 'idToken'],
  });
}
