import { useState } from 'react';
import { ListError } from '../../../components/ui/list-error';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { EDIT_PROFILE_DEFAULT_COUNTRY, editProfileBodySchema, LIMITS, type User } from '@tribeverse/shared';
import { FormActions } from '../../../components/ui/form-actions';
import { countryLabel, findCountry } from '../../../components/ui/countries';
import { Field } from '../../../components/ui/field';
import { fitNationalNumber, PhoneField, splitPhone } from '../../../components/ui/phone-field';
import { PicturePicker } from '../../../components/ui/picture-picker';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/textarea';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useEditProfile } from '../api/edit-profile';
import { useMe } from '../../../lib/me';
import { EmailChangePanel } from './email-change-panel';
import { HeldProfileNotice } from './held-profile-notice';

/** The edit screen's country list (spec: NG, US, DE, KE, GH, IN), plus the member's own country if it is another. */
const EDIT_COUNTRIES = ['NG', 'US', 'DE', 'KE', 'GH', 'IN'];

interface EditForm {
  fullName: string;
  username: string;
  gender: string;
  email: string;
  address: string;
  dob: string;
  education: string;
  workspace: string;
  relationship: string;
  phone: string;
  country: string;
  bio: string;
  portfolio: string;
  currentPassword: string;
}

/** The name and bio waiting for review, if any, are the ones the member edits: saving them again keeps them waiting. */
const toForm = (u: User): EditForm => {
  const country = u.country ?? EDIT_PROFILE_DEFAULT_COUNTRY;
  const held = u.held_profile;
  return {
    fullName: (held ? held.full_name : u.full_name) ?? '',
    username: u.username ?? '',
    gender: u.gender ?? '',
    email: u.email,
    address: u.address ?? '',
    dob: u.dob?.slice(0, 10) ?? '',
    education: u.education ?? '',
    workspace: u.workspace ?? '',
    relationship: u.relationship ?? '',
    phone: splitPhone(u.phone_number, country),
    country,
    bio: (held ? held.bio : u.bio) ?? '',
    portfolio: u.portfolio ?? '',
    currentPassword: '',
  };
};

/** The spec's messages for the three required fields; the shared schema's own messages for the rest. */
function messageFor(field: string, value: string, message: string): string {
  if ((field === 'fullName' || field === 'username' || field === 'email') && !value.trim()) return 'Required';
  if (field === 'email') return 'Invalid email';
  return message;
}

export function EditProfilePage() {
  const me = useMe();
  if (me.isPending)
    return (
      <p className="flex items-center gap-2 text-slate-300">
        <Spinner /> Loading profile...
      </p>
    );
  if (me.isError) return <ListError onRetry={() => void me.refetch()}>Could not load your profile. {me.error.message}</ListError>;
  return <EditProfileForm user={me.data} />;
}

