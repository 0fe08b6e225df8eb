// Performance marks of the chat view's opening steps, in the extension host's Node timeline. VS Code's
// own marks stop at activation; these show where opening the chat waits (the page loading in the
// browser, the host answering `ready`, the answer reaching the page), and bench/startupAndSize reads them.
import { performance } from 'node:perf_hooks';

export const CHAT_VIEW_MARKS = {
  /** The chat host (dist/chatHost.js) was loaded and started. */
  hostStarted: 'svc/chatHost/started',
  /** The view's HTML was set: the browser starts loading the page. */
  resolved: 'svc/chatView/resolved',
  /** The page's `ready` reached the host: the page loaded and its script ran. */
  ready: 'svc/chatView/ready',
  /** The host posted `init`. */
  initPosted: 'svc/chatView/initPosted',
  /** The page received `init`: the chat is shown. */
  initDelivered: 'svc/chatView/initDelivered',
} as const;

export function markChatView(step: keyof typeof CHAT_VIEW_MARKS): void {
  performance.mark(CHAT_VIEW_MARKS[step]);
}
