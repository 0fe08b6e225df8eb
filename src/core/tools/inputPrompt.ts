// Commands get no input: their standard input is closed, so a question they ask reads end-of-input at
// once (most then exit or take their default), or they keep waiting on a terminal of their own. When
// the output ends the way a question does, the answer to the model says so, so it re-runs the command
// with the flag that answers the question instead of waiting on it.

/** The last line of output looks like a question waiting for an answer ("Continue? [y/N]", "Password:", "> "). */
const PROMPT_LINE = /(\[[yn]\/[yn]\]|\([yn]\/[yn]\)|\(yes\/no\)|\?|:|>|»|›|❯)\s*$/i;

export function endsWithPrompt(output: string): boolean {
  const lastLine = output.replace(/\r/g, '').split('\n').filter((line) => line.trim() !== '').at(-1) ?? '';
  return lastLine.length <= 200 && PROMPT_LINE.test(lastLine);
}

export const INPUT_HINT =
  'The output ends with what looks like a question. Commands get no input (their standard input is closed): ' +
  'run it again with an option that answers it (such as --yes, -y, --no-input, --ci or an environment variable the tool reads), or do the step another way.';
