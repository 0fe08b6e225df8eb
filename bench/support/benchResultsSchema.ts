// The shape of test-results/bench/bench-results.json (what `npm run bench` writes) and of the part each
// bench process leaves for it to merge. docs/benchmarks.md describes every field.
import * as z from 'zod';

/** A number as measured, with the unit it was printed in ('' when it has none, e.g. a count). */
export const quantitySchema = z.object({ value: z.number(), unit: z.string() });
export type Quantity = z.infer<typeof quantitySchema>;

/** How repeated runs of one measurement spread: median, extremes and quartiles, in `unit`. */
export const spreadSchema = z.object({
  unit: z.string(),
  runs: z.number().int().positive(),
  median: z.number(),
  min: z.number(),
  max: z.number(),
  q1: z.number(),
  q3: z.number(),
});
export type Spread = z.infer<typeof spreadSchema>;

export const benchTargetSchema = z.object({
  name: z.string(),
  /** The measured value as printed. */
  measured: z.string(),
  /** The number the verdict is about; null when the printed text holds none. */
  value: quantitySchema.nullable(),
  spread: spreadSchema.optional(),
  target: z.string(),
  pass: z.boolean(),
});
export type BenchTarget = z.infer<typeof benchTargetSchema>;

export const benchFigureSchema = z.object({
  label: z.string(),
  /** The figure as printed. */
  text: z.string(),
  /** Every number of the printed text, in order, with the unit that follows it. */
  values: z.array(quantitySchema),
  spread: spreadSchema.optional(),
});
export type BenchFigure = z.infer<typeof benchFigureSchema>;

const loadAverageSchema = z.tuple([z.number(), z.number(), z.number()]);

/** What one bench process recorded, written when it exits. */
export const benchPartSchema = z.object({
  name: z.string(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  exitCode: z.number().int(),
  loadAverage: z.object({ start: loadAverageSchema, end: loadAverageSchema }),
  targets: z.array(benchTargetSchema),
  figures: z.array(benchFigureSchema),
});
export type BenchPart = z.infer<typeof benchPartSchema>;

export const benchEntrySchema = z.object({
  name: z.string(),
  file: z.string(),
  /** The process exited 0: the run was not broken (a MISS still counts as ok). */
  ok: z.boolean(),
  exitCode: z.number().int().nullable(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  loadAverage: z.object({ start: loadAverageSchema, end: loadAverageSchema }).nullable(),
  targets: z.array(benchTargetSchema),
  figures: z.array(benchFigureSchema),
});
export type BenchEntry = z.infer<typeof benchEntrySchema>;

export const machineSchema = z.object({
  node: z.string(),
  platform: z.string(),
  arch: z.string(),
  cpus: z.number().int().nonnegative(),
  cpuModel: z.string(),
  memoryBytes: z.number().int().positive(),
  /** 1, 5 and 15 minute load averages when the run started and when it ended. */
  loadAverage: z.object({ start: loadAverageSchema, end: loadAverageSchema }),
});
export type Machine = z.infer<typeof machineSchema>;

export const benchResultsSchema = z.object({
  date: z.iso.datetime(),
  git: z.object({ commit: z.string().regex(/^[0-9a-f]{40}$/), dirty: z.boolean() }).nullable(),
  machine: machineSchema,
  benches: z.array(benchEntrySchema),
  summary: z.object({ benches: z.number().int(), broken: z.number().int(), targets: z.number().int(), pass: z.number().int(), miss: z.number().int() }),
});
export type BenchResults = z.infer<typeof benchResultsSchema>;
