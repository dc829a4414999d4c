/**
 * A bar filled to a fraction (0 to 1), announced as a `meter` (a microphone's level) or a `progressbar` (an upload)
 * with its percentage; the caller gives the track's and the fill's look.
 */
export function LevelBar({
  role,
  label,
  fraction,
  className,
  fillClassName,
}: {
  role: 'meter' | 'progressbar';
  label: string;
  fraction: number;
  className: string;
  fillClassName: string;
}) {
  const percent = Math.round(fraction * 100);
  return (
    <div role={role} aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className={className}>
      <div className={fillClassName} style={{ width: `${percent}%` }} />
    </div>
  );
}
