// The requests in flight through the proxy from one side. Each is passed on under a fresh id of the
// proxy's own, and its answer goes back under the sender's id exactly as sent (1 and "1" are two ids).
// So a sender's id can never meet the other side's ids or the proxy's own requests, and a sender that
// reuses an id still in flight can be told so instead of being left without an answer.

export type RequestId = string | number;

export interface InFlight<T> {
  /** The id as the sender sent it. */
  id: RequestId;
  /** The id the proxy gives the request toward the other side. */
  fresh: number;
  info: T;
}

/** 1 and "1" are different ids: the key keeps the type. */
const keyOf = (id: RequestId) => `${typeof id}:${id}`;

export class RequestIds<T> {
  private last = 0;
  private readonly byFresh = new Map<number, InFlight<T>>();
  private readonly byId = new Map<string, InFlight<T>>();

  /** A fresh id toward the other side, for a request of the proxy's own. */
  nextId(): number {
    return ++this.last;
  }

  /** Opens the sender's request under a fresh id; undefined when a request with its id is still in flight. */
  open(id: RequestId, info: T): InFlight<T> | undefined {
    const key = keyOf(id);
    if (this.byId.has(key)) return undefined;
    const entry = { id, fresh: this.nextId(), info };
    this.byFresh.set(entry.fresh, entry);
    this.byId.set(key, entry);
    return entry;
  }

  /** The request an answer from the other side is for (its id is a fresh one), or undefined. */
  get(fresh: unknown): InFlight<T> | undefined {
    return typeof fresh === 'number' ? this.byFresh.get(fresh) : undefined;
  }

  /** The request the sender knows by this id, while it is in flight. */
  ofSender(id: unknown): InFlight<T> | undefined {
    return typeof id === 'string' || typeof id === 'number' ? this.byId.get(keyOf(id)) : undefined;
  }

  /** Whether this very request is still in flight (not answered, not cancelled, not closed by a stop). */
  isOpen(entry: InFlight<T>): boolean {
    return this.byFresh.get(entry.fresh) === entry;
  }

  /** Closes a request: it has its answer. Returns it, or undefined when it was not in flight. */
  close(fresh: unknown): InFlight<T> | undefined {
    const entry = this.get(fresh);
    if (!entry) return undefined;
    this.byFresh.delete(entry.fresh);
    this.byId.delete(keyOf(entry.id));
    return entry;
  }

  /** Closes every request in flight and returns them, oldest first. */
  closeAll(): InFlight<T>[] {
    const all = [...this.byFresh.values()];
    this.byFresh.clear();
    this.byId.clear();
    return all;
  }

  get size(): number {
    return this.byFresh.size;
  }
}
