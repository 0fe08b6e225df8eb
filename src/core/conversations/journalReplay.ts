// Rebuilds a conversation from its journal. A line that cannot be read or does not fit is reported
// and skipped, and the rest is kept: a crash can only cut the last line short (the last save is
// lost, not the conversation), and damage in the middle loses only the saves it hit.
import { ConversationSchema, type Conversation } from './conversation';
import { applyDelta, DeltaRecordSchema, JournalRecordError, SnapshotRecordSchema } from './conversationJournal';

export interface JournalReplay {
  /** Undefined when not even the snapshot could be read. */
  conversation: Conversation | undefined;
  problems: string[];
  /** Bytes of the snapshot line, to know when the journal has grown enough to compact. */
  snapshotBytes: number;
}

export function replayJournal(text: string): JournalReplay {
  const problems: string[] = [];
  const lines = text.split('\n');
  const tail = lines.pop() ?? '';
  if (tail !== '') problems.push(`the last save was cut short (${utf8Length(tail)} bytes) and was dropped`);
  const first = lines.shift() ?? '';
  const snapshotBytes = utf8Length(first) + 1;
  const snapshot = SnapshotRecordSchema.safeParse(parseLine(first));
  if (!snapshot.success) return { conversation: undefined, problems: [`the journal's first line is not a snapshot`, ...problems], snapshotBytes };
  const draft: Record<string, unknown> = snapshot.data.snapshot;
  lines.forEach((line, at) => {
    const where = `line ${at + 2}`;
    const record = DeltaRecordSchema.safeParse(parseLine(line));
    if (!record.success) {
      problems.push(`${where} could not be read and was skipped`);
      return;
    }
    try {
      applyDelta(draft, record.data);
    } catch (error) {
      if (!(error instanceof JournalRecordError)) throw error;
      problems.push(`${where} was skipped: ${error.message}`);
    }
  });
  const parsed = ConversationSchema.safeParse(draft);
  if (!parsed.success) {
    problems.push(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    return { conversation: undefined, problems, snapshotBytes };
  }
  return { conversation: parsed.data, problems, snapshotBytes };
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

const encoder = new TextEncoder();

export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}
