import { Logo } from '../../components/ui/logo';

/**
 * The loading screen of index.html (same markup, styled there), drawn by React while the first page's code
 * arrives: the page goes from the static shell to this one without a blank frame or a shift.
 */
export function BootScreen() {
  return (
    <main className="boot" aria-busy="true">
      <Logo />
      <h1>Tribeverse</h1>
      <p>Loading…</p>
      <div className="boot-bar" role="presentation" />
    </main>
  );
}
