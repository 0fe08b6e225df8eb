// The agent's tools on a large real repository (git/git copied 16 times, about 77,000 files, built once and
// cached by bench/support/largeRepository.ts): each section in bench/atScale/ measures one tool against
// its baseline in the same run and prints its own figures; the targets of all sections are printed last.
import { figure, printTargets, runBench, type TargetResult } from './support/benchReport';
import { largeRepository, type LargeRepository } from './support/largeRepository';
import { measure as checkpoints } from './atScale/checkpoints';
import { measure as search } from './atScale/search';

const SECTIONS: readonly { name: string; measure: (repository: LargeRepository) => Promise<TargetResult[]> }[] = [
  { name: 'search', measure: search },
  { name: 'checkpoints', measure: checkpoints },
];

runBench(async () => {
  const repository = largeRepository();
  figure('repository', `${repository.files} files: ${repository.copies} copies of ${repository.source.commit.slice(0, 12)}`);
  const results: TargetResult[] = [];
  for (const section of SECTIONS) {
    console.log(`\n# ${section.name}`);
    results.push(...(await section.measure(repository)));
  }
  printTargets(results);
});
