// Names each streamed field (a reply's choice's reasoning or content) with one string key, so the
// coalescer can join a frame's deltas per field; the key leads back to the field when they are delivered.

export interface DeltaField {
  messageId: string;
  choiceIndex: number;
  field: 'reasoning' | 'content';
}

export class DeltaKeys {
  private readonly fields = new Map<string, DeltaField>();

  key(messageId: string, choiceIndex: number, field: DeltaField['field']): string {
    const key = `${messageId}\u0000${choiceIndex}\u0000${field}`;
    if (!this.fields.has(key)) this.fields.set(key, { messageId, choiceIndex, field });
    return key;
  }

  field(key: string): DeltaField | undefined {
    return this.fields.get(key);
  }
}
