import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  completeProfileBodySchema,
  completeProfileInfoSchema,
  editProfileBodySchema,
  userSchema,
} from '@tribeverse/shared';
import type { UsersApi } from '../users/users.module.ts';
import { currentIdentity, currentUserId } from '../../http/route-kit.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { readProfileForm } from './profile-form.ts';
import type { ProfileService } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ service: ProfileService; presentMe: UsersApi['presentMe'] }> = async (
  app,
  { service, presentMe },
) => {
  const base = { tags: ['profile'], security: [{ bearer: [] }] };
  const errors = {
    400: apiErrorSchema,
    401: apiErrorSchema,
    403: apiErrorSchema,
    409: apiErrorSchema,
    413: apiErrorSchema,
    415: apiErrorSchema,
  };

  app.get(
    '/auth/complete-profile',
    { schema: { ...base, response: { 200: completeProfileInfoSchema, 401: apiErrorSchema } } },
    async (request) => {
      const user = await service.requireUser(currentUserId(request));
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
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const form = await readProfileForm(request, 'profile_picture');
      const input = parseOrThrow(completeProfileBodySchema, form.raw);
      return presentMe(await service.completeProfile(currentUserId(request), input, form.picture));
    },
  );

  app.patch(
    '/auth/edit-profile',
    {
      schema: {
        ...base,
        description:
          'JSON with the edit fields (camelCase), or multipart/form-data with the photo as file `profilePhoto`. An empty field clears it; a missing one is kept.',
        response: { 200: userSchema, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const form = await readProfileForm(request, 'profilePhoto');
      const input = parseOrThrow(editProfileBodySchema, form.raw);
      const { userId, signedInAt } = currentIdentity(request);
      return presentMe(await service.editProfile(userId, input, form.raw, form.picture, signedInAt));
    },
  );
};
