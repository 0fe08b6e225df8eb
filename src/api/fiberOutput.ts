// What a formula call produced, as the spec says to read it: on `succeeded` the result is
// `context.output` or, for protected formulas, `context.encrypted_output` (passed on unchanged, markers
// included); otherwise the error text is in `error`, `context.error`, or sometimes `context.output`.
import type { Fiber } from './schemas';

export type FiberOutput = { ok: true; content: string } | { ok: false; error: string };

function text(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

export function fiberOutput(fiber: Fiber): FiberOutput {
  const context = fiber.context;
  if (fiber.status === 'succeeded') {
    const content = text(context?.output) ?? text(context?.encrypted_output);
    if (content !== undefined) return { ok: true, content };
    return { ok: false, error: `Formula call ${fiber.id} succeeded but returned no output` };
  }
  const error = text(fiber.error) ?? text(context?.error) ?? text(context?.output);
  return { ok: false, error: error ?? `Formula call ${fiber.id} failed with status "${fiber.status}"` };
}
