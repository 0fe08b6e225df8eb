// svc/date: current time in a time zone, formatting, differences and arithmetic on dates.
import { singleFunctionFormula, tool, type FormulaArguments } from './formula';

const ACTIONS = ['now', 'format', 'diff', 'add'] as const;

function parseDate(args: FormulaArguments, key: string): Date {
  const raw = args.string(key);
  const date = new Date(raw);
  if (Number.isNaN(date.getTime())) throw args.invalid(`argument "${key}" is not a date (use ISO 8601, e.g. 2025-03-01 or 2025-03-01T12:00:00Z), got ${JSON.stringify(raw)}`);
  return date;
}

function describe(date: Date, timeZone: string): string {
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short',
  }).format(date);
  return `${local} (ISO ${date.toISOString()})`;
}

function zone(args: FormulaArguments): string {
  const tz = args.optionalString('timezone') ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    throw args.invalid(`argument "timezone" must be an IANA time zone such as UTC or Europe/Paris, got ${JSON.stringify(tz)}`);
  }
  return tz;
}

export const dateFormula = singleFunctionFormula(
  'date',
  tool('date', 'Date and time processing: the current time in a time zone, formatting a date, the difference between two dates, or adding days to a date.', {
    action: { type: 'string', description: 'One of now, format, diff, add.' },
    date: { type: 'string', description: 'ISO 8601 date for format, diff and add.' },
    other_date: { type: 'string', description: 'Second ISO 8601 date for diff.' },
    days: { type: 'number', description: 'Days to add (negative subtracts) for add.' },
    timezone: { type: 'string', description: 'IANA time zone for the output, default UTC.' },
  }, ['action']),
  async (args) => {
    const action = args.oneOf('action', ACTIONS, 'now');
    const tz = zone(args);
    switch (action) {
      case 'now':
        return { output: describe(new Date(), tz) };
      case 'format':
        return { output: describe(parseDate(args, 'date'), tz) };
      case 'diff': {
        const a = parseDate(args, 'date');
        const b = parseDate(args, 'other_date');
        const ms = b.getTime() - a.getTime();
        const days = ms / 86_400_000;
        return { output: `${Number(days.toFixed(4))} days (${Number((ms / 3_600_000).toFixed(2))} hours) from ${a.toISOString()} to ${b.toISOString()}` };
      }
      case 'add': {
        const a = parseDate(args, 'date');
        const days = args.number('days');
        return { output: describe(new Date(a.getTime() + days * 86_400_000), tz) };
      }
    }
  },
);
