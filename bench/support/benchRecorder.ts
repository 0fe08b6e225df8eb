// What one bench process reports, kept as data besides the printed lines: every figure and target,
// with the numbers read back from the printed text when the bench gave only text, so benches that
// print strings still land in bench-results.json with numbers.
import os from 'node:os';
import type { BenchFigure, BenchPart, BenchTarget, Quantity, Spread } from './benchResultsSchema';

/** A number, then the unit glued to it or after one space: `17.0 ms`, `3.56×`, `80.3 %`, `1,959 KB`, `36.7 MB/s`. */
const QUANTITY = /(?<![\w.])(-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(?:\s?(%|×|[A-Za-zµ]+(?:\/[A-Za-z]+)?))?/g;

export function parseQuantities(text: string): Quantity[] {
  return [...text.matchAll(QUANTITY)].map((m) => ({ value: Number((m[1] as string).replaceAll(',', '')), unit: m[2] ?? '' }));
}

/** The value at fraction `p` (0–1) of the sorted samples, interpolated between neighbours. */
function quantile(sorted: readonly number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (at - low);
}

export function spreadOf(samples: readonly number[], unit: string): Spread {
  if (samples.length === 0) throw new Error('the spread of no samples');
  if (samples.some((s) => !Number.isFinite(s))) throw new Error(`the spread of samples that are not all finite numbers: ${samples.join(', ')}`);
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    unit,
    runs: sorted.length,
    median: quantile(sorted, 0.5),
    min: sorted[0] as number,
    max: sorted.at(-1) as number,
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
  };
}

/** `median 4.1 s (3.9–7.2 s over 5 runs)`: one decimal unless `digits` says otherwise. */
export function formatSpread(spread: Spread, digits = 1): string {
  const n = (value: number): string => value.toFixed(digits);
  const unit = spread.unit === '' || spread.unit === '%' || spread.unit === '×' ? spread.unit : ` ${spread.unit}`;
  if (spread.runs === 1) return `${n(spread.median)}${unit} (1 run)`;
  return `median ${n(spread.median)}${unit} (${n(spread.min)}–${n(spread.max)}${unit}, IQR ${n(spread.q1)}–${n(spread.q3)}, ${spread.runs} runs)`;
}

export interface TargetInput {
  name: string;
  /** The measured value as printed. */
  measured: string;
  target: string;
  pass: boolean;
  /** The number the verdict is about; read from `measured` when not given. */
  value?: Quantity;
  /** How the runs behind `value` spread, when there were several. */
  spread?: Spread;
}

type LoadAverage = [number, number, number];
const loadAverage = (): LoadAverage => os.loadavg() as LoadAverage;

export class BenchRecorder {
  private readonly targets: BenchTarget[] = [];
  private readonly figures: BenchFigure[] = [];
  private readonly startedAt: string;
  private readonly startLoad: LoadAverage;

  constructor(
    readonly name: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.startedAt = now().toISOString();
    this.startLoad = loadAverage();
  }

  figure(label: string, text: string, spread?: Spread): void {
    this.figures.push({ label, text, values: parseQuantities(text), ...(spread ? { spread } : {}) });
  }

  target(input: TargetInput): void {
    const value = input.value ?? (input.spread ? { value: input.spread.median, unit: input.spread.unit } : (parseQuantities(input.measured)[0] ?? null));
    this.targets.push({ name: input.name, measured: input.measured, value, ...(input.spread ? { spread: input.spread } : {}), target: input.target, pass: input.pass });
  }

  part(exitCode: number): BenchPart {
    return {
      name: this.name,
      startedAt: this.startedAt,
      finishedAt: this.now().toISOString(),
      exitCode,
      loadAverage: { start: this.startLoad, end: loadAverage() },
      targets: [...this.targets],
      figures: [...this.figures],
    };
  }
}
