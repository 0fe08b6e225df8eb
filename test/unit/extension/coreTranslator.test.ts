// Once a host bundle installs VS Code's translator, core's questions and the shared notes of revealed
// hidden text are both in the display language: the host's dialogs (the notification approver, MCP and
// language-model tool confirmations) show them as the chat view does. `vscode` here is a stand-in
// holding a Chinese bundle, as VS Code does with `--locale zh-cn`.
import { strict as assert } from 'node:assert';
import Module from 'node:module';
import { englishText, t, useTranslator } from '../../../src/core/l10n';
import type * as CoreTranslator from '../../../src/extension/coreTranslator';
import { useBundle } from '../../../src/shared/l10n';
import { revealApproval } from '../../../src/shared/revealHiddenText';

const BUNDLE: Record<string, string> = {
  'Run `{0}` in the terminal?': '要在终端中运行 `{0}` 吗？',
  '1 line': '1 行',
  '{0} lines': '{0} 行',
  'Look closely: {0}.': '请仔细查看：{0}。',
  '{0} non-empty lines: read all of them': '共 {0} 行非空内容：请逐行阅读',
};

function translated(message: string, ...args: Array<string | number>): string {
  return (BUNDLE[message] ?? message).replace(/\{(\d+)\}/g, (placeholder, index: string) => String(args[Number(index)] ?? placeholder));
}

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;
const loader = Module as unknown as { _load: Load };

describe('the host installs the display language for core and shared text', () => {
  const original = loader._load;

  before(() => {
    loader._load = function load(this: unknown, request, parent, isMain) {
      return request === 'vscode' ? { l10n: { t: translated, bundle: BUNDLE } } : original.call(this, request, parent, isMain);
    };
  });

  after(() => {
    loader._load = original;
  });

  afterEach(() => {
    useTranslator(englishText);
    useBundle({});
  });

  it("translates core's approval questions and revealHiddenText's notes and counts", () => {
    const { translateCoreText } = Module.createRequire(__filename)('../../../src/extension/coreTranslator') as typeof CoreTranslator;
    assert.equal(revealApproval({ title: 'x', detail: 'a\nb' }).lines, '2 lines', 'English until the host installs the translators');
    translateCoreText();
    assert.equal(t('Run `{0}` in the terminal?', 'npm test'), '要在终端中运行 `npm test` 吗？');
    const shown = revealApproval({ title: 'x', detail: 'a\nb' });
    assert.equal(shown.lines, '2 行');
    assert.deepEqual(shown.warnings, ['请仔细查看：共 2 行非空内容：请逐行阅读。']);
  });
});
