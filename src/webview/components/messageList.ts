// The messages of the active conversation, as a virtualised list: only the rows on screen and a screen
// or so around them are in the DOM, between two spacers that stand for the others (heights measured
// where a row has been shown, estimated elsewhere: `RowHeights`). A conversation of thousands of messages
// opens at the bottom as fast as a short one, and scrolling mounts only what comes into view. Rows that
// leave the window are kept detached for a while (scrolling back costs nothing and keeps what the user
// opened); older ones are dropped, their open sections remembered. Links and code-block buttons inside
// model output are handled by delegation (outputClicks.ts), so rendered markdown carries no handlers of its own.
import type { ConversationView, ErrorInfo, MessageView, ShowReasoning } from '../../shared/protocol';
import { el } from '../dom';
import { AssistantMessage } from './assistantMessage';
import { emptyState } from './emptyState';
import { fileChangingTurns } from './fileChangingTurns';
import { continuedSteps, continuesTask } from './taskSteps';
import type { MessageContext } from './messageContext';
import { MessageKeyboard } from './messageKeyboard';
import { handleOutputClick, type CodeAction } from './outputClicks';
import { MessageRow, rowSize } from './messageRow';
import { RowHeights, type RowRange, type RowSize } from './rowHeights';
import { RowStore } from './rowStore';
import * as l10n from '../../shared/l10n';

/** Stick to the bottom while streaming unless the user scrolled up to read. */
const STICK_DISTANCE_PX = 48;
/** Rows mounted beyond each edge of the viewport, at least this many pixels' worth. */
const MIN_OVERSCAN_PX = 600;
/** A window that still does not cover the viewport after this many passes is left as it is until the next scroll. */
const MAX_PASSES = 4;
/** Idle time a row may need to build: one is built only while this much of the idle period is left. */
const BUILD_STEP_MS = 8;
/** Longest wait for an idle period before the rows beyond the viewport are built anyway. */
const BUILD_AHEAD_TIMEOUT_MS = 200;

type Placement = { kind: 'bottom' } | { kind: 'anchor'; key: string; offset: number } | { kind: 'reveal'; key: string };

export class MessageList {
  readonly element: HTMLElement;
  private readonly emptyState: HTMLElement;
  private readonly topSpacer = el('div', { className: 'message-spacer', attrs: { 'aria-hidden': 'true' } });
  private readonly bottomSpacer = el('div', { className: 'message-spacer', attrs: { 'aria-hidden': 'true' } });
  private conversationId: string | undefined;
  private context: MessageContext | undefined;
  private keys: string[] = [];
  private views = new Map<string, MessageView>();
  private readonly store = new RowStore();
  private readonly rows = this.store.rows;
  private readonly stale = this.store.stale;
  private readonly heights = new RowHeights();
  private readonly sizes = new WeakMap<MessageView, { mode: ShowReasoning; size: RowSize }>();
  /** Keys of the rows in the DOM, in order. */
  private mounted: string[] = [];
  private stickToBottom = true;
  private width = 0;
  private rendering = false;
  /** Where the render the next frame does puts the view; undefined when none is due. */
  private framePlacement: Placement | undefined;
  /** The idle callback building rows beyond the viewport, when one is due. */
  private buildAhead: number | undefined;
  /** Keeps the bottom in view while the streaming reply grows (observations come after layout: no forced one). */
  private readonly growth = new ResizeObserver(() => {
    if (this.stickToBottom) this.element.scrollTop = this.element.scrollHeight;
  });
  /** A new width rewraps every row: measurements start again. */
  private readonly resize = new ResizeObserver(() => {
    const width = this.element.clientWidth;
    if (width === this.width) return;
    const first = this.width === 0;
    this.width = width;
    if (first) return;
    this.heights.resetMeasurements();
    this.render(this.stickToBottom ? { kind: 'bottom' } : this.anchor());
  });

  constructor(
    private readonly makeContext: (conversationId: string) => MessageContext,
    onOpenLink: (href: string) => void,
    onCodeAction: (action: CodeAction, code: string, language: string) => void,
    /** Called after rows were mounted (their decorations, and find's highlights, can be applied). */
    private readonly onRowsRendered: () => void,
  ) {
    this.emptyState = emptyState();
    // Not a tab stop itself: its messages are, one at a time (MessageKeyboard); an empty list is none. It
    // can take the focus (find gives it back there when it closes), and passes it to its message.
    this.element = el('main', { className: 'messages', attrs: { role: 'log', 'aria-label': l10n.t('Conversation'), tabindex: '-1' } }, [this.emptyState, this.topSpacer, this.bottomSpacer]);
    this.element.addEventListener('scroll', () => this.scrolled());
    this.element.addEventListener('click', (event) => handleOutputClick(event, onOpenLink, onCodeAction));
    new MessageKeyboard(this.element);
    this.resize.observe(this.element);
  }

