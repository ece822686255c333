import { createConnection } from 'node:net';

/** The Redis the tests that need one use: CI's, or this machine's default. */
export const REDIS = { host: '127.0.0.1', port: 6379 };
export const REDIS_URL = `redis://${REDIS.host}:${REDIS.port}`;

/** Whether something accepts connections on REDIS's address. */
export const redisAnswers = () =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection(REDIS, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