function EditProfileForm({ user }: { user: User }) {
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const edit = useEditProfile();
  const [photo, setPhoto] = useState<File | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<EditForm>({ defaultValues: toForm(user) });
  const country = findCountry(watch('country'));
  const emailChanging = watch('email').trim().toLowerCase() !== user.email.toLowerCase() && watch('email').trim() !== '';
  // Each save refreshes `user` (the cached `me`): what waits for review now.
  const held = user.held_profile ?? null;
  const countryCodes = EDIT_COUNTRIES.includes(user.country ?? '') || !user.country ? EDIT_COUNTRIES : [...EDIT_COUNTRIES, user.country];

  const onSubmit = handleSubmit(async (v) => {
    const body = {
      fullName: v.fullName,
      username: v.username,
      email: v.email,
      gender: v.gender || undefined,
      country: v.country || undefined,
      address: v.address,
      dob: v.dob,
      education: v.education,
      workspace: v.workspace,
      relationship: v.relationship,
      phoneNumber: v.phone ? `+${country?.dialCode ?? ''}${v.phone}` : '',
      bio: v.bio,
      portfolio: v.portfolio,
      ...(emailChanging && user.has_password ? { currentPassword: v.currentPassword } : {}),
    };
    const parsed = editProfileBodySchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = String(issue.path[0]);
        const field = (path === 'phoneNumber' ? 'phone' : path) as keyof EditForm;
        setError(field, { message: messageFor(path, v[field] ?? '', issue.message) });
      }
      return;
    }
    try {
      const saved = await edit.mutateAsync({ body: { ...body, gender: parsed.data.gender }, photo });
      setUser(saved);
      if (saved.pending_email && emailChanging) {
        // The new address still has to prove itself: stay here, where its code is asked for.
        setValue('email', saved.email);
        setValue('currentPassword', '');
        toast.success(`Profile saved. Enter the code we sent to ${saved.pending_email} to switch your email.`);
        return;
      }
      if (saved.held_profile) {
        // Stay where the waiting name and bio are shown, marked, rather than on a profile that does not show them yet.
        toast.success('Profile saved. Your new name and bio are held for review.');
        return;
      }
      toast.success('Profile updated successfully!');
      navigate(paths.profile.root.getHref());
    } catch (error) {
      if (error instanceof ApiError && error.code === 'USERNAME_TAKEN') setError('username', { message: error.message });
      else if (error instanceof ApiError && error.field === 'currentPassword') setError('currentPassword', { message: error.message });
      else if (error instanceof ApiError && error.code === 'REAUTH_REQUIRED') setError('email', { message: error.message });
      else toast.error(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mx-auto flex max-w-2xl flex-col gap-4 rounded-2xl border border-slate-800 bg-slate-900 p-6"
    >
      <h1 className="text-2xl font-bold">Edit profile</h1>
      {user.pending_email && <EmailChangePanel user={{ ...user, pending_email: user.pending_email }} />}
      {held && <HeldProfileNotice held={held} previousName={user.full_name} />}
      <PicturePicker
        file={photo}
        onChange={setPhoto}
        currentUrl={user.profile_picture}
        name={user.full_name || user.email}
        camera={{ type: 'image/jpeg', fileName: 'captured', width: 1280, height: 720 }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Full name"
          hint={held && held.full_name !== user.full_name ? 'Held for review' : undefined}
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <Field label="User name" error={errors.username?.message} {...register('username')} />
        <Field label="Email" type="email" error={errors.email?.message} {...register('email')} />
        {emailChanging &&
          (user.has_password ? (
            <Field
              label="Current password"
              revealable
              autoComplete="current-password"
              hint="Needed to change your email. We will mail a code to the new address; the old one is kept until you enter it."
              error={errors.currentPassword?.message}
              {...register('currentPassword')}
            />
          ) : (
            <p className="text-sm text-slate-300 sm:col-span-2">
              We will mail a code to the new address; the old one is kept until you enter it. If you signed in more than 10 minutes ago,
              sign in again with Google or Apple first.
            </p>
          ))}
        <Select label="Gender" error={errors.gender?.message} {...register('gender')}>
          {/* Gender is required from set-up on (male or female), so there is no way back to none. */}
          <option value="" disabled>
            Select gender
          </option>
          <option value="male">Male</option>
          <option value="female">Female</option>
        </Select>
        <Field label="Date of birth" type="date" error={errors.dob?.message} {...register('dob')} />
        <Select
          label="Country"
          error={errors.country?.message}
          {...register('country', {
            onChange: (e) => setValue('phone', fitNationalNumber(watch('phone'), e.target.value)),
          })}
        >
          {countryCodes.map((code) => {
            const c = findCountry(code);
            return c ? (
              <option key={code} value={code}>
                {countryLabel(c)}
              </option>
            ) : null;
          })}
        </Select>
        {/* Not a registered input: typing must clear its error itself, or the form would stay blocked. */}
        <PhoneField
          dialCode={country?.dialCode}
          value={watch('phone')}
          onChange={(p) => (setValue('phone', p), clearErrors('phone'))}
          error={errors.phone?.message}
        />
        <Field label="Address" error={errors.address?.message} {...register('address')} />
        <Field label="Education" error={errors.education?.message} {...register('education')} />
        <Field label="Workspace" error={errors.workspace?.message} {...register('workspace')} />
        <Field label="Relationship" error={errors.relationship?.message} {...register('relationship')} />
      </div>
      <Field label="Portfolio" type="url" placeholder="https://" error={errors.portfolio?.message} {...register('portfolio')} />
      <TextArea label="Bio" maxLength={LIMITS.bioMax} count={watch('bio').length} error={errors.bio?.message} {...register('bio')} />
      {held && held.bio !== user.bio && <p className="-mt-3 text-xs text-slate-300">Bio held for review</p>}
      <FormActions
        align="end"
        onCancel={() => navigate(paths.profile.root.getHref())}
        submitLabel="Save changes"
        busy={edit.isPending}
        busyLabel="Saving…"
      />
    </form>
  );
}
