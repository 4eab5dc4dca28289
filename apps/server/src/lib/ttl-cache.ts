/** A small in-process cache with expiry and a size cap (oldest entries leave first). */
export class TtlCache<V> {
  private map = new Map<string, { v: V; exp: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 5000,
  ) {}
  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.exp < Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e.v;
  }
  set(key: string, v: V) {
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as string);
    this.map.set(key, { v, exp: Date.now() + this.ttlMs });
  }
  delete(key: string) {
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
}

/** A serialized answer kept ready in both encodings (the public gallery's pages). */
export interface CachedBody {
  raw: Buffer;
  gz: Buffer;
}
