// One browser test of the chat webview.
import type { ChatPage } from './chatPage';

export interface WebviewCase {
  name: string;
  /** strict: the extension host's CSP; open: no CSP, so unsanitised output would really run. */
  page: 'strict' | 'open';
  run(chat: ChatPage, report: (line: string) => void): Promise<void>;
}
