import type { Audience, Settings, UpdateSettingsBody } from '@tribeverse/shared';
import { ChoiceSelect, type Choice } from '../../../components/ui/choice-select';
import { Row, Toggle } from './settings-rows';

const AUDIENCE_HINT: Record<Audience, string> = {
  everyone: 'Everyone can see it',
  followers: 'Only people who follow you',
  nobody: 'Nobody can see it',
};

/** The hint says what the switch does as it stands (the server shows ticks only when both people have them on). */
const RECEIPTS_ON = 'On: people see when you have read their messages, and you see when they read yours';
const RECEIPTS_OFF = 'Off: you neither send nor see read ticks';

const AUDIENCES: Array<Choice<Audience>> = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'followers', label: 'Followers' },
  { value: 'nobody', label: 'Nobody' },
];
const PROFILE_AUDIENCES: Array<Choice<Settings['profile_visibility']>> = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'members', label: 'Members only' },
];
const MESSAGE_SENDERS: Array<Choice<Settings['message_permission']>> = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'following', label: 'People I follow' },
];

function AudienceRow({ label, ask, value, onChange }: { label: string; ask: string; value: Audience; onChange: (v: Audience) => void }) {
  return (
    <Row label={label} hint={AUDIENCE_HINT[value]}>
      <ChoiceSelect label={ask} choices={AUDIENCES} value={value} onChange={onChange} />
    </Row>
  );
}

/** Who sees what of the member, and who may write to them: each choice is enforced by the server for every viewer. */
export function PrivacySection({ s, save }: { s: Settings; save: (body: UpdateSettingsBody) => void }) {
  return (
    <section>
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">Privacy</h3>
      <AudienceRow
        label="Phone number"
        ask="Who sees my phone number"
        value={s.phone_visibility}
        onChange={(v) => save({ phone_visibility: v })}
      />
      <AudienceRow
        label="Date of birth"
        ask="Who sees my date of birth"
        value={s.dob_visibility}
        onChange={(v) => save({ dob_visibility: v })}
      />
      <AudienceRow
        label="Last seen/online"
        ask="Who sees my last seen and online status"
        value={s.last_seen_visibility}
        onChange={(v) => save({ last_seen_visibility: v })}
      />
      <Row label="Read receipts" hint={s.read_receipts ? RECEIPTS_ON : RECEIPTS_OFF}>
        <Toggle label="Read receipts" checked={s.read_receipts} onChange={(v) => save({ read_receipts: v })} />
      </Row>
      <AudienceRow
        label="Location"
        ask="Who sees my country"
        value={s.location_visibility}
        onChange={(v) => save({ location_visibility: v })}
      />
      <Row label="Profile" hint={s.profile_visibility === 'everyone' ? 'Anyone with the link, signed in or not' : 'Only signed-in members'}>
        <ChoiceSelect
          label="Who sees my profile page"
          choices={PROFILE_AUDIENCES}
          value={s.profile_visibility}
          onChange={(profile_visibility) => save({ profile_visibility })}
        />
      </Row>
      <Row label="Who may message me" hint={s.message_permission === 'everyone' ? 'Any member' : 'Only people you follow'}>
        <ChoiceSelect
          label="Who may message me"
          choices={MESSAGE_SENDERS}
          value={s.message_permission}
          onChange={(message_permission) => save({ message_permission })}
        />
      </Row>
    </section>
  );
}
