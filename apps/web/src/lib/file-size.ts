import { memberLocales } from './locale';

const UNITS = ['KB', 'MB', 'GB'] as const;

/**
 * '820 bytes', '12 KB', '1.4 MB': a file's size as chat apps write it (1 KB = 1024 bytes, the way the 20 MB send
 * limit counts), the number written the member's way ('1,4 MB' in Germany). One decimal below 10, none above.
 */
export function formatFileSize(bytes: number, locale?: string): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(locale ?? (memberLocales() as string[] | undefined), { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024) return `${number(bytes, 0)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${number(value, value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}
