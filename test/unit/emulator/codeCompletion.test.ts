// The emulator's completions, on the prompt the extension builds: the rest of a line found elsewhere in
// the file, a block that followed the same line elsewhere, the related context as a source, an empty
// answer when nothing matches, and a scripted scenario overriding it all. Same input, same output.
import assert from 'node:assert/strict';
import { completionMessages } from '../../../src/core/completions/completionPrompt';
import { completionShape } from '../../../src/core/completions/completionShape';
import { CompletionContextSchema, type CompletionContextInput } from '../../../src/core/completions/completionTypes';
import { completionReply, isCompletionRequest } from '../../../src/emulator/codeCompletion';
import { ScriptedModel } from '../../../src/emulator/scriptedModel';

const FILE = `import { readFile } from 'node:fs/promises';

export async function loadConfig(path: string): Promise<Config> {
  const text = await readFile(path, 'utf8');
  return JSON.parse(text) as Config;
}
`;

function messages(input: CompletionContextInput) {
  const context = CompletionContextSchema.parse(input);
  return completionMessages(context, completionShape(context.before, context.after));
}

const ts = (before: string, after = '\n', related: CompletionContextInput['related'] = []) => messages({ path: 'src/config.ts', languageId: 'typescript', before, after, related });

describe('the emulator completes code', () => {
  it('recognises the completion prompt and nothing else', () => {
    assert.ok(isCompletionRequest(ts('x')));
    assert.ok(!isCompletionRequest([{ role: 'system', content: 'You are helpful.' }, { role: 'user', content: 'hi' }]));
  });

  it('continues a line as the same text goes on elsewhere in the file', () => {
    assert.equal(completionReply(ts(`${FILE}\nexport async function loadOther(path: string): Promise<Config> {\n  const text = await readF`)), "ile(path, 'utf8');");
    assert.equal(completionReply(ts(`${FILE}\nexport async function load`)), 'Config(path: string): Promise<Config> {');
  });

  it('writes the block that followed the line above elsewhere, in the cursor line\'s indentation', () => {
    const before = `${FILE}\nexport async function loadConfig(path: string): Promise<Config> {\n    `;
    assert.equal(completionReply(ts(before, '\n}')), "const text = await readFile(path, 'utf8');\n    return JSON.parse(text) as Config;\n  }", 'the closing bracket as much less indented');
    const level = `${FILE}\nexport async function loadConfig(path: string): Promise<Config> {\n  `;
    assert.equal(completionReply(ts(level, '\n}')), "const text = await readFile(path, 'utf8');\n  return JSON.parse(text) as Config;\n}");
  });

  it('finds the text in the related context, and answers nothing when nothing matches', () => {
    const related = [{ path: 'src/log.ts', kind: 'open-tab' as const, text: 'export function logLine(message: string): void {\n  console.log(message);\n}' }];
    assert.equal(completionReply(ts('logLine(mess', ');\n', related)), 'age: string): void {');
    assert.equal(completionReply(ts('qwertyuiop')), '');
  });

  it('lets a scripted scenario answer a completion request', () => {
    const model = new ScriptedModel([{ match: { lastUserTextRegex: 'function greet' }, reply: { content: '(name: string) {' } }]);
    const reply = model.reply({ model: 'svc-k2-turbo-preview', messages: ts('function greet'), tools: undefined, thinking: false, jsonMode: false });
    assert.equal(reply.content, '(name: string) {');
    const plain = new ScriptedModel([]).reply({ model: 'svc-k2-turbo-preview', messages: ts(`${FILE}\nexport async function load`), tools: undefined, thinking: false, jsonMode: false });
    assert.equal(plain.content, 'Config(path: string): Promise<Config> {');
  });
});
