import { useState, type FormEvent } from 'react';
import { COMMUNITY_LIMITS } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { PicturePicker } from '../../../components/ui/picture-picker';
import { TextArea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/format';
import type { Community, CreateCommunityInput } from '../api/types';
import { InterestPicker } from './interest-picker';
import { PlaceField, type PlaceValue } from './place-field';

/** Who can join, as the form offers it. */
const VISIBILITIES = [
  ['public', 'Public: anyone joins at once'],
  ['private', 'Private: admins approve requests'],
] as const;

/** Create and edit share one form; on edit, a place left untouched is not sent (the server has only its cell). */
export function CommunityForm({
  initial,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: {
  initial?: Community;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (input: CreateCommunityInput & { placeChanged: boolean }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [visibility, setVisibility] = useState<'public' | 'private'>(initial?.visibility ?? 'public');
  const [paid, setPaid] = useState(initial?.paid ?? false);
  const [interests, setInterests] = useState<string[]>(initial?.interests ?? []);
  const [image, setImage] = useState<File | null>(null);
  const [place, setPlace] = useState<PlaceValue>({ name: initial?.place?.name ?? '', lat: null, lng: null });
  const [placeChanged, setPlaceChanged] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    if (!name.trim()) return setNameError('Name the community');
    setNameError(null);
    const wantsPlace = placeChanged && place.name.trim();
    if (wantsPlace && (place.lat === null || place.lng === null))
      return setError('Set the position with "Use my position", or clear the city.');
    setBusy(true);
    try {
      await onSubmit({
        name: name.trim(),
        description: description.trim(),
        visibility,
        paid,
        interests,
        image,
        place: wantsPlace ? { name: place.name.trim(), lat: place.lat!, lng: place.lng! } : placeChanged ? null : undefined,
        placeChanged,
      });
    } catch (err) {
      setError(errorMessage(err, 'Could not save the community'));
    } finally {
      setBusy(false);
    }
  };

  const radio =
    'flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-lg border border-slate-700 px-3 text-sm has-[:checked]:border-brand-400 has-[:checked]:bg-brand-600/20';
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <PicturePicker
        file={image}
        onChange={setImage}
        currentUrl={initial?.image}
        name={name || 'Community'}
        camera={{ type: 'image/jpeg', fileName: 'community.jpg' }}
      />
      <Field
        label="Name"
        value={name}
        maxLength={COMMUNITY_LIMITS.nameMax}
        onChange={(e) => setName(e.target.value)}
        error={nameError ?? undefined}
        required
      />
      <TextArea
        label="Description"
        value={description}
        maxLength={COMMUNITY_LIMITS.descriptionMax}
        count={description.length}
        onChange={(e) => setDescription(e.target.value)}
      />
      <InterestPicker value={interests} onChange={setInterests} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-200">Who can join</legend>
        <div className="flex flex-col gap-2 sm:flex-row">
          {VISIBILITIES.map(([value, label]) => (
            <label key={value} className={radio}>
              <input
                type="radio"
                name="visibility"
                checked={visibility === value}
                onChange={() => setVisibility(value)}
                className="accent-brand-600"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-200">
        <input type="checkbox" checked={paid} onChange={(e) => setPaid(e.target.checked)} className="size-4 accent-brand-600" />
        Paid membership (shown as a badge; no payments are taken)
      </label>
      <PlaceField
        value={place}
        onChange={(next) => {
          setPlaceChanged(true);
          setPlace(next);
        }}
      />
      {error && <Alert>{error}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel} className="min-h-11">
          Cancel
        </Button>
        <Button type="submit" disabled={busy} className="min-h-11">
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
