// Completions as you type send the file around the cursor at every pause, so they are refused before
// any request where the chat would not send the file: a file that looks like it holds secrets (`.env`, a
// key, credentials, `.ssh/`), a file the user listed in svc.agent.protectedFiles, a workspace in
// Restricted Mode unless the user allowed completions there, and while the balance blocks sending.
import assert from 'node:assert/strict';
import type { ChatRequest } from '../../src/api/index';
import { CompletionEngine } from '../../src/core/completions/completionEngine';
import { CompletionRefusedError, type CompletionGate } from '../../src/core/completions/completionRefusal';
import { CompletionUsage } from '../../src/core/completions/completionUsage';
import { startEmulatorTestBed } from '../support/emulatorTestBed';
import { perSuite } from '../support/suiteHooks';

const OPEN: CompletionGate = { trusted: true, allowInRestrictedMode: false, balanceBlocked: undefined, protectedFiles: [] };

describe('completions in files and workspaces that must not be sent', () => {
  const bed = perSuite(() => startEmulatorTestBed());

  function engineWith(gate: CompletionGate, sent: ChatRequest[]): CompletionEngine {
    return new CompletionEngine({
      client: async () => bed.client,
      cacheKey: async () => 'k',
      model: () => 'svc-k2-turbo-preview',
      gate: () => gate,
      usage: new CompletionUsage(() => Date.now(), () => ({})),
      onRequest: (request) => sent.push(request),
    });
  }

  const at = (path: string) => ({ path, languageId: 'plaintext', before: 'API_KEY=sk-live-123\nDB_PASSWORD=', after: '\n' });

  async function refused(gate: CompletionGate, path: string): Promise<CompletionRefusedError> {
    const sent: ChatRequest[] = [];
    const before = bed.count('POST', '/v1/chat/completions');
    const error = await engineWith(gate, sent)
      .complete(at(path))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    assert.ok(error instanceof CompletionRefusedError, `${path}: refused (got ${String(error)})`);
    assert.equal(sent.length, 0, `${path}: nothing sent`);
    assert.equal(bed.count('POST', '/v1/chat/completions'), before, `${path}: no request reached the service`);
    return error;
  }

  it('refuses secret files by the built-in names, with the reason', async () => {
    for (const path of ['.env', 'config/.env.production', 'deploy/server.pem', '.ssh/id_ed25519', 'credentials.json', 'infra/prod.tfvars']) {
      const error = await refused(OPEN, path);
      assert.equal(error.kind, 'secret-file');
      assert.ok(error.message.includes(path));
    }
  });

  it("refuses the user's svc.agent.protectedFiles", async () => {
    const error = await refused({ ...OPEN, protectedFiles: ['config/private/**'] }, 'config/private/settings.ts');
    assert.equal(error.kind, 'secret-file');
  });

  it('refuses in Restricted Mode unless the user allowed it, and while the balance blocks sending', async () => {
    assert.equal((await refused({ ...OPEN, trusted: false }, 'src/app.ts')).kind, 'restricted-mode');
    assert.equal((await refused({ ...OPEN, balanceBlocked: 'Your available balance is $0.00.' }, 'src/app.ts')).kind, 'balance');
    const sent: ChatRequest[] = [];
    await engineWith({ ...OPEN, trusted: false, allowInRestrictedMode: true }, sent).complete(at('src/app.ts'));
    assert.equal(sent.length, 1, 'allowed in Restricted Mode: asked');
  });
});
