import { KNOWLEDGE_MSG } from '@bid/shared';
import { forbidden } from '../../http/errors.ts';
import type { Actor } from '../../policy/actor.ts';
import type { OperatorDirectory } from '../../policy/operator.ts';

/**
 * The knowledge base's rules, checked here:
 * - a tenant's private library: its users read, add and remove (a foreign id is "missing");
 * - the public library: everyone reads; only operators (policy/operator.ts) add and remove.
 */
export type KnowledgeAction = 'add' | 'remove';

const DENIED: Record<KnowledgeAction, string> = {
  add: KNOWLEDGE_MSG.publicOnlyOperators,
  remove: '只有运营人员可以删除公共知识库的文档',
};

/** Whether the actor curates the public library (the list shows them its remove buttons). */
export function curatesPublic(directory: OperatorDirectory, actor: Pick<Actor, 'userId'>): Promise<boolean> {
  return directory.isOperator(actor.userId);
}

/** Throws 403 when the actor may not change the library. */
export async function authorizeKnowledge(
  directory: OperatorDirectory,
  actor: Pick<Actor, 'userId'>,
  library: 'public' | 'private',
  action: KnowledgeAction,
): Promise<void> {
  if (library === 'public' && !(await curatesPublic(directory, actor))) throw forbidden(DENIED[action]);
}
