// The rows the message list has built: the mounted ones and the most recently detached, kept so that
// scrolling back costs nothing and keeps what the user opened. Older detached rows are dropped, their
// open sections remembered for when they are built again.
import type { MessageView } from '../../shared/protocol';
import { applyDisclosures, readDisclosures, type DisclosureState } from './disclosureState';
import type { MessageContext } from './messageContext';
import { MessageRow } from './messageRow';

/** Rows kept, detached, after they scrolled out of the window. */
const DETACHED_ROWS = 80;

export class RowStore {
  /** Every row built: mounted ones and the most recently detached (Map order: least recently used first). */
  readonly rows = new Map<string, MessageRow>();
  /** Rows whose view changed while detached: renewed when mounted again. */
  readonly stale = new Set<string>();
  private readonly disclosures = new Map<string, DisclosureState>();

  /** The row of `key`, built or renewed as needed, and marked most recently used. */
  rowFor(key: string, view: MessageView | undefined, context: MessageContext | undefined): MessageRow | undefined {
    let row = this.rows.get(key);
    if (row) {
      this.rows.delete(key);
      if (this.stale.has(key) && view && context) row.renew(view, context);
    } else {
      if (!view || !context) return undefined;
      row = context.renderer.deferHighlighting(() => MessageRow.create(view, context));
      const opened = this.disclosures.get(key);
      if (opened) applyDisclosures(row.element, opened);
    }
    this.stale.delete(key);
    this.rows.set(key, row);
    return row;
  }

  /**
   * Drops the least recently used detached rows beyond the keep limit. Never a streaming row, nor one the
   * host has not listed yet (a reply streamed or failed before the conversation was posted again): it
   * could not be built again.
   */
  evict(listed: (key: string) => boolean): void {
    let detached = 0;
    for (const row of this.rows.values()) if (!row.element.isConnected) detached += 1;
    for (const [key, row] of this.rows) {
      if (detached <= DETACHED_ROWS) break;
      if (row.element.isConnected || row.isStreaming || !listed(key)) continue;
      this.disclosures.set(key, readDisclosures(row.element));
      this.drop(key);
      detached -= 1;
    }
  }

  drop(key: string): void {
    const row = this.rows.get(key);
    if (!row) return;
    row.element.remove();
    row.dispose();
    this.rows.delete(key);
    this.stale.delete(key);
  }

  clear(): void {
    for (const key of [...this.rows.keys()]) this.drop(key);
    this.disclosures.clear();
  }
}
