import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from '../src/lib/http-errors.ts';
import { forbidden } from '../src/lib/errors.ts';

describe('error handling', () => {
  it('hides the inside of a 5xx and passes an intended error through', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('connection string postgres://secret@db leaked');
    });
    app.get('/nope', async () => {
      throw forbidden('Not yours.');
    });
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ code: 'INTERNAL', msg: 'Something went wrong on our side. Please try again.' });
    expect(boom.body).not.toContain('secret');
    const nope = await app.inject({ method: 'GET', url: '/nope' });
    expect(nope.statusCode).toBe(403);
    expect(nope.json()).toEqual({ code: 'FORBIDDEN', msg: 'Not yours.' });
    await app.close();
  });
});
