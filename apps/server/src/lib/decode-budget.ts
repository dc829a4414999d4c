import { AsyncLocalStorage } from 'node:async_hooks';
import { tooManyRequests } from './errors.ts';
import type { MemberBudget } from './member-budget.ts';

/**
 * Pictures cost CPU by their pixels, whatever their file size: a 60 KB PNG can claim 49 million. Each member has a
 * budget of decoded pixels over time, counted per member (every session and, with Redis, every process together),
 * so neither fresh sessions nor several tabs buy more. About fifty 12-megapixel photos every ten minutes.
 */
export const DECODE_PIXELS_PER_WINDOW = 600_000_000;
export const DECODE_WINDOW_MS = 10 * 60_000;

interface DecodeOwner {
  /** The member the current request acts for, once the access guard knows them. */
  userId(): number | null;
  budget: MemberBudget;
}

/** Who a picture decode is charged to: set per HTTP request, read where pictures are decoded (lib/images.ts). */
export const decodeOwner = new AsyncLocalStorage<DecodeOwner>();

/** Charges `pixels` to the requesting member before they are decoded; a 429 once the budget is spent. */
export async function chargeDecode(pixels: number) {
  const owner = decodeOwner.getStore();
  const userId = owner?.userId();
  if (!owner || userId === null || userId === undefined) return;
  const { allowed, retryIn } = await owner.budget.take(userId, Date.now(), pixels);
  if (!allowed) {
    const minutes = Math.max(1, Math.ceil(retryIn / 60));
    throw tooManyRequests(`You have sent many large pictures in a short time. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
}
