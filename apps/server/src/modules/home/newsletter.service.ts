import { ErrorCode } from '@tribeverse/shared';
import { conflict } from '../../lib/errors.ts';
import { isUniqueViolation } from '../profile/users.repository.ts';
import type { NewsletterRepository } from './newsletter.repository.ts';

const alreadySubscribed = () => conflict('This email is already subscribed.', ErrorCode.ALREADY_SUBSCRIBED, 'email');

export class NewsletterService {
  constructor(private readonly subscriptions: NewsletterRepository) {}

  async subscribe(email: string) {
    if (await this.subscriptions.isSubscribed(email)) throw alreadySubscribed();
    try {
      await this.subscriptions.subscribe(email);
    } catch (error) {
      // Two submits at once: the unique index decides, the loser hears the same answer.
      if (isUniqueViolation(error)) throw alreadySubscribed();
      throw error;
    }
    return { message: 'Thanks for subscribing!' };
  }
}
