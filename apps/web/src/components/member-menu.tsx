import { useState } from 'react';
import { Ban, Volume2, VolumeX } from 'lucide-react';
import { useReportItem } from './report/report-menu';
import type { ReportSubject } from './report/report-dialog';
import { appConfirm } from './ui/app-dialog';
import { MenuItem } from './ui/menu';
import { MoreMenu } from './ui/more-menu';
import { errorMessage } from '../lib/format';
import { announceRelation, setBlocked, setMuted } from '../lib/member-relations';
import { toast } from '../lib/toast';

/** What a block does, said before it is made (the server holds every part of it). */
export const BLOCK_EXPLAINED =
  "Neither of you will see the other's posts or comments, neither can message or follow the other, and the follows " +
  'between you end. They are not notified. You can unblock them from their profile.';

export interface MemberMenuProps {
  member: { id: number; name: string };
  /** How the viewer stands to them now: the items offer the other way. */
  muted: boolean;
  blocked: boolean;
  /** Mute and Block are left out where the viewer's standing with the member is not known (a profile's own posts). */
  relations?: boolean;
  /** What 'Report…' reports to the instance's moderators (the member, or their post); no Report without it. */
  report?: ReportSubject;
  className?: string;
}

/**
 * The '⋯' menu on a member's profile and on their posts (Mastodon's profile menu): Mute / Unmute and Block / Unblock.
 * A block asks first and says what it does. The change is announced to the whole tab (lib/member-relations), so
 * the feed drops their posts and the profile changes its buttons at once. Report… sends the member or their post to
 * the instance's moderators.
 */
export function MemberMenu({ member, muted, blocked, relations = true, report, className }: MemberMenuProps) {
  const [busy, setBusy] = useState(false);
  const reporting = useReportItem(report);
  const { id, name } = member;

  const act = async (run: () => Promise<unknown>, done: () => void, failure: string) => {
    setBusy(true);
    try {
      await run();
      done();
    } catch (error) {
      toast.error(errorMessage(error, failure));
    } finally {
      setBusy(false);
    }
  };

  const toggleMute = () =>
    act(
      () => setMuted(id, !muted),
      () => {
        announceRelation({ user_id: id, kind: muted ? 'unmuted' : 'muted' });
        toast.success(muted ? `${name} is unmuted.` : `${name} is muted: their posts leave your feed. They are not told.`);
      },
      muted ? 'Could not unmute this member.' : 'Could not mute this member.',
    );

  const toggleBlock = async () => {
    if (!blocked && !(await appConfirm({ title: `Block ${name}?`, message: BLOCK_EXPLAINED, confirmLabel: 'Block', danger: true }))) return;
    await act(
      () => setBlocked(id, !blocked),
      () => {
        announceRelation({ user_id: id, kind: blocked ? 'unblocked' : 'blocked' });
        toast.success(blocked ? `${name} is unblocked.` : `${name} is blocked.`);
      },
      blocked ? 'Could not unblock this member.' : 'Could not block this member.',
    );
  };

  return (
    <>
      <MoreMenu label={`More for ${name}`} className={className}>
        {/* A blocked member's posts are hidden anyway: muting them as well is offered only once unblocked. */}
        {relations && (!blocked || muted) && (
          <MenuItem
            disabled={busy}
            icon={muted ? <Volume2 className="size-4" aria-hidden /> : <VolumeX className="size-4" aria-hidden />}
            onSelect={() => void toggleMute()}
          >
            {muted ? `Unmute ${name}` : `Mute ${name}`}
          </MenuItem>
        )}
        {relations && (
          <MenuItem danger={!blocked} disabled={busy} icon={<Ban className="size-4" aria-hidden />} onSelect={() => void toggleBlock()}>
            {blocked ? `Unblock ${name}` : `Block ${name}`}
          </MenuItem>
        )}
        {reporting.item}
      </MoreMenu>
      {reporting.dialog}
    </>
  );
}
