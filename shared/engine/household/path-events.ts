import { MemberState, type MemberLifePath } from '../life/life-path.js';
import type { CompiledPlan } from './compiled-plan.js';

/** One event of a simulated life, for the `lives` section of the output. */
export interface PathEvent {
  year: number;
  type:
    | 'DEATH'
    | 'DISABILITY'
    | 'RECOVERY'
    | 'LONG_TERM_CARE'
    | 'JOB_LOSS'
    | 'REEMPLOYMENT'
    | 'RETIREMENT'
    | 'GOAL_FUNDED'
    | 'GOAL_MISSED'
    | 'DEPLETION'
    | 'PROPERTY_SOLD'
    | 'INSURANCE_PAYOUT';
  memberId?: string;
  goalId?: string;
  itemId?: string;
  /** Nominal amount involved, where there is one. */
  amount?: number;
}

/** Codes of the events the yearly steps log (member events are read from the life paths afterwards). */
export const LogCode = { PROPERTY_SOLD: 0, INSURANCE_PAYOUT: 1, DEPLETION: 2, GOAL_FUNDED: 3, GOAL_MISSED: 4 } as const;

/**
 * The events of one path as the yearly steps log them (code, year, item, member, amount), turned
 * into PathEvent objects only when asked for.
 */
export class EventLog {
  private readonly code: Uint8Array;
  private readonly year: Int32Array;
  private readonly item: Int32Array;
  private readonly member: Int32Array;
  private readonly amount: Float64Array;
  /** Events logged, and how many of them within the yearly steps (the rest: legacy goals). */
  size = 0;
  inLoop = 0;

  constructor(capacity: number) {
    this.code = new Uint8Array(capacity);
    this.year = new Int32Array(capacity);
    this.item = new Int32Array(capacity);
    this.member = new Int32Array(capacity);
    this.amount = new Float64Array(capacity);
  }

  add(code: number, year: number, item: number, member: number, amount: number): void {
    const k = this.size++;
    this.code[k] = code;
    this.year[k] = year;
    this.item[k] = item;
    this.member[k] = member;
    this.amount[k] = amount;
  }

  /**
   * The path's events: each year's member events (read from the life paths over the whole horizon,
   * as the output's member figures count them: a dependant outliving the household keeps its life),
   * then that year's logged events, and the legacy goals after the household's last year.
   */
  collect(c: CompiledPlan, lives: readonly MemberLifePath[], yearsRun: number, events: PathEvent[]): void {
    let k = 0;
    for (let t = 0; t < c.years; t++) {
      for (let m = 0; m < c.memberCount; m++) memberEvents(c, lives[m], m, t, events);
      for (; k < this.inLoop && this.year[k] === t; k++) events.push(this.event(c, k));
      if (t === yearsRun - 1) for (k = this.inLoop; k < this.size; k++) events.push(this.event(c, k));
    }
    for (; k < this.size; k++) events.push(this.event(c, k));
  }

  private event(c: CompiledPlan, k: number): PathEvent {
    return loggedEvent(c, this.code[k], this.year[k], this.item[k], this.member[k], this.amount[k]);
  }
}

/** A logged event as a PathEvent, its items named by their ids. */
export function loggedEvent(c: CompiledPlan, code: number, year: number, item: number, member: number, amount: number): PathEvent {
  const plan = c.plan;
  switch (code) {
    case LogCode.PROPERTY_SOLD:
      return { year, type: 'PROPERTY_SOLD', itemId: plan.properties[item].id, amount };
    case LogCode.INSURANCE_PAYOUT:
      return { year, type: 'INSURANCE_PAYOUT', itemId: plan.insurance[item].id, memberId: plan.members[member].id, amount };
    case LogCode.DEPLETION:
      return { year, type: 'DEPLETION', amount };
    case LogCode.GOAL_FUNDED:
      return { year, type: 'GOAL_FUNDED', goalId: plan.goals[item].id, amount };
    default:
      return { year, type: 'GOAL_MISSED', goalId: plan.goals[item].id, amount };
  }
}

/** The event types read from a member's life path, in the order a year lists them. */
export const MEMBER_EVENT_TYPES = ['DEATH', 'DISABILITY', 'RECOVERY', 'LONG_TERM_CARE', 'JOB_LOSS', 'REEMPLOYMENT', 'RETIREMENT'] as const;
export type MemberEventType = (typeof MEMBER_EVENT_TYPES)[number];

/**
 * Whether member m's life shows an event of `type` in year t: a death in its year, the first year
 * of a disability or of care, a recovery, the first year out of work and the return, retirement.
 * The queries over lives read events through this, and so do the lives' event lists.
 */
export function memberEventAt(c: CompiledPlan, life: MemberLifePath, m: number, t: number, type: MemberEventType): boolean {
  const st = life.state[t];
  const prev = t > 0 ? life.state[t - 1] : MemberState.HEALTHY;
  switch (type) {
    case 'DEATH':
      return life.deathYear === t;
    case 'DISABILITY':
      return st === MemberState.DISABLED && prev !== MemberState.DISABLED;
    case 'RECOVERY':
      return prev === MemberState.DISABLED && st === MemberState.HEALTHY;
    case 'LONG_TERM_CARE':
      return st === MemberState.LTC && prev !== MemberState.LTC;
    case 'JOB_LOSS':
      return st !== MemberState.DEAD && life.unemployed[t] === 1 && (t === 0 || life.unemployed[t - 1] === 0);
    case 'REEMPLOYMENT':
      return st !== MemberState.DEAD && life.unemployed[t] === 0 && t > 0 && life.unemployed[t - 1] === 1;
    case 'RETIREMENT':
      return st !== MemberState.DEAD && c.hasSalary[m] === 1 && c.memberAge0[m] + t === c.retirementAge[m];
  }
}

/** Member m's events in year t, read from its life path: death, disability, recovery, care, job loss and return, retirement. */
export function memberEvents(c: CompiledPlan, life: MemberLifePath, m: number, t: number, events: PathEvent[]): void {
  const id = c.plan.members[m].id;
  for (const type of MEMBER_EVENT_TYPES) if (memberEventAt(c, life, m, t, type)) events.push({ year: t, type, memberId: id });
}
