import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';
import type * as EmailCheck from './check-email';

/*
 * The check needs zod and the shared schemas, the largest part of the home page's code otherwise: it is fetched
 * when someone starts typing an address (or, at the latest, on Subscribe), not with the page.
 */
let checker: Promise<typeof EmailCheck> | undefined;
const loadChecker = () => {
  checker ??= import('./check-email').catch((error: unknown) => {
    checker = undefined;
    throw error;
  });
  return checker;
};

export function NewsletterBox() {
  const subscribe = useSubscribeNewsletter();
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const checked = (await loadChecker()).checkEmail(email);
      if ('error' in checked) {
        setResult({ tone: 'error', text: checked.error });
        return;
      }
      const { message } = await subscribe.mutateAsync(checked.email);
      setResult({ tone: 'success', text: message });
      setEmail('');
    } catch (error) {
      setResult({ tone: 'error', text: error instanceof ApiError ? error.message : 'Check your internet connection' });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full max-w-md flex-col gap-3" aria-label="Newsletter">
      <div className="flex gap-2">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onFocus={() => void loadChecker().catch(() => undefined)}
          placeholder="Enter your email"
          autoComplete="email"
          className="w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-slate-100 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-400"
        />
        <Button type="submit" disabled={subscribe.isPending}>
          Subscribe
        </Button>
      </div>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
    </form>
  );
}
