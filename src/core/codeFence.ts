// Markdown code fences around text that may itself hold backticks (model output, tool arguments).

/** A fence longer than any run of backticks in `text`, so the text cannot close it early. */
export function fenceFor(text: string): string {
  const runs = text.match(/`+/g) ?? [];
  const longest = runs.reduce((max, run) => Math.max(max, run.length), 0);
  return '`'.repeat(Math.max(3, longest + 1));
}

/** `text` as a fenced code block. */
export function codeBlock(text: string, language = ''): string {
  const fence = fenceFor(text);
  return `${fence}${language}\n${text}\n${fence}`;
}
