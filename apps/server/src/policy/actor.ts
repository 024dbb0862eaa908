/**
 * Who is asking. Every service method that acts for someone takes an `Actor` (a signed-in user,
 * built from the session) or, where trusted internal work may act on anyone's data (AI jobs,
 * start-up housekeeping), a `Caller` that can also be the explicit `SYSTEM_ACTOR`.
 * Each aggregate's rules (who may read, update, finish) live in its `policy.ts`.
 */
export interface Actor {
  readonly userId: string;
  readonly tenantId: string;
  /** 'personal' | 'company_admin' | 'employee' */
  readonly role: string;
}

/** Trusted internal work: not scoped to any user. Never built from a request. */
export interface SystemActor {
  readonly system: true;
}

export const SYSTEM_ACTOR: SystemActor = Object.freeze({ system: true as const });

export type Caller = Actor | SystemActor;

export function isSystem(caller: Caller): caller is SystemActor {
  return 'system' in caller && caller.system === true;
}

/** A company administrator sees every bid of the company (tenant). */
export function isCompanyAdmin(actor: Actor): boolean {
  return actor.role === 'company_admin';
}

/** The user to record as author (created_by) of what the caller does; null for the system. */
export function userIdOf(caller: Caller): string | null {
  return isSystem(caller) ? null : caller.userId;
}
