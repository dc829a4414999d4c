import { z } from '../zod.ts';
import { LIMITS } from '../limits.ts';

export const interestCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sub_interests: z.array(z.object({ name: z.string() })),
});
export type InterestCategory = z.infer<typeof interestCategorySchema>;
export const interestCatalogueSchema = z.array(interestCategorySchema);

export const tooManyCategoriesMsg = 'Interest tags should not exceed a maximum of 5 categories.';
export const tooManySubMsg = (category: string) => `Maximum 3 sub-interests allowed for ${category}`;

export const saveInterestsBodySchema = z.object({
  interests: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(100),
        sub_interests: z.array(z.string().trim().min(1).max(100)).min(1, 'Pick at least one sub-interest'),
      }),
    )
    .max(LIMITS.interestsMaxCategories, tooManyCategoriesMsg)
    .superRefine((items, ctx) => {
      for (const item of items) {
        if (item.sub_interests.length > LIMITS.interestsMaxPerCategory) {
          ctx.addIssue({ code: 'custom', message: tooManySubMsg(item.name) });
        }
      }
    }),
});
export type SaveInterestsBody = z.input<typeof saveInterestsBodySchema>;
