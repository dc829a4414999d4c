import clsx from 'clsx';
import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';

interface OtpInputProps {
  /** One entry per box; '' for an empty box. */
  value: string[];
  onChange: (next: string[]) => void;
  /** Names the boxes for screen readers: '{label} digit 3'. */
  label: string;
  /** Shown when a non-digit is typed (the character itself is ignored). */
  invalidCharMessage?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

export const emptyCode = (length = 6) => Array.from({ length }, () => '');

/**
 * Single-digit boxes for a mailed code: digits only, typing moves to the next box, Backspace on an empty box
 * moves back, and pasting a code fills every box.
 */
export function OtpInput({ value, onChange, label, invalidCharMessage, disabled, autoFocus }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const [invalid, setInvalid] = useState(false);
  const focus = (i: number) => {
    const box = boxes.current[Math.max(0, Math.min(value.length - 1, i))];
    box?.focus();
    box?.select();
  };

  const fillFrom = (start: number, digits: string) => {
    const next = [...value];
    let i = start;
    for (const d of digits) {
      if (i >= next.length) break;
      next[i++] = d;
    }
    onChange(next);
    focus(i);
  };

  const onInput = (i: number, raw: string, caret: number | null) => {
    const digits = raw.replace(/\D/g, '');
    if (raw && !digits) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (!digits) {
      const next = [...value];
      next[i] = '';
      onChange(next);
      return;
    }
    // One new digit replaces the box. A click can leave the caret on either side of the old digit, so the
    // new one is the character just before the caret, not simply the last. Several at once (autofill) fill onwards.
    if (digits.length <= 2) {
      const typed = caret && /\d/.test(raw[caret - 1] ?? '') ? raw[caret - 1]! : digits.slice(-1);
      fillFrom(i, typed);
    } else fillFrom(i, digits);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    // A typed digit is taken here rather than from the input event: retyping the digit a box already holds
    // changes nothing in the field, so no change event would come and the focus would not move on.
    if (/^\d$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      setInvalid(false);
      fillFrom(i, e.key);
    } else if (e.key === 'Backspace' && !value[i] && i > 0) {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(i + 1);
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const digits = e.clipboardData.getData('text').replace(/\D/g, '').slice(0, value.length);
    if (!digits) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    fillFrom(0, digits);
  };

  return (
    <div>
      <div className="flex justify-center gap-2" role="group" aria-label={label}>
        {value.map((digit, i) => (
          <input
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            value={digit}
            onChange={(e) => onInput(i, e.target.value, e.target.selectionStart)}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={onPaste}
            onFocus={(e) => e.target.select()}
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            autoFocus={autoFocus && i === 0}
            disabled={disabled}
            aria-label={`${label} digit ${i + 1}`}
            className={clsx(
              'h-12 w-11 rounded-lg border bg-slate-900 text-center text-xl font-semibold text-slate-100 focus:outline-none focus:ring-2 focus:ring-brand-400',
              invalid ? 'border-red-500' : 'border-slate-700',
            )}
          />
        ))}
      </div>
      {invalid && invalidCharMessage && (
        <p role="alert" className="mt-2 text-center text-xs text-red-400">
          {invalidCharMessage}
        </p>
      )}
    </div>
  );
}