  /** Shows `conversation`, reusing the DOM of every message that did not change. */
  show(conversation: ConversationView | null): void {
    const switched = conversation?.id !== this.conversationId;
    // A new compaction shows its summary, under the last message it covers, far above the newest.
    const compactedUpTo = !switched && conversation?.compaction && conversation.compaction.upTo !== this.context?.compaction?.upTo ? conversation.compaction.upTo : undefined;
    // A turn the user just started (a message, an approved plan, a task) is followed to the bottom.
    const last = conversation?.messages.at(-1);
    const newTurn = !switched && last?.role === 'user' && !this.views.has(last.id);
    if (newTurn) this.stickToBottom = true;
    const placement: Placement = compactedUpTo ? { kind: 'reveal', key: compactedUpTo } : switched || this.stickToBottom ? { kind: 'bottom' } : this.anchor();
    if (switched) this.clear();
    this.conversationId = conversation?.id;
    this.context = conversation ? { ...this.makeContext(conversation.id), fileChangingTurns: fileChangingTurns(conversation.messages), continuedSteps: continuedSteps(conversation.messages), ...(conversation.compaction ? { compaction: conversation.compaction } : {}) } : undefined;
    const messages = conversation?.messages ?? [];
    this.views = new Map(messages.map((m) => [m.id, m]));
    // A reply that started streaming before the host listed it stays at the end.
    const unlisted = [...this.rows.values()].filter((row) => row.isStreaming && !this.views.has(row.key)).map((row) => row.key);
    this.keys = [...messages.map((m) => m.id), ...unlisted];
    for (const key of [...this.rows.keys()]) {
      if (this.views.has(key) || unlisted.includes(key)) this.stale.add(key);
      else this.store.drop(key);
    }
    this.setRowSizes();
    this.emptyState.hidden = this.keys.length > 0;
    if (switched) this.stickToBottom = true;
    if (compactedUpTo) this.stickToBottom = false;
    const pending = this.framePlacement;
    if ((switched && this.keys.length > 0) || (pending && !compactedUpTo)) {
      this.renderAtNextFrame(switched || !pending ? placement : pending);
      return;
    }
    this.render(placement);
    if (compactedUpTo) this.rows.get(compactedUpTo)?.element.querySelector('.compaction-card')?.scrollIntoView({ block: 'center' });
  }

  /** Adds a reply that is about to stream. */
  addStreaming(message: AssistantMessage): void {
    this.store.drop(message.id);
    message.setTaskContinuation(continuesTask(this.messageViews));
    this.rows.set(message.id, MessageRow.streaming(message));
    this.keys.push(message.id);
    this.setRowSizes();
    this.emptyState.hidden = true;
    this.stickToBottom = true;
    this.render({ kind: 'bottom' });
  }

  /** Shows the error of a reply that failed before it started streaming. */
  addFailed(id: string, model: string, error: ErrorInfo, context: MessageContext): void {
    const reply = AssistantMessage.streaming(id, model, 1, context);
    reply.fail(error, 'failed');
    this.addStreaming(reply);
  }

  assistant(id: string): AssistantMessage | undefined {
    const part = this.rows.get(id)?.message;
    return part instanceof AssistantMessage ? part : undefined;
  }

  streamingMessage(): AssistantMessage | undefined {
    for (const row of this.rows.values()) if (row.isStreaming) return row.message as AssistantMessage;
    return undefined;
  }

  setShowReasoning(mode: ShowReasoning): void {
    for (const row of this.rows.values()) row.setShowReasoning(mode);
    this.setRowSizes();
    this.render(this.stickToBottom ? { kind: 'bottom' } : this.anchor());
  }

  /** The text of the user message just before reply `replyId`. */
  promptBefore(replyId: string): string | undefined {
    const index = this.keys.indexOf(replyId);
    for (let i = index - 1; i >= 0; i--) {
      const view = this.views.get(this.keys[i] as string);
      if (view?.role === 'user') return view.content;
    }
    return undefined;
  }

  /** The messages of the conversation shown, oldest first (find searches them, mounted or not). */
  get messageViews(): MessageView[] {
    return this.keys.flatMap((key) => this.views.get(key) ?? []);
  }

