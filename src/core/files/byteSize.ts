// Sizes as people read them, in the binary units the service's limits use (100 MB = 100 × 1024²).
import * as l10n from '../l10n';

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return bytes === 1 ? l10n.t('1 byte') : l10n.t('{0} bytes', bytes);
  return `${value >= 10 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1)} ${UNITS[unit]}`;
}
