import jwt from 'jsonwebtoken';
import type { Config } from '../../config';

/** A session token: HS256, our issuer and audience, the user id as subject, and an expiry. */
export function signSessionToken(config: Pick<Config, 'jwt'>, user: { id: string; sessionVersion: number }): string {
  return jwt.sign({ ver: user.sessionVersion }, config.jwt.secret, {
    algorithm: 'HS256',
    issuer: config.jwt.issuer,
    audience: config.jwt.audience,
    subject: user.id,
    expiresIn: config.jwt.ttlSeconds,
  });
}
