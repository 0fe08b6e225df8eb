// One handler per webview message type, registered by the groups that own them (replies,
// conversations, settings, code blocks, attachments, agent). A type registered twice is a wiring
// mistake caught at start-up; a type nobody registered is reported rather than dropped silently.
import type { WebviewMessage, WebviewMessageOf, WebviewMessageType } from '../../shared/protocol';

export type WebviewMessageHandler<T extends WebviewMessageType> = (message: WebviewMessageOf<T>) => unknown;

export class DuplicateHandlerError extends Error {
  constructor(type: string) {
    super(`Two handlers for the webview message "${type}".`);
    this.name = 'DuplicateHandlerError';
  }
}

export class UnhandledMessageError extends Error {
  constructor(type: string) {
    super(`The view sent "${type}", which this window does not handle yet.`);
    this.name = 'UnhandledMessageError';
  }
}

export class WebviewMessageRouter {
  private readonly handlers = new Map<WebviewMessageType, (message: WebviewMessage) => unknown>();

  on<T extends WebviewMessageType>(types: T | readonly T[], handler: WebviewMessageHandler<T>): this {
    for (const type of typeof types === 'string' ? [types] : types) {
      if (this.handlers.has(type)) throw new DuplicateHandlerError(type);
      this.handlers.set(type, handler as (message: WebviewMessage) => unknown);
    }
    return this;
  }

  async route(message: WebviewMessage): Promise<void> {
    const handler = this.handlers.get(message.type);
    if (!handler) throw new UnhandledMessageError(message.type);
    await handler(message);
  }
}