  /** Mounts message `id`'s row and scrolls it into view; returns its element. */
  reveal(id: string): HTMLElement | undefined {
    if (!this.keys.includes(id)) return undefined;
    this.stickToBottom = false;
    this.render({ kind: 'reveal', key: id });
    return this.rows.get(id)?.element;
  }

  /**
   * Builds `view`'s row out of sight, lays it out and takes it away, in one task: the first real row then
   * finds the code it runs compiled and the styles it uses computed.
   */
  rehearse(view: MessageView, context: MessageContext): void {
    const row = MessageRow.create(view, context);
    row.element.classList.add('rehearsal');
    this.element.append(row.element);
    void row.element.offsetHeight;
    row.element.remove();
    row.dispose();
  }

  /** The rows in the DOM, in order. */
  mountedRows(): HTMLElement[] {
    return this.mounted.flatMap((key) => this.rows.get(key)?.element ?? []);
  }

  private setRowSizes(): void {
    const mode = this.context?.showReasoning() ?? 'collapsed';
    this.heights.setRows(this.keys.map((key) => {
      const view = this.views.get(key);
      if (!view) return { key, chars: 0, blocks: 0 };
      // Views the host did not post again are the same objects: their sizes are not counted again.
      const cached = this.sizes.get(view);
      if (cached?.mode === mode) return cached.size;
      const size = rowSize(view, mode);
      this.sizes.set(view, { mode, size });
      return size;
    }));
  }

  /**
   * Scrolling near the edge of the mounted rows: while every row on screen is there, the rows beyond it are
   * built between frames, a row per idle slice, and mounted once built; the scroll's own frame only paints.
   * Built inside the scroll event (tens of milliseconds for a screen of long replies), they made that
   * frame late. A scroll that leaves part of the screen without rows builds that part at once.
   */
  private scrolled(): void {
    const distance = this.element.scrollHeight - this.element.scrollTop - this.element.clientHeight;
    this.stickToBottom = distance <= STICK_DISTANCE_PX;
    if (this.rendering || this.covers(this.overscan / 2)) return;
    // Part of the screen has no rows: only the screen's are built now, the rest as above.
    if (!this.covers(0)) this.render(this.anchor(), 0);
    this.buildAheadWhenIdle();
  }

  private buildAheadWhenIdle(): void {
    if (this.buildAhead !== undefined) return;
    this.buildAhead = requestIdleCallback((deadline) => {
      this.buildAhead = undefined;
      const context = this.context;
      if (this.rendering || !context || this.covers(this.overscan / 2)) return;
      const placement = this.anchor();
      const range = this.rangeFor(placement);
      const started = performance.now();
      let built = 0;
      for (const key of this.keys.slice(range.start, range.end)) {
        if (this.rows.has(key) && !this.stale.has(key)) continue;
        // A callback run at its timeout has no idle period: it builds one slice's worth too, not the
        // whole range in one task (three screens of long replies is a task of tens of milliseconds).
        const spent = deadline.didTimeout ? built > 0 && performance.now() - started >= BUILD_STEP_MS : deadline.timeRemaining() < BUILD_STEP_MS;
        if (spent) {
          this.buildAheadWhenIdle();
          return;
        }
        this.rowFor(key, context);
        built += 1;
      }
      this.render(placement);
    }, { timeout: BUILD_AHEAD_TIMEOUT_MS });
  }

  private get overscan(): number {
    return Math.max(MIN_OVERSCAN_PX, this.element.clientHeight);
  }

  /** Whether the mounted rows cover the viewport and `margin` pixels on each side (or reach the ends). */
  private covers(margin = this.overscan / 2): boolean {
    const rows = this.mountedRows();
    const first = rows[0];
    const last = rows.at(-1);
    if (!first || !last) return this.keys.length === 0;
    const top = this.element.scrollTop;
    const coversTop = this.mounted[0] === this.keys[0] || first.offsetTop <= top - margin;
    const coversBottom = this.mounted.at(-1) === this.keys.at(-1) || last.offsetTop + last.offsetHeight >= top + this.element.clientHeight + margin;
    return coversTop && coversBottom;
  }

