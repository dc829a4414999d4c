import { isUniqueViolation } from '../../db/persistence/unique-violation.ts';
import type { NewsletterRepository } from './home-newsletter.repository.ts';

/**
 * Subscribing answers alike whether or not the address was already on the list: 'already subscribed' would tell
 * anyone who is (and, for most, that they have an account). A repeat changes nothing.
 */
export class NewsletterService {
  constructor(private readonly subscriptions: NewsletterRepository) {}

  async subscribe(email: string) {
    try {
      if (!(await this.subscriptions.isSubscribed(email))) await this.subscriptions.subscribe(email);
    } catch (error) {
      // Two submits at once: the unique index decides; the address is on the list either way.
      if (!isUniqueViolation(error)) throw error;
    }
    return { message: 'Thanks for subscribing!' };
  }
}
