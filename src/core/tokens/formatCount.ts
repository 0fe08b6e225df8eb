// A count with thousands separators ("12,345"), as en-US writes it. Not toLocaleString: its first call
// in a process loads the ICU locale data, about 25 ms of the extension host's thread on the first reply
// or completion, and the figures stay in one form whatever the display language, as before.

/** An integer (a fraction is rounded) with a comma between each group of three digits. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = Math.abs(Math.round(value)).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 && grouped !== '0' ? `-${grouped}` : grouped;
}
