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

/**
 * The part of an Actor that scopes a user's own rows (files, pictures, interpretations, token
 * budgets). Trusted internal work acting for a row's owner builds it with `ownerOf(row)`.
 */
export type ActorScope = Pick<Actor, 'userId' | 'tenantId'>;

/** The owner of a stored row, for trusted internal work done on their behalf (a job). */
export function ownerOf(row: { user_id: string; tenant_id: string }): ActorScope {
  return { userId: row.user_id, tenantId: row.tenant_id };
}

/** The owner columns of a new row (the inverse of `ownerOf`). */
export function ownerColumns(owner: ActorScope): { user_id: string; tenant_id: string } {
  return { user_id: owner.userId, tenant_id: owner.tenantId };
}

/** The signed-in user of a request, as the session resolved it. */
export interface SessionActor extends Actor {
  readonly sessionId: string;
  /** A member of a company account (an administrator or an employee), not a personal account. */
  readonly isEmployee: boolean;
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
