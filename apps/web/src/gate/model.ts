import type { GatePass } from '@rp/shared';
import { gateCode } from '@rp/shared/rules/tickets';

/**
 * The offline gate's list of passes (issue 38), held in memory and decided from when the network is away. Stored
 * on the device compactly (a page of tuples per record, see store.ts): codes, kind, group size, masked name —
 * never an ID number or a phone.
 */
export type PassTuple = [kind: 0 | 1, id: number, passCode: string, shortCode: string, groupSize: number, groupId: number, name: string];

export interface Pass {
  kind: 'visitor' | 'group';
  id: number;
  passCode: string;
  shortCode: string;
  groupSize: number;
  /** a visitor pass's group pass (its order's id), 0 for none */
  groupId: number;
  name: string;
}
export interface Use {
  at: string;
  gate: string;
}

export type Decision =
  | { result: 'admitted'; pass: Pass; count: number; name: string }
  | { result: 'used'; pass: Pass; name: string; at: string; gate: string }
  | { result: 'unknown' };

export const toTuple = (p: GatePass): PassTuple => [p.kind === 'group' ? 1 : 0, p.id, p.passCode, p.shortCode ?? '', p.groupSize, p.groupId ?? 0, p.name];
export const fromTuple = (t: PassTuple): Pass => ({
  kind: t[0] === 1 ? 'group' : 'visitor',
  id: t[1],
  passCode: t[2],
  shortCode: t[3],
  groupSize: t[4],
  groupId: t[5],
  name: t[6],
});

export class PassBook {
  private visitors = new Map<number, Pass>();
  private groups = new Map<number, Pass>();
  private byPassCode = new Map<string, Pass>();
  private byGroupCode = new Map<string, Pass>();
  private byShortV = new Map<string, Pass>();
  private byShortG = new Map<string, Pass>();
  private members = new Map<number, number[]>();
  /** visitor id → where and when it was used */
  readonly used = new Map<number, Use>();

  get size(): number {
    return this.visitors.size + this.groups.size;
  }

  /** visitor passes (a group pass admits some of them): the people this list admits */
  get people(): number {
    return this.visitors.size;
  }

  add(t: PassTuple): void {
    const p = fromTuple(t);
    if (p.kind === 'group') {
      this.groups.set(p.id, p);
      this.byGroupCode.set(p.passCode, p);
      if (p.shortCode) this.byShortG.set(p.shortCode, p);
      return;
    }
    this.visitors.set(p.id, p);
    this.byPassCode.set(p.passCode, p);
    if (p.shortCode) this.byShortV.set(p.shortCode, p);
    if (p.groupId) this.members.set(p.groupId, [...(this.members.get(p.groupId) ?? []), p.id]);
  }

  /** The pass a scanned or typed code names, read as the server reads it (shared gateCode): a visitor's short code first. */
  find(raw: string): Pass | undefined {
    const c = gateCode(raw);
    if (!c) return undefined;
    if (c.kind === 'pass') return this.byPassCode.get(c.code);
    if (c.kind === 'group') return this.byGroupCode.get(c.code);
    return this.byShortV.get(c.code) ?? this.byShortG.get(c.code);
  }

  /** The visitors a pass admits: its own one, or every visitor of a group pass's order on this list. */
  targets(p: Pass): number[] {
    return p.kind === 'group' ? (this.members.get(p.id) ?? []) : [p.id];
  }

  markUsed(visitorId: number, use: Use): void {
    if (!this.used.has(visitorId)) this.used.set(visitorId, use);
  }

  /**
   * The gate's own decision: a pass admits once (a group pass its still-unused visitors); a pass whose visitors
   * are all used is refused with the time and gate of the latest use. The admission is recorded here at once.
   */
  decide(raw: string, gate: string, now: Date): Decision {
    const pass = this.find(raw);
    const ids = pass ? this.targets(pass) : [];
    if (!pass || !ids.length) return { result: 'unknown' };
    const fresh = ids.filter((id) => !this.used.has(id));
    if (!fresh.length) {
      const latest = ids.map((id) => this.used.get(id)!).sort((a, b) => b.at.localeCompare(a.at))[0]!;
      return { result: 'used', pass, name: pass.name, at: latest.at, gate: latest.gate };
    }
    const use = { at: now.toISOString(), gate };
    for (const id of fresh) this.used.set(id, use);
    return { result: 'admitted', pass, count: fresh.length, name: pass.name };
  }
}
