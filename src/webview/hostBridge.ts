// The webview's only channel to the extension host. Outgoing messages are typed by the protocol;
// incoming ones are validated on arrival and dropped (with a console error naming the field) when
// they do not match it.
import { type HostMessage, type WebviewMessage } from '../shared/protocol';
import { parseHostMessage } from '../shared/messageParsing';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export class HostBridge {
  private readonly api: VsCodeApi = acquireVsCodeApi();
  private requestCounter = 0;
  private readonly requestPrefix = Math.random().toString(36).slice(2, 8);

  post(message: WebviewMessage): void {
    this.api.postMessage(message);
  }

  /** A fresh id for a request/response pair. */
  nextRequestId(): string {
    this.requestCounter += 1;
    return `${this.requestPrefix}-${this.requestCounter}`;
  }

  listen(handler: (message: HostMessage) => void): void {
    window.addEventListener('message', (event: MessageEvent<unknown>) => {
      const parsed = parseHostMessage(event.data);
      if (parsed.ok) handler(parsed.message);
      else console.error(parsed.error.message);
    });
  }

  getState(): unknown {
    return this.api.getState();
  }

  setState(state: unknown): void {
    this.api.setState(state);
  }
}
