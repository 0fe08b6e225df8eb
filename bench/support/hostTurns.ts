// What the page receives when the extension host gets a stream's deltas `perTurn` at a time (one network
// read carrying many chunks): each turn's deltas go through the host's StreamDeltaBatcher, exactly as
// ChatController posts them, and the messages it posts at the end of each turn are that turn's messages.
import { StreamDeltaBatcher } from '../../src/extension/chat/streamDeltaBatcher';
import type { HostMessage } from '../../src/shared/protocol';

export async function hostTurns(deltas: readonly HostMessage[], perTurn: number): Promise<HostMessage[][]> {
  const turns: HostMessage[][] = [];
  let current: HostMessage[] = [];
  const batcher = new StreamDeltaBatcher((message) => current.push(message));
  for (let i = 0; i < deltas.length; i += perTurn) {
    for (const delta of deltas.slice(i, i + perTurn)) batcher.send(delta);
    await new Promise((resolve) => setImmediate(resolve));
    turns.push(current);
    current = [];
  }
  return turns;
}
