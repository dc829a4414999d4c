import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  ErrorCode,
  interestCatalogueSchema,
  messageResponseSchema,
  saveInterestsBodySchema,
  tooManyCategoriesMsg,
} from '@tribeverse/shared';
import { badRequest } from '../../lib/errors.ts';
import { currentUserId } from '../../http/route-kit.ts';
import { presentCatalogue } from './interests.presenter.ts';
import type { InterestsService } from './interests.service.ts';

export const interestsRoutes: FastifyPluginAsyncZod<{ interests: InterestsService }> = async (app, { interests: service }) => {
  const security = [{ bearer: [] }];

  app.get(
    '/interests',
    {
      schema: { tags: ['interests'], security, response: { 200: interestCatalogueSchema, 401: apiErrorSchema } },
    },
    async () => presentCatalogue(await service.listCatalogue()),
  );

  app.patch(
    '/interests',
    {
      schema: {
        tags: ['interests'],
        security,
        body: saveInterestsBodySchema,
        response: { 200: messageResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
      // The two selection limits get their own codes so the screen can tell them from malformed input.
      attachValidation: true,
    },
    async (request) => {
      const invalid = request.validationError;
      if (invalid) {
        const msg = invalid.validation?.[0]?.message ?? '';
        if (msg === tooManyCategoriesMsg) throw badRequest(msg, ErrorCode.INTERESTS_TOO_MANY_CATEGORIES, 'interests');
        if (msg.startsWith('Maximum 3 sub-interests allowed for')) throw badRequest(msg, ErrorCode.INTERESTS_TOO_MANY_SUB, 'interests');
        throw invalid;
      }
      await service.saveSelection(currentUserId(request), request.body.interests);
      return { message: 'Interests saved' };
    },
  );
};
