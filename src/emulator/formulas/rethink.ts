// svc/rethink: a scratchpad the model thinks aloud into; the tool hands the organised thought back.
import { tool, singleFunctionFormula } from './formula';

export const rethinkFormula = singleFunctionFormula(
  'rethink',
  tool('rethink', 'Think step by step about the problem before answering; the thought is returned so you can build on it.', {
    thought: { type: 'string', description: 'Your reasoning so far, what is uncertain and what to check next.' },
  }, ['thought']),
  async (args) => {
    const thought = args.string('thought').trim();
    const steps = thought.split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim()).filter(Boolean);
    return { output: `Thought recorded (${steps.length} step${steps.length === 1 ? '' : 's'}):\n${steps.map((s, i) => `${i + 1}. ${s}`).join('\n')}` };
  },
);
