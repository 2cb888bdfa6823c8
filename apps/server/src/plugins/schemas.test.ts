import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selfRequestSchema } from '@airman/contracts/api.ts';
import { registerErrorHandler } from './errors.ts';
import { errorResponses, registerSchemas } from './schemas.ts';

async function appWith(answer: unknown) {
  const app = Fastify();
  registerErrorHandler(app);
  registerSchemas(app);
  const schema = {
    body: z.strictObject({ name: z.string().min(2), age: z.number().int() }),
    response: { 200: z.object({ name: z.string() }), ...errorResponses },
  };
  app.withTypeProvider<ZodTypeProvider>().post('/thing', { schema }, async () => answer as { name: string });
  app.withTypeProvider<ZodTypeProvider>().post('/self', { schema: { body: selfRequestSchema } }, async () => ({}));
  await app.ready();
  return app;
}

describe('route schemas', () => {
  it('refuses a body that does not match with a 400 naming the fields, before the handler runs', async () => {
    const app = await appWith({ name: 'x' });
    const res = await app.inject({ method: 'POST', url: '/thing', payload: { name: 'a', age: 1.5, extra: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message:
        'name: Too small: expected string to have >=2 characters; age: Invalid input: expected int, received number; unknown field extra',
    });
  });

  it('sends only what the response schema names', async () => {
    const app = await appWith({ name: 'x', password_hash: 'secret' });
    const res = await app.inject({ method: 'POST', url: '/thing', payload: { name: 'ab', age: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'x' });
  });

  it('answers 500 instead of an answer its schema refuses', async () => {
    const app = await appWith({ name: 42 });
    const res = await app.inject({ method: 'POST', url: '/thing', payload: { name: 'ab', age: 1 } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error' });
  });

  it("tells a union's failure by the option the client meant: the one whose fields it used", async () => {
    const app = await appWith({});
    const weak = await app.inject({
      method: 'POST',
      url: '/self',
      payload: { password: 'short', current_password: 'x' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ message: string }>().message).toMatch(/^password: /);
    const profile = await app.inject({
      method: 'POST',
      url: '/self',
      payload: { first_name: '', last_name: 'B', user_name: 'a@example.com', unit: '', rank: '', sex: 'F' },
    });
    expect(profile.json<{ message: string }>().message).toBe('first_name: must not be empty');
  });
});
