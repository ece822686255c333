/** Each request works in its own EntityManager, made the first time the request uses the ORM. */
import { describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/core';
import { User } from '@bff/entities';
import { requestContext } from '@bff/middleware/requestContext';
import type { AppContext } from '@bff/types';
import { useWorld } from './support/world';

describe('request context', () => {
  const world = useWorld();
  const inRequest = <T>(work: (ctx: AppContext) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const ctx = { state: {} } as AppContext;
      void requestContext(world().orm)(ctx, async () => work(ctx).then(resolve, reject));
    });

  it('gives one request one EntityManager, and each request its own', async () => {
    const orm = world().orm;
    const seen: EntityManager[] = [];
    await Promise.all(
      [0, 1].map(() =>
        inRequest(async (ctx) => {
          const first = ctx.state.em;
          await first.findOneOrFail(User, { id: world().users.bob.id });
          expect(ctx.state.em).toBe(first);
          seen.push(first);
        }),
      ),
    );
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen[0]).not.toBe(orm.em);
  });

  it('keeps a loaded entity within its request', async () => {
    const id = world().users.bob.id;
    const inFirst = await inRequest((ctx) => ctx.state.em.findOneOrFail(User, { id }));
    const inSecond = await inRequest((ctx) => ctx.state.em.findOneOrFail(User, { id }));
    expect(inSecond).not.toBe(inFirst);
  });

  it('refuses the global EntityManager outside a request and inside one: the request hands its own', async () => {
    const orm = world().orm;
    await expect(orm.em.findOne(User, { id: world().users.bob.id })).rejects.toThrow(/global/i);
    await expect(inRequest(() => orm.em.findOne(User, { id: world().users.bob.id }))).rejects.toThrow(/global/i);
  });
});
