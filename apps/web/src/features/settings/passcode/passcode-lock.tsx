import { LockKeyhole } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { isSessionFromPageLoad, readRememberedEmail, rememberEmail } from '../../../lib/storage';
import { CurrentPasscode } from './current-passcode';
import { setAppLocked } from '../../../lib/app-lock';
import { readPasscode, removePasscode, usePasscode } from './passcode-store';

/**
 * Passcode lock for the member area. It covers the app on a fresh load with a passcode set, and when the tab comes
 * back after being hidden for the auto-lock time. The app stays mounted underneath, so the socket and its live
 * updates carry on and nothing reconnects on unlock.
 */
export function PasscodeLock() {
  const { user, token } = useAuth();
  const memberId = user?.id;
  const record = usePasscode(memberId);
  const [locked, setLocked] = useState(() => memberId !== undefined && !!readPasscode(memberId) && isSessionFromPageLoad(token));
  const lock = useCallback(() => setLocked(true), []);
  useAutoLock(record?.autoLockMs ?? null, lock);

  // A passcode removed (here or in another tab) ends the lock; one set again later must not find it still on.
  if (!record && locked) setLocked(false);
  const showing = memberId !== undefined && !!record && locked;
  // A layout effect: others learn of the lock before their own effects run in the same commit.
  useLayoutEffect(() => {
    setAppLocked(showing);
    return () => setAppLocked(false);
  }, [showing]);
  if (!showing) return null;
  return <LockScreen memberId={memberId} onUnlock={() => setLocked(false)} />;
}

function useAutoLock(autoLockMs: number | null, lock: () => void) {
  useEffect(() => {
    if (autoLockMs === null) return;
    let hiddenAt = document.hidden ? Date.now() : null;
    const onVisibility = () => {
      if (document.hidden) {
        hiddenAt ??= Date.now();
        return;
      }
      if (hiddenAt !== null && Date.now() - hiddenAt >= autoLockMs) lock();
      hiddenAt = null;
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [autoLockMs, lock]);
}

/**
 * Everything on the page but the lock is made inert (out of reach of Tab, clicks and screen readers), including
 * dialogs and toasts that open while it is shown; then the passcode boxes get the focus. A layout effect, so the
 * app is out of reach in the very commit that shows the lock, and back in the one that removes it.
 */
function useInertOthers(overlay: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const own = overlay.current;
    const made: Element[] = [];
    const hide = (node: Node) => {
      if (!(node instanceof HTMLElement) || node === own || node.hasAttribute('inert')) return;
      node.setAttribute('inert', '');
      made.push(node);
    };
    document.body.childNodes.forEach(hide);
    const observer = new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(hide)));
    observer.observe(document.body, { childList: true });
    own?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
    return () => {
      observer.disconnect();
      made.forEach((el) => el.removeAttribute('inert'));
    };
  }, [overlay]);
}

function LockScreen({ memberId, onUnlock }: { memberId: string | number; onUnlock: () => void }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const overlay = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useInertOthers(overlay);

  // The way out for a forgotten passcode is signing in again: the same server-side logout as the sidebar's.
  const forgot = async () => {
    removePasscode(memberId);
    const remembered = readRememberedEmail();
    await signOut();
    if (remembered) rememberEmail(remembered);
    navigate(paths.auth.login.getHref(), { replace: true });
  };

  return createPortal(
    <div
      ref={overlay}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      // Opaque and above every layer (dialogs, toasts); pointer events on in case an open dialog turned them off on <body>.
      className="pointer-events-auto fixed inset-0 z-[10000] flex flex-col items-center justify-center gap-6 overflow-y-auto overscroll-contain bg-slate-950 p-6 text-slate-100"
    >
      <LockKeyhole className="size-10 text-brand-400" aria-hidden />
      <h2 id={titleId} className="text-xl font-semibold">
        Enter your passcode
      </h2>
      <CurrentPasscode memberId={memberId} label="Passcode" onVerified={onUnlock} />
      <button type="button" onClick={forgot} className="text-sm text-slate-400 underline hover:text-slate-50">
        Forgot passcode? Log out
      </button>
    </div>,
    document.body,
  );
}
