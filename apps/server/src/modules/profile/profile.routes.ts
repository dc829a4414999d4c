import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, completeProfileBodySchema, completeProfileInfoSchema, editProfileBodySchema, userSchema } from '@tribeverse/shared';
import type { AppContext } from '../../context.ts';
import type { AccountModule } from '../auth/account.module.ts';
import { currentUser } from '../auth/auth.guard.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { readProfileForm } from './profile-form.ts';
import { ProfileService } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; account: AccountModule }> = async (app, { ctx, account }) => {
  const service = new ProfileService(account.users, ctx.media, account.confirmation);
  const base = { tags: ['profile'], security: [{ bearer: [] }] };
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };
  const preHandler = account.requireAuth;

  app.get(
    '/auth/complete-profile',
    { schema: { ...base, response: { 200: completeProfileInfoSchema, 401: apiErrorSchema } }, preHandler },
    async (request) => {
      const user = await service.requireUser(currentUser(request).userId);
      return { id: user.id, email: user.email };
    },
  );

  app.patch(
    '/auth/complete-profile',
    {
      schema: {
        ...base,
        description: 'JSON with the profile fields, or multipart/form-data with the same fields and the picture as file `profile_picture`.',
        response: { 200: userSchema, ...errors },
      },
      preHandler,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const form = await readProfileForm(request, 'profile_picture');
      const input = parseOrThrow(completeProfileBodySchema, form.raw);
      return account.presentMe(await service.completeProfile(currentUser(request).userId, input, form.picture));
    },
  );

  app.patch(
    '/auth/edit-profile',
    {
      schema: {
        ...base,
        description: 'JSON with the edit fields (camelCase), or multipart/form-data with the photo as file `profilePhoto`. An empty field clears it; a missing one is kept.',
        response: { 200: userSchema, ...errors },
      },
      preHandler,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const form = await readProfileForm(request, 'profilePhoto');
      const input = parseOrThrow(editProfileBodySchema, form.raw);
      return account.presentMe(await service.editProfile(currentUser(request).userId, input, form.raw, form.picture));
    },
  );
};
