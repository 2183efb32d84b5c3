// Counts o200k_base tokens off the main thread: the tokenizer's ranks are megabytes of data.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

self.onmessage = (e: MessageEvent<{ id: number; texts: string[] }>) => {
  const { id, texts } = e.data;
  try {
    (self as unknown as Worker).postMessage({ id, counts: texts.map((t) => countTokens(t)) });
  } catch (err) {
    (self as unknown as Worker).postMessage({ id, error: String(err) });
  }
};
