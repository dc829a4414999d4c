import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { completeProfileBodySchema, LIMITS, PHONE_COUNTRY_MSG } from '@tribeverse/shared';
import { PartyPopper } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { PicturePicker } from '../../../components/ui/picture-picker';
import { Select } from '../../../components/ui/select';
import { TextArea } from '../../../components/ui/textarea';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useCompleteProfile, useCompleteProfileInfo } from '../api/complete-profile';
import { useMe } from '../../../lib/me';
import { returnPath } from '../../../lib/return-path';
import { countryLabel, countryOptions, findCountry, type CountryOption } from '../../../components/ui/countries';
import { fitNationalNumber, PhoneField, splitPhone } from '../../../components/ui/phone-field';

export interface SetupForm {
  full_name: string;
  username: string;
  gender: string;
  country: string;
  phone: string;
  address: string;
  bio: string;
}
type FieldName = keyof SetupForm;
const formField = (path: string): FieldName => (path === 'phone_number' ? 'phone' : (path as FieldName));
const REQUIRED_TOAST = 'setup-required';
/** A phone of another country is refused by name of the one chosen: 'Enter a valid phone number for Nigeria'. */
const fieldMessage = (message: string, country: CountryOption | undefined) =>
  message === PHONE_COUNTRY_MSG && country ? `Enter a valid phone number for ${country.name}` : message;

export function SetupProfilePage() {
  const { user, setUser } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const info = useCompleteProfileInfo();
  const complete = useCompleteProfile();
  const [picture, setPicture] = useState<File | null>(null);
  const [done, setDone] = useState(false);
  // This device may think the profile is missing while it was set up elsewhere: then there is nothing to do here.
  const me = useMe();
  const setUpElsewhere = !user?.profile_completed && me.data?.profile_completed === true;
  useEffect(() => {
    if (!setUpElsewhere || !me.data) return;
    setUser(me.data);
    navigate(returnPath(location.state), { replace: true });
  }, [setUpElsewhere, me.data, setUser, navigate, location.state]);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    setFocus,
    clearErrors,
    formState: { errors },
  } = useForm<SetupForm>({
    defaultValues: {
      full_name: user?.full_name ?? '',
      username: user?.username ?? '',
      gender: user?.gender ?? '',
      country: user?.country ?? '',
      phone: splitPhone(user?.phone_number, user?.country),
      address: user?.address ?? '',
      bio: user?.bio ?? '',
    },
  });
  const country = findCountry(watch('country'));
  const bio = watch('bio');

  const onSubmit = handleSubmit(async (values) => {
    // The spec's toast stays, and each missing field is marked where it is, the first one focused.
    const missing = (
      [
        ['username', !values.username.trim(), 'Choose a user name'],
        ['gender', !values.gender, 'Choose your gender'],
        ['country', !values.country, 'Choose your country'],
      ] as const
    ).filter(([, isMissing]) => isMissing);
    if (missing.length) {
      for (const [name, , message] of missing) setError(name, { message });
      setFocus(missing[0]![0]);
      toast.error('Username, country and gender are required', { toastId: REQUIRED_TOAST });
      return;
    }
    // The three are there now: a toast left from the last try would blame them for what is wrong elsewhere.
    toast.dismiss(REQUIRED_TOAST);
    const body = {
      full_name: values.full_name,
      username: values.username,
      gender: values.gender,
      country: values.country,
      address: values.address,
      bio: values.bio,
      phone_number: values.phone ? `+${country?.dialCode ?? ''}${values.phone}` : '',
    };
    const parsed = completeProfileBodySchema.safeParse(body);
    if (!parsed.success) {
      // The first problem of each field is the one to fix first.
      for (const issue of [...parsed.error.issues].reverse())
        setError(formField(String(issue.path[0])), { message: fieldMessage(issue.message, country) });
      return;
    }
    const form = new FormData();
    for (const [key, value] of Object.entries(parsed.data)) if (value !== undefined && value !== '') form.append(key, String(value));
    if (picture) form.append('profile_picture', picture);
    try {
      const saved = await complete.mutateAsync({ form });
      setUser(saved);
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'USERNAME_TAKEN') setError('username', { message: error.message });
      else if (error instanceof ApiError && error.field && formField(error.field) in values)
        setError(formField(error.field), { message: fieldMessage(error.message, country) });
      else toast.error(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    }
  });

  if (done) {
    return (
      <div className="flex flex-col items-center gap-4 text-center">
        <PartyPopper className="size-14 text-brand-400" />
        <h1 className="text-2xl font-bold">Welcome to Tribeverse, {user?.full_name || user?.username}!</h1>
        <p className="text-slate-300">Your account has been created successfully.</p>
        <Button className="w-full" onClick={() => navigate(paths.auth.interestTags.getHref(), { state: location.state })}>
          Choose your interest tags
        </Button>
      </div>
    );
  }

  const busy = complete.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Set up your profile</h1>
        <p className="text-sm text-slate-400">Tell the Tribeverse who you are.</p>
      </div>
      <PicturePicker
        file={picture}
        onChange={setPicture}
        currentUrl={user?.profile_picture}
        name={watch('full_name') || user?.email}
        camera={{ type: 'image/png', fileName: 'captured' }}
      />
      <Field label="Full name" required autoComplete="name" error={errors.full_name?.message} {...register('full_name')} />
      <Field label="User name" required autoComplete="username" error={errors.username?.message} {...register('username')} />
      <Select label="Gender" error={errors.gender?.message} {...register('gender')}>
        <option value="">Choose…</option>
        <option value="male">Male</option>
        <option value="female">Female</option>
      </Select>
      <Field label="Email" readOnly value={info.data?.email ?? user?.email ?? ''} className="opacity-80" />
      <Select
        label="Country"
        error={errors.country?.message}
        {...register('country', {
          // The national number is kept; only the dial code in front of it changes.
          onChange: (e) => setValue('phone', fitNationalNumber(watch('phone'), e.target.value)),
        })}
      >
        <option value="">Choose your country…</option>
        <optgroup label="Suggested">
          {countryOptions.preferred.map((c) => (
            <option key={c.code} value={c.code}>
              {countryLabel(c)}
            </option>
          ))}
        </optgroup>
        <optgroup label="All countries">
          {countryOptions.rest.map((c) => (
            <option key={c.code} value={c.code}>
              {countryLabel(c)}
            </option>
          ))}
        </optgroup>
      </Select>
      {/* Not a registered input: typing must clear its error itself, or the form would stay blocked. */}
      <PhoneField
        required
        dialCode={country?.dialCode}
        error={errors.phone?.message}
        value={watch('phone')}
        onChange={(v) => (setValue('phone', v), clearErrors('phone'))}
      />
      <Field label="Address" autoComplete="street-address" error={errors.address?.message} {...register('address')} />
      <TextArea label="Bio" maxLength={LIMITS.bioMax} count={bio.length} error={errors.bio?.message} {...register('bio')} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Creating User...' : 'Continue'}
      </Button>
    </form>
  );
}
