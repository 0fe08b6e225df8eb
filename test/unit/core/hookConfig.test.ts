// Hook definitions in Claude Code's format: what is taken, and every bad field named with what is
// allowed (from the user's setting and from a workspace's real `.claude/settings.json`).
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_HOOK_TIMEOUT_SECONDS, parseHooks } from '../../../src/core/hooks/hookConfig';
import { matchesTool } from '../../../src/core/hooks/hookMatcher';
import { loadHooks } from '../../../src/extension/hooks/hookSources';

const user = { kind: 'user' } as const;

describe('hook definitions', () => {
  it('takes Claude Code\'s format: events, matchers, commands as written and timeouts (default 60 s)', () => {
    const { hooks, problems } = parseHooks(
      {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '  ./check.sh  ', timeout: 5 }] }],
        Stop: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }],
        PostToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'x' }] }],
      },
      user,
      'svc.hooks',
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(
      hooks.map((h) => [h.event, h.matcher, h.command, h.timeoutSeconds]),
      [
        ['PreToolUse', 'Bash', '  ./check.sh  ', 5],
        ['Stop', undefined, 'notify-send done', DEFAULT_HOOK_TIMEOUT_SECONDS],
        ['PostToolUse', undefined, 'x', DEFAULT_HOOK_TIMEOUT_SECONDS],
      ],
    );
  });

  it('names every bad field and keeps the good hooks beside it', () => {
    const { hooks, problems } = parseHooks(
      {
        PreToolUse: [
          { matcher: 'Bash(', hooks: [{ type: 'command', command: 'a' }] },
          { hooks: [{ type: 'command', command: '' }, { type: 'prompt', command: 'b' }, { type: 'command', command: 'c', timeout: 0 }, { type: 'command', command: 'ok', extra: 1 }] },
          { matcher: 'x', hooks: [{ type: 'command', command: 'good' }] },
        ],
        UserPromptSubmit: [{ matcher: 'Bash', hooks: [] }],
        SessionStart: [],
        Stop: 'no',
      },
      user,
      'svc.hooks',
    );
    assert.deepEqual(hooks.map((h) => h.command), ['good']);
    const text = problems.join('\n');
    assert.match(text, /^svc\.hooks\.PreToolUse\[0\]\.matcher: is not a valid pattern/m);
    assert.match(text, /^svc\.hooks\.PreToolUse\[1\]\.hooks\[0\]\.command: must be a non-empty string$/m);
    assert.match(text, /^svc\.hooks\.PreToolUse\[1\]\.hooks\[1\]\.type: must be "command"/m);
    assert.match(text, /^svc\.hooks\.PreToolUse\[1\]\.hooks\[2\]\.timeout: must be a whole number of seconds from 1 to 600$/m);
    assert.match(text, /^svc\.hooks\.PreToolUse\[1\]\.hooks\[3\]: unknown field "extra"; allowed: type, command, timeout$/m);
    assert.match(text, /^svc\.hooks\.UserPromptSubmit\[0\]\.matcher: only PreToolUse and PostToolUse hooks have a matcher/m);
    assert.match(text, /^svc\.hooks\.SessionStart: not run by svc \(it runs PreToolUse, PostToolUse, UserPromptSubmit, Stop\); ignored$/m);
    assert.match(text, /^svc\.hooks\.Stop: must be a list of \{ matcher, hooks \}$/m);
    assert.deepEqual(parseHooks([], user, 'svc.hooks').problems, ['svc.hooks: must be an object of events (PreToolUse, PostToolUse, UserPromptSubmit, Stop), each a list of { matcher, hooks }']);
  });

  it('matches whole tool names, patterns, and Claude Code\'s names of the same tools', () => {
    assert.ok(matchesTool(undefined, 'anything'));
    assert.ok(matchesTool('run_command', 'run_command'));
    assert.ok(matchesTool('Bash', 'run_command'));
    assert.ok(matchesTool('Edit|MultiEdit', 'edit_file'));
    assert.ok(matchesTool('Read', 'read_file'));
    assert.ok(!matchesTool('Read', 'read_process_output'));
    assert.ok(!matchesTool('run', 'run_command'));
    assert.ok(matchesTool('mcp_.*', 'mcp_db_query'));
  });

  it('reads a trusted workspace\'s .claude/settings.json and settings.local.json, naming the file of a bad one', async () => {
    const folder = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-hookcfg-')));
    try {
      await fs.mkdir(path.join(folder, '.claude'));
      await fs.writeFile(path.join(folder, '.claude', 'settings.json'), JSON.stringify({ permissions: {}, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo bye' }] }] } }));
      await fs.writeFile(path.join(folder, '.claude', 'settings.local.json'), '{ "hooks": ');
      const loaded = await loadHooks({ user: oneUser(), folders: [folder], trusted: true });
      assert.deepEqual(loaded.hooks.map((h) => [h.command, h.origin.kind]), [['mine', 'user'], ['echo bye', 'workspace']]);
      const origin = loaded.hooks[1]!.origin;
      assert.ok(origin.kind === 'workspace' && origin.shown === '.claude/settings.json' && origin.folder === folder);
      assert.equal(loaded.problems.length, 1);
      assert.match(loaded.problems[0]!, new RegExp(`^${path.join(folder, '.claude', 'settings.local.json').replace(/[.]/g, '\\.')}: not valid JSON`));
      const restricted = await loadHooks({ user: oneUser(), folders: [folder], trusted: false });
      assert.deepEqual(restricted, { hooks: [loaded.hooks[0]], problems: [] });
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});

function oneUser(): unknown {
  return { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'mine' }] }] };
}