  /** The first row at the top of the viewport and how far its top is above it: what a re-render keeps in place. */
  private anchor(): Placement {
    const top = this.element.scrollTop;
    const bottom = top + this.element.clientHeight;
    for (const row of this.mountedRows()) {
      if (row.offsetTop + row.offsetHeight > top && row.offsetTop < bottom) return { kind: 'anchor', key: row.dataset.row as string, offset: top - row.offsetTop };
    }
    // Scrolled into a spacer (the scrollbar dragged far): the estimates say which row is there.
    const logical = top - this.topSpacer.offsetTop;
    const index = this.heights.indexAt(Math.max(0, logical));
    return this.keys.length === 0 ? { kind: 'bottom' } : { kind: 'anchor', key: this.heights.keyAt(index), offset: logical - this.heights.offset(index) };
  }

  /**
   * Renders in the next frame, before it is painted: a conversation that opens is validated and taken in
   * by the task its message arrives in, and its rows are built and laid out by the frame, so neither task
   * holds the page for long. Parts of it that arrive meanwhile are taken in, and rendered by that frame too.
   */
  private renderAtNextFrame(placement: Placement): void {
    const requested = this.framePlacement !== undefined;
    this.framePlacement = placement;
    if (requested) return;
    requestAnimationFrame(() => {
      if (this.framePlacement) this.render(this.framePlacement);
    });
  }

  /** Mounts the rows around `placement`: the viewport and `overscan` pixels' worth beyond each edge. */
  private render(placement: Placement, overscan = this.overscan): void {
    this.framePlacement = undefined;
    this.rendering = true;
    try {
      for (let pass = 0; pass < MAX_PASSES; pass++) {
        this.measureMounted();
        const range = this.rangeFor(placement, overscan);
        this.mount(range);
        this.measureMounted();
        this.topSpacer.style.height = `${this.heights.offset(range.start)}px`;
        this.bottomSpacer.style.height = `${this.heights.total - this.heights.offset(range.end)}px`;
        this.scrollTo(placement);
        if (this.covers(overscan / 2)) break;
        if (placement.kind === 'reveal') placement = this.anchor();
      }
    } finally {
      this.rendering = false;
    }
    this.growth.disconnect();
    const streaming = [...this.rows.values()].find((row) => row.isStreaming);
    if (streaming) this.growth.observe(streaming.element);
    this.onRowsRendered();
  }

  private rangeFor(placement: Placement, overscan = this.overscan): RowRange {
    const viewport = this.element.clientHeight;
    if (placement.kind === 'bottom') return this.heights.rangeAtEnd(viewport, overscan);
    const index = Math.max(0, this.heights.indexOf(placement.key));
    const top = placement.kind === 'anchor' ? this.heights.offset(index) + placement.offset : this.heights.offset(index) - viewport / 3;
    return this.heights.rangeFor(Math.max(0, top), viewport, overscan);
  }

  private scrollTo(placement: Placement): void {
    if (placement.kind === 'bottom') {
      this.element.scrollTop = this.element.scrollHeight;
      return;
    }
    const row = this.rows.get(placement.key)?.element;
    if (!row?.isConnected) return;
    this.element.scrollTop = placement.kind === 'anchor' ? row.offsetTop + placement.offset : row.offsetTop - this.element.clientHeight / 3;
  }

  /** Records the laid-out height of every mounted row (one layout for all). */
  private measureMounted(): void {
    for (const row of this.mountedRows()) this.heights.measure(row.dataset.row as string, row.offsetHeight);
  }

  /** Puts the rows of `range` between the spacers, moving only those out of place (focus and selection stay). */
  private mount(range: RowRange): void {
    const wanted = this.keys.slice(range.start, range.end);
    const wantedSet = new Set(wanted);
    for (const key of this.mounted) if (!wantedSet.has(key)) this.rows.get(key)?.element.remove();
    const context = this.context;
    let cursor: ChildNode | null = this.topSpacer.nextSibling;
    for (const key of wanted) {
      const row = this.rowFor(key, context);
      if (!row) continue;
      if (row.element === cursor) {
        cursor = cursor.nextSibling;
        continue;
      }
      this.element.insertBefore(row.element, cursor);
    }
    for (let node = cursor; node && node !== this.bottomSpacer; ) {
      const next = node.nextSibling;
      node.remove();
      node = next;
    }
    this.mounted = wanted.filter((key) => this.rows.get(key)?.element.isConnected);
    this.evict();
  }

  private rowFor(key: string, context: MessageContext | undefined): MessageRow | undefined {
    return this.store.rowFor(key, this.views.get(key), context);
  }

  private evict(): void {
    this.store.evict((key) => this.views.has(key));
  }

  private clear(): void {
    if (this.buildAhead !== undefined) cancelIdleCallback(this.buildAhead);
    this.buildAhead = undefined;
    this.store.clear();
    this.mounted = [];
  }
}
