import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useAuth } from './auth';
import { connectSocket, type AppSocket } from './socket';
import { stopRetrying } from './socket-reconnection';

const SocketContext = createContext<AppSocket | null>(null);

/** One socket per signed-in tab; features subscribe to their events through useSocket(). */
export function SocketProvider({ children }: { children: ReactNode }) {
  const { token } = useAuth();
  const [socket, setSocket] = useState<AppSocket | null>(null);
  useEffect(() => {
    if (!token) {
      setSocket(null);
      return;
    }
    const s = connectSocket(token);
    setSocket(s);
    return () => {
      stopRetrying(s);
      s.disconnect();
    };
  }, [token]);
  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

export const useSocket = () => useContext(SocketContext);
