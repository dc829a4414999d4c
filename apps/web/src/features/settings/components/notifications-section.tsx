import type { PushKind, PushPreferences, UpdatePushPreferencesBody } from '@tribeverse/shared';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { isAppleMobile, pushSupport, usePushOnThisDevice, usePushPreferences, useUpdatePushPreferences } from '../api/push';
import { Row, Toggle } from './settings-rows';

const KINDS: Array<{ kind: PushKind; label: string }> = [
  { kind: 'messages', label: 'Direct and group messages' },
  { kind: 'mentions', label: 'Mentions and replies' },
  { kind: 'follows', label: 'New followers' },
  { kind: 'likes', label: 'Likes and comments' },
  { kind: 'communities', label: 'Community requests' },
];

const MISSED_MAIL = 'Email me what I missed';

const HOME_SCREEN_NOTE =
  'On iPhone and iPad, push works only in the app added to the Home Screen: in Safari tap Share, then Add to Home Screen, open Tribeverse from there and turn push on.';

/** Push on this device (asked for by the button, never on load) and, for every device, what is pushed. */
export function NotificationsSection() {
  const device = usePushOnThisDevice();
  const preferences = usePushPreferences();
  const update = useUpdatePushPreferences();
  const support = pushSupport();
  const apple = isAppleMobile();
  const save = (body: UpdatePushPreferencesBody) =>
    update.mutate(body, { onError: (error) => toast.error(errorMessage(error, 'Could not save the setting.')) });
  const switchDevice = (on: boolean) =>
    device.toggle.mutate(on, {
      onError: (error) => toast.error(errorMessage(error, on ? 'Could not turn push on.' : 'Could not turn push off.')),
    });

  const hint =
    support === 'unsupported'
      ? apple
        ? HOME_SCREEN_NOTE
        : 'This browser cannot receive push notifications.'
      : support === 'denied'
        ? 'Notifications are blocked for this site: allow them in your browser’s site settings, then come back.'
        : device.on
          ? 'On: you are told here of what happens while Tribeverse is closed'
          : 'Off: you are told of things only while Tribeverse is open';

  return (
    <section>
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">Notifications</h3>
      <Row label="Push on this device" hint={hint}>
        {support !== 'unsupported' && (
          <Button
            variant={device.on ? 'secondary' : 'primary'}
            className="min-h-11 shrink-0"
            disabled={device.loading || device.toggle.isPending || (support === 'denied' && !device.on)}
            onClick={() => switchDevice(!device.on)}
          >
            {device.on ? 'Turn off' : 'Turn on push for this device'}
          </Button>
        )}
      </Row>
      {apple && support !== 'unsupported' && <p className="pb-2 text-xs text-slate-400">{HOME_SCREEN_NOTE}</p>}
      <PushPreferencesRows p={preferences.data} disabled={!preferences.data || update.isPending} save={save} />
    </section>
  );
}

function PushPreferencesRows({
  p,
  disabled,
  save,
}: {
  p: PushPreferences | undefined;
  disabled: boolean;
  save: (body: UpdatePushPreferencesBody) => void;
}) {
  return (
    <>
      <Row
        label="Show message text"
        hint={p?.previews === false ? 'Off: a push says who wrote, not what' : 'On: a push shows the start of the message'}
      >
        <Toggle label="Show message text" checked={p?.previews ?? true} disabled={disabled} onChange={(previews) => save({ previews })} />
      </Row>
      {KINDS.map(({ kind, label }) => (
        <Row key={kind} label={label}>
          <Toggle label={label} checked={p?.kinds[kind] ?? true} disabled={disabled} onChange={(on) => save({ kinds: { [kind]: on } })} />
        </Row>
      ))}
      <Row
        label={MISSED_MAIL}
        hint={
          p?.mail.missed_messages === false
            ? 'Off: nothing is mailed'
            : 'On: after a while away, one mail lists the unread messages and mentions that came meanwhile'
        }
      >
        <Toggle
          label={MISSED_MAIL}
          checked={p?.mail.missed_messages ?? true}
          disabled={disabled}
          onChange={(on) => save({ mail: { missed_messages: on } })}
        />
      </Row>
    </>
  );
}
