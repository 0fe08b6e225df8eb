// svc/random-choice: picks from the candidates without replacement, reproducibly for a given seed.
import { tool, singleFunctionFormula } from './formula';
import { seededRandom, seedFrom } from './seededRandom';

export const randomChoiceFormula = singleFunctionFormula(
  'random-choice',
  tool('random_choice', 'Randomly choose one or more items from a list of candidates.', {
    candidates: { type: 'array', items: { type: 'string' }, description: 'The items to choose from.' },
    count: { type: 'integer', description: 'How many distinct items to pick (default 1).' },
    seed: { type: 'string', description: 'Optional seed; the same seed gives the same choice.' },
  }, ['candidates']),
  async (args) => {
    const candidates = args.values.candidates;
    if (!Array.isArray(candidates) || candidates.length === 0 || !candidates.every((c) => typeof c === 'string' || typeof c === 'number')) {
      throw args.invalid('argument "candidates" must be a non-empty list of strings');
    }
    const count = args.optionalInteger('count', 1, candidates.length) ?? 1;
    const seed = args.values.seed === undefined ? seedFrom(candidates) : seedFrom(String(args.values.seed));
    const random = seededRandom(seed);
    const pool = candidates.map(String);
    const picked: string[] = [];
    while (picked.length < count) picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
    return { output: count === 1 ? picked[0]! : picked.join('\n') };
  },
);
