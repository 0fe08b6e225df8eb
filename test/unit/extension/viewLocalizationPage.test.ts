import { strict as assert } from 'node:assert';
import * as parse5 from 'parse5';
import { chatViewHtml } from '../../../src/extension/webviewHtml';
import { parseViewLocalization, VIEW_LOCALIZATION_ATTRIBUTE, type ViewLocalization } from '../../../src/shared/viewLocalization';

type Node = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: Node[] };

function find(node: Node, name: string): Node | undefined {
  if (node.nodeName === name) return node;
  for (const child of node.childNodes ?? []) {
    const found = find(child, name);
    if (found) return found;
  }
  return undefined;
}

function attribute(node: Node | undefined, name: string): string | undefined {
  return node?.attrs?.find((attr) => attr.name === name)?.value;
}

describe('the chat page carries the view localization', () => {
  const page = (localization: ViewLocalization) =>
    parse5.parse(chatViewHtml({ cspSource: 'vscode-resource:' }, 'bm9uY2Vub25jZW5vbmNlMQ==', { script: 'void 0;', style: '', highlighterUri: 'vscode-resource:/ext/dist/webviewHighlight.js' }, localization)) as unknown as Node;

  it('as the language of <html> and the bundle in an attribute of <body> that reads back unchanged', () => {
    const localization = { language: 'zh-cn', bundle: { 'Send "{0}"</body><script>': '发送“{0}”\'</body><script>&amp;' } };
    const document = page(localization);
    assert.equal(attribute(find(document, 'html'), 'lang'), 'zh-cn');
    assert.deepEqual(parseViewLocalization(attribute(find(document, 'body'), VIEW_LOCALIZATION_ATTRIBUTE)), localization);
    assert.equal(find(document, 'body')?.childNodes?.filter((node) => node.nodeName === 'script').length, 1, 'no translation adds an element');
  });

  it('in English with an empty bundle', () => {
    const document = page({ language: 'en', bundle: {} });
    assert.equal(attribute(find(document, 'html'), 'lang'), 'en');
    assert.deepEqual(parseViewLocalization(attribute(find(document, 'body'), VIEW_LOCALIZATION_ATTRIBUTE)), { language: 'en', bundle: {} });
  });
});
