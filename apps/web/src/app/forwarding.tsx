import { Suspense, type ReactNode } from 'react';
import { useChannelForwardTargets } from '../features/communities/hooks/use-channel-forward-targets';
import { forwardRequest, MoreForwardTargetsProvider, useForwardRequest } from '../lib/conversation/forwarding';
import { lazyNamed } from '../lib/lazy-named';

// Fetched when a view without a dialog of its own (the community chat) first asks to forward.
const ForwardDialog = lazyNamed(() => import('../features/chat/components/forward-dialog'), 'ForwardDialog');

/** The dialog for 'Forward…' asked through `forwardRequest`, mounted once the first one is asked. */
function ForwardHost() {
  const message = useForwardRequest();
  if (!message) return null;
  return (
    <Suspense fallback={null}>
      <ForwardDialog message={message} onClose={forwardRequest.close} />
    </Suspense>
  );
}

/**
 * Forwarding across features: chat's dialog offers the member's community channels too, and the community chat's
 * 'Forward…' opens chat's dialog, without either feature importing the other.
 */
export function AppForwarding({ children }: { children: ReactNode }) {
  return (
    <MoreForwardTargetsProvider value={useChannelForwardTargets}>
      {children}
      <ForwardHost />
    </MoreForwardTargetsProvider>
  );
}
