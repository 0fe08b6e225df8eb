// svc/memory: key/value memories persisted per account in the data dir, so they survive restarts.
import fs from 'node:fs';
import path from 'node:path';
import { FormulaFailure, tool, type FormulaEnv, singleFunctionFormula } from './formula';

const ACTIONS = ['store', 'retrieve', 'list', 'delete'] as const;

function memoryFile(env: FormulaEnv): string {
  return path.join(env.dataDir, 'memory', `${env.account.id}.json`);
}

function load(env: FormulaEnv): Record<string, string> {
  const file = memoryFile(env);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

function save(env: FormulaEnv, memories: Record<string, string>): void {
  const file = memoryFile(env);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(memories, null, 2));
}

export const memoryFormula = singleFunctionFormula(
  'memory',
  tool('memory', 'Persistent memory across conversations: store, retrieve, list or delete facts and user preferences by key.', {
    action: { type: 'string', description: 'One of store, retrieve, list, delete.' },
    key: { type: 'string', description: 'Name of the memory (for store, retrieve, delete).' },
    value: { type: 'string', description: 'What to remember (for store).' },
  }, ['action']),
  async (args, env) => {
    const action = args.oneOf('action', ACTIONS);
    const memories = load(env);
    if (action === 'list') {
      const keys = Object.keys(memories).sort();
      return { output: keys.length === 0 ? 'No memories stored.' : keys.map((k) => `- ${k}: ${memories[k]}`).join('\n') };
    }
    const key = args.string('key');
    if (action === 'store') {
      memories[key] = args.string('value');
      save(env, memories);
      return { output: `Stored memory "${key}".` };
    }
    if (!(key in memories)) throw new FormulaFailure('failed', `${args.fn}: no memory named "${key}"`);
    if (action === 'retrieve') return { output: memories[key]! };
    delete memories[key];
    save(env, memories);
    return { output: `Deleted memory "${key}".` };
  },
);
