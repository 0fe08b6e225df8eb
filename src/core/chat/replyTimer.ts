// When a reply's first token and first answer token came, on the session's clock, so the speed shown
// with the reply is the service's as the host saw it (tests drive the clock).
import type { ReplyTiming } from '../conversations/conversation';

export class ReplyTimer {
  private first: number | undefined;
  private firstAnswer: number | undefined;

  /** `started`: when the request was sent. */
  constructor(private readonly started: number) {}

  /** A reasoning delta arrived. */
  token(at: number): void {
    this.first ??= at;
  }

  /** Answer text or a tool call arrived: the reasoning, if any, is over. */
  content(at: number): void {
    this.token(at);
    this.firstAnswer ??= at;
  }

  /** Undefined when nothing arrived. */
  timing(end: number): ReplyTiming | undefined {
    if (this.first === undefined) return undefined;
    const answerStart = this.firstAnswer ?? end;
    return { firstTokenMs: this.first - this.started, reasoningMs: answerStart - this.first, answerMs: end - answerStart };
  }
}
