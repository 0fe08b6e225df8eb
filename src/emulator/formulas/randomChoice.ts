// svc/random-choice: picks from the candidates without replacement, reproducibly for a given seed.
import { FormulaFailure, optionalInteger, tool, type Formula } from './formula';
import { seededRandom, seedFrom } from './seededRandom';

export const randomChoiceFormula: Formula = {
  name: 'random-choice',
  tools: [
    tool('random_choice', 'Randomly choose one or more items from a list of candidates.', {
      candidates: { type: 'array', items: { type: 'string' }, description: 'The items to choose from.' },
      count: { type: 'integer', description: 'How many distinct items to pick (default 1).' },
      seed: { type: 'string', description: 'Optional seed; the same seed gives the same choice.' },
    }, ['candidates']),
  ],
  async run(fn, args) {
    const candidates = args.candidates;
    if (!Array.isArray(candidates) || candidates.length === 0 || !candidates.every((c) => typeof c === 'string' || typeof c === 'number')) {
      throw new FormulaFailure('invalid_arguments', `${fn}: argument "candidates" must be a non-empty list of strings`);
    }
    const count = optionalInteger(fn, args, 'count', 1, candidates.length) ?? 1;
    const seed = args.seed === undefined ? seedFrom(candidates) : seedFrom(String(args.seed));
    const random = seededRandom(seed);
    const pool = candidates.map(String);
    const picked: string[] = [];
    while (picked.length < count) picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
    return { output: count === 1 ? picked[0]! : picked.join('\n') };
  },
};
