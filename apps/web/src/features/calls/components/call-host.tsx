import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAuth } from '../../../lib/auth';
import { onCallRequest } from '../../../lib/call-request';
import { listen } from '../../../lib/socket-listen';
import { useSocket } from '../../../lib/socket-provider';
import { toast } from '../../../lib/toast';
import { CallEngine } from '../stores/call-engine';
import { CallScreen } from './call-screen';
import { IncomingCall } from './incoming-call';

/**
 * Calls in this tab, on every page of the member shell: rings when the member is called (every open tab rings),
 * takes the chat header's call buttons, and shows the call over whatever page is open.
 */
export function CallHost() {
  const socket = useSocket();
  const me = useAuth().user?.id ?? 0;
  const [engine, setEngine] = useState<CallEngine | null>(null);
  useEffect(() => {
    if (!socket || !me) return;
    const made = new CallEngine(socket, me);
    setEngine(made);
    const stopListening = listen(socket, {
      'call:incoming': (call) => made.incoming(call),
      'call:accepted': (event) => void made.accepted(event),
      'call:signal': (signal) => void made.signal(signal),
      'call:ended': (event) => made.ended(event),
      'call:resumed': (event) => made.resumed(event),
      // Every connect after a drop takes this tab's place in its call again.
      connect: () => void made.reconnected(),
    });
    const lost = () => made.connectionLost();
    socket.on('disconnect', lost);
    const stopRequests = onCallRequest(({ peer, media }) => {
      const phase = made.snapshot().phase;
      if (phase !== 'idle' && phase !== 'over') return toast.info('You are in a call already.');
      void made.start(peer, media);
    });
    const leaving = () => made.dispose();
    window.addEventListener('pagehide', leaving);
    return () => {
      stopListening();
      socket.off('disconnect', lost);
      stopRequests();
      window.removeEventListener('pagehide', leaving);
      made.dispose();
      setEngine(null);
    };
  }, [socket, me]);
  return engine ? <CallView engine={engine} /> : null;
}

function CallView({ engine }: { engine: CallEngine }) {
  const view = useSyncExternalStore(engine.subscribe, engine.snapshot);
  if (view.phase === 'idle') return null;
  if (view.phase === 'incoming')
    return <IncomingCall view={view} onAccept={() => void engine.accept()} onDecline={() => engine.decline()} />;
  return <CallScreen view={view} engine={engine} />;
}
