// svc/mew: a cat's meow and a blessing, chosen reproducibly from the input (or a given seed).
import { tool, singleFunctionFormula } from './formula';
import { seededRandom, seedFrom } from './seededRandom';

const MEOWS = ['Meow~', 'Mew mew!', 'Mrrrow?', 'Purrr… meow.', 'Nya~', 'Meeeow!', 'Mrrp!'];
const BLESSINGS = [
  'May your code compile on the first try.',
  'May your tests be green and your coffee warm.',
  'May every bug you meet be a small one.',
  'May your merges be free of conflicts.',
  'May your day be as calm as a sunbathing cat.',
  'May you find what you are looking for in the first search.',
];

export const mewFormula = singleFunctionFormula(
  'mew',
  tool('mew_generator', 'Return a random cat meow and a blessing, to lift the mood.', {
    mood: { type: 'string', description: 'Optional mood of the user, e.g. tired, happy.' },
    seed: { type: 'string', description: 'Optional seed for a reproducible pick.' },
  }, []),
  async (args) => {
    const mood = args.optionalString('mood');
    const random = seededRandom(seedFrom(args.optionalString('seed') ?? mood ?? 'mew'));
    const meow = MEOWS[Math.floor(random() * MEOWS.length)]!;
    const blessing = BLESSINGS[Math.floor(random() * BLESSINGS.length)]!;
    return { output: `${meow} ${mood ? `(for a ${mood} human) ` : ''}${blessing}` };
  },
);
