// One handler per webview message type, in a map typed over every type of the protocol: a message type
// without a handler is a compile error. The groups that own the handlers (replies, conversations,
// settings, code blocks, attachments, agent, ...) each give theirs; a type given by two groups is a
// wiring mistake caught at start-up.
import type { WebviewMessage, WebviewMessageOf, WebviewMessageType } from '../../shared/protocol';

export type WebviewMessageHandler<T extends WebviewMessageType> = (message: WebviewMessageOf<T>) => unknown;

/** A handler for every message type the view may send. */
export type WebviewHandlers = { [T in WebviewMessageType]: WebviewMessageHandler<T> };

/** The handlers one group owns. */
export type WebviewHandlerGroup<T extends WebviewMessageType> = Pick<WebviewHandlers, T>;

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

export class DuplicateHandlerError extends Error {
  constructor(type: string) {
    super(`Two handlers for the webview message "${type}".`);
    this.name = 'DuplicateHandlerError';
  }
}

/** The groups' handlers as one map; throws DuplicateHandlerError when two groups handle one type. */
export function combineHandlerGroups<G extends Partial<WebviewHandlers>[]>(...groups: G): Intersection<G[number]> {
  const combined: Record<string, unknown> = {};
  for (const group of groups) {
    for (const [type, handler] of Object.entries(group)) {
      if (type in combined) throw new DuplicateHandlerError(type);
      combined[type] = handler;
    }
  }
  return combined as Intersection<G[number]>;
}

export class WebviewMessageRouter {
  constructor(private readonly handlers: WebviewHandlers) {}

  async route(message: WebviewMessage): Promise<void> {
    // The map holds the handler of `message.type`; TypeScript cannot correlate the two through the union.
    const handler = this.handlers[message.type] as (message: WebviewMessage) => unknown;
    await handler(message);
  }
}
