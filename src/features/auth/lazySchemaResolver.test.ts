import { describe, expect, it } from 'vitest';
import { lazySchemaResolver } from './lazySchemaResolver';

const options = { fields: {}, shouldUseNativeValidation: false };

describe('lazySchemaResolver', () => {
  it("validates with the domain schema's messages", async () => {
    const { resolver } = lazySchemaResolver<{ email: string; password: string }>(async () => (await import('@domain/auth/schemas')).loginSchema);
    const result = await resolver({ email: '', password: '' }, undefined, options);
    expect(result.errors.email?.message).toBe('Email is required');
    expect(result.errors.password?.message).toBe('Password is required');
  });

  it('passes valid values through', async () => {
    const { resolver, preload } = lazySchemaResolver<{ email: string; password: string }>(
      async () => (await import('@domain/auth/schemas')).loginSchema,
    );
    preload();
    const result = await resolver({ email: 'alice@acme.example', password: 'secret' }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ email: 'alice@acme.example', password: 'secret' });
  });
});
