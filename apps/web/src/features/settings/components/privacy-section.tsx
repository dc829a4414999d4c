import type { Audience, Settings, UpdateSettingsBody } from '@tribeverse/shared';
import { ChoiceSelect, type Choice } from '../../../components/ui/choice-select';
import { Row, Toggle } from './settings-rows';

/** The hint says what the switch does as it stands (the server shows ticks only when both people have them on). */
const RECEIPTS_ON = 'On: people see when you have read their messages, and you see when they read yours';
const RECEIPTS_OFF = 'Off: you neither send nor see read ticks';

/** A choice with the hint its row shows while it is the one chosen. */
type HintedChoice<T extends string> = Choice<T> & { hint: string };

const AUDIENCES: Array<HintedChoice<Audience>> = [
  { value: 'everyone', label: 'Everyone', hint: 'Everyone can see it' },
  { value: 'followers', label: 'Followers', hint: 'Only people who follow you' },
  { value: 'nobody', label: 'Nobody', hint: 'Nobody can see it' },
];
const PROFILE_AUDIENCES: Array<HintedChoice<Settings['profile_visibility']>> = [
  { value: 'everyone', label: 'Everyone', hint: 'Anyone with the link, signed in or not' },
  { value: 'members', label: 'Members only', hint: 'Only signed-in members' },
];
const MESSAGE_SENDERS: Array<HintedChoice<Settings['message_permission']>> = [
  { value: 'everyone', label: 'Everyone', hint: 'Any member' },
  { value: 'following', label: 'People I follow', hint: 'Only people you follow' },
];

type ChoiceField =
  'phone_visibility' | 'dob_visibility' | 'last_seen_visibility' | 'location_visibility' | 'profile_visibility' | 'message_permission';

/** One row of the section: a setting, the question its select answers, and its choices. */
function choiceRow<K extends ChoiceField>(field: K, label: string, ask: string, choices: Array<HintedChoice<Settings[K]>>) {
  return function ChoiceRow({ s, save }: { s: Settings; save: (body: UpdateSettingsBody) => void }) {
    const value = s[field];
    return (
      <Row label={label} hint={choices.find((c) => c.value === value)?.hint}>
        <ChoiceSelect label={ask} choices={choices} value={value} onChange={(v) => save({ [field]: v } as Pick<Settings, K>)} />
      </Row>
    );
  };
}

/** In the order the section shows them; read receipts (a switch) come after the first three. */
const BEFORE_RECEIPTS = [
  choiceRow('phone_visibility', 'Phone number', 'Who sees my phone number', AUDIENCES),
  choiceRow('dob_visibility', 'Date of birth', 'Who sees my date of birth', AUDIENCES),
  choiceRow('last_seen_visibility', 'Last seen/online', 'Who sees my last seen and online status', AUDIENCES),
];
const AFTER_RECEIPTS = [
  choiceRow('location_visibility', 'Location', 'Who sees my country', AUDIENCES),
  choiceRow('profile_visibility', 'Profile', 'Who sees my profile page', PROFILE_AUDIENCES),
  choiceRow('message_permission', 'Who may message me', 'Who may message me', MESSAGE_SENDERS),
];

/** Who sees what of the member, and who may write to them: each choice is enforced by the server for every viewer. */
export function PrivacySection({ s, save }: { s: Settings; save: (body: UpdateSettingsBody) => void }) {
  return (
    <section>
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">Privacy</h3>
      {BEFORE_RECEIPTS.map((ChoiceRow, i) => (
        <ChoiceRow key={i} s={s} save={save} />
      ))}
      <Row label="Read receipts" hint={s.read_receipts ? RECEIPTS_ON : RECEIPTS_OFF}>
        <Toggle label="Read receipts" checked={s.read_receipts} onChange={(v) => save({ read_receipts: v })} />
      </Row>
      {AFTER_RECEIPTS.map((ChoiceRow, i) => (
        <ChoiceRow key={i} s={s} save={save} />
      ))}
    </section>
  );
}
