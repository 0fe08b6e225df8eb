import assert from 'node:assert/strict';
import { discoverRules, MAX_RULES_CHARS, rulesMessage, type RulesReader } from '../../../src/core/rules/projectRules';

function reader(files: Record<string, string>, options: { setting?: string; trusted?: boolean } = {}): RulesReader {
  return {
    setting: () => options.setting ?? '',
    candidates: () => [
      { label: '~/.svc/AGENTS.md', path: '/home/u/.svc/AGENTS.md', scope: 'user' },
      { label: 'AGENTS.md', path: '/w/AGENTS.md', scope: 'workspace' },
    ],
    read: async (path) => files[path],
    trusted: () => options.trusted ?? true,
  };
}

describe('project rules', () => {
  it('puts the setting first, then the user file, then the workspace file, always in that order', async () => {
    const rules = await discoverRules(reader({ '/w/AGENTS.md': 'Use tabs.', '/home/u/.svc/AGENTS.md': 'Answer briefly.' }, { setting: 'Say which files you read.' }));
    assert.deepEqual(rules.map((r) => `${r.label}: ${r.text}`), ['svc.rules: Say which files you read.', '~/.svc/AGENTS.md: Answer briefly.', 'AGENTS.md: Use tabs.']);
    const message = rulesMessage(rules);
    assert.equal(message?.role, 'system');
    assert.match(String(message?.content), /## svc\.rules\n\nSay which files you read\.\n\n## ~\/\.svc\/AGENTS\.md\n\nAnswer briefly\.\n\n## AGENTS\.md \(from the workspace\)\n\nUse tabs\./);
  });

  it("leaves out the workspace's file in an untrusted workspace, and empty or missing files", async () => {
    assert.deepEqual((await discoverRules(reader({ '/w/AGENTS.md': 'Use tabs.' }, { trusted: false }))).map((r) => r.label), []);
    assert.deepEqual(await discoverRules(reader({ '/w/AGENTS.md': '   \n' })), []);
    assert.equal(rulesMessage([]), undefined);
  });

  it('cuts a file past the size cap, and says so in what is sent', async () => {
    const [rule] = await discoverRules(reader({ '/w/AGENTS.md': 'x'.repeat(MAX_RULES_CHARS + 10) }));
    assert.ok(rule);
    assert.ok(rule.text.startsWith('x'.repeat(MAX_RULES_CHARS)));
    assert.match(rule.text, /\[cut: AGENTS\.md has 32010 characters; only the first 32000 are sent\]$/);
  });
});
