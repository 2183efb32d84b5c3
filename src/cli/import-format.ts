// How an imported pack is written: one tool per line, so the file stays compact and a re-import's diff
// shows which tools changed.
import type { PackSource } from '../engine/types';

export function serializePack(pack: PackSource): string {
  const { tools, ...head } = pack;
  const headText = JSON.stringify(head);
  return `${headText.slice(0, -1)},"tools":[\n${tools.map((t) => JSON.stringify(t)).join(',\n')}\n]}\n`;
}
