import { useId } from 'react';
import { LIMITS } from '@tribeverse/shared';
import { findCountry } from './countries';

/** The national part of a stored E.164 number, given its country ('+447911123456', 'GB' -> '7911123456'). */
export function splitPhone(phone: string | null | undefined, country: string | null | undefined): string {
  if (!phone) return '';
  const dial = findCountry(country)?.dialCode;
  const digits = phone.replace(/\D/g, '');
  return dial && digits.startsWith(dial) ? digits.slice(dial.length) : digits;
}

/** How many national digits fit behind a dial code: 15 in all, as E.164 allows. */
const nationalMaxDigits = (dialCode: string | undefined) => LIMITS.phoneMaxDigits - (dialCode?.length ?? 0);

/** The national number kept when the country changes: the same digits, cut to what fits behind the new dial code. */
export const fitNationalNumber = (national: string, country: string) =>
  national.slice(0, nationalMaxDigits(findCountry(country)?.dialCode));

/** Phone number with the chosen country's dial code in front; digits only, at most 15 in all. */
export function PhoneField({
  dialCode,
  value,
  onChange,
  error,
  required = false,
}: {
  dialCode?: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  /** Set-up asks for it; edit lets it be cleared. */
  required?: boolean;
}) {
  const id = useId();
  const max = nationalMaxDigits(dialCode);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        Phone number
      </label>
      <div className="flex">
        <span
          className="inline-flex items-center rounded-l-lg border border-r-0 border-slate-700 bg-slate-800 px-3 text-slate-300"
          data-testid="dial-code"
        >
          {dialCode ? `+${dialCode}` : '+'}
        </span>
        <input
          id={id}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          required={required}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, max))}
          placeholder={dialCode ? 'Phone number' : 'Choose a country first'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`w-full rounded-r-lg border bg-slate-900 px-3 py-2 text-slate-100 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-400 ${error ? 'border-red-500' : 'border-slate-700'}`}
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
