import type {
  AiEngineName,
  CustomizeAction,
  ModelTier,
  ProjectFacts,
  Requirement,
  ScoringItem,
  TenderAnalysis,
} from '@bid/shared';
import type { ActorScope } from '../policy/actor.ts';

/** A proposed outline node: what the engines produce and the catalog service saves. */
export interface OutlineNode {
  title: string;
  children: OutlineNode[];
  /** Scoring items this chapter answers (ids of the analysis). */
  scoringItemIds: string[];
  /** Word budget (leaves: derived from the page count; parents: sum of children). */
  targetWords: number | null;
}

export interface OutlineInput {
  bidName: string;
  analysis: TenderAnalysis;
  pageCount: number;
  /** The export template the bid uses: budgets follow its measured page model. */
  templateId?: string | null;
}

export interface ChildrenInput {
  bidName: string;
  analysis: TenderAnalysis | null;
  path: string[];
  title: string;
  scoringItems: ScoringItem[];
  targetWords: number | null;
  /** Existing siblings of the new children's parent (to avoid overlap). */
  siblings: string[];
}

/** Everything a chapter write needs (AI-NOTES: facts, path, scoring items, neighbours, budget, gear). */
export interface ChapterContext {
  bidName: string;
  facts: ProjectFacts;
  /** Titles from the top-level chapter down to this one (this one last). */
  path: string[];
  scoringItems: ScoringItem[];
  /** Titles of the chapters next to this one (same parent), to avoid overlap. */
  siblings: string[];
  /** Top-level chapter titles of the whole bid. */
  outline: string[];
  targetWords: number;
  /** The gear: extra requirements and what to include. */
  requirement?: string | null;
  include?: string | null;
  /** The technical bid must not reveal the bidder (暗标). */
  darkBid: boolean;
  starClauses: TenderAnalysis['starClauses'];
  disqualifications: string[];
  qualifications: string[];
  /** What the plan gives this chapter (ai/plan): absent on contexts built without an outline. */
  plan?: ChapterPlanContext;
  /** Passages other chapters already hold: a rewrite after the overlap check must not repeat them. */
  avoid?: string[];
  /** The company's own material for this chapter (knowledge passages and library cards), when any. */
  grounding?: GroundingMaterial | null;
}

/** What the knowledge base contributes to a chapter write (modules/knowledge/grounding.ts). */
export interface GroundingMaterial {
  passages: Array<{ documentName: string; text: string }>;
  /** Company library cards as short lines (资质, 人员, 业绩...), ready for a prompt. */
  facts: string[];
  /** Markdown tables of the cards this chapter is about (人员, 业绩, 资质), for the offline draft. */
  tables: string[];
}

/** The parts of a bid (商务/技术/报价/资格 and the formal letters); see ai/plan/parts.ts. */
export type BidPart = 'form' | 'qualification' | 'commercial' | 'technical' | 'price' | 'other';
/** What a chapter holds: prose, a table built from the analysis, evidence (tables and attachments), a form, the price. */
export type ChapterKind = 'prose' | 'table' | 'evidence' | 'form' | 'price';

/** The chapter's share of the bid plan: what it alone answers, and what its neighbours are for. */
export interface ChapterPlanContext {
  part: BidPart;
  kind: ChapterKind;
  /** One line: what this chapter is for. */
  aim: string;
  /** The other chapters around this one, level by level (siblings of each ancestor too), with their aims. */
  neighbours: Array<{ title: string; aim: string }>;
  /** The tender's requirement items this chapter answers (each answered by exactly one chapter). */
  requirements: Requirement[];
  /** The ★/▲ clauses this chapter answers. */
  clauses: TenderAnalysis['starClauses'];
  /** The tender's layout rules (字体, 行距, 暗标...). */
  formatRules: string[];
  /** A table chapter's content, built from the analysis (response table or scoring index). */
  table: string | null;
  /** Rank among chapters on the same topic (the offline engine gives each its own measures). */
  slot: number;
}

export interface EditInput {
  action: CustomizeAction;
  selection: string;
  instruction?: string;
  chapter: ChapterContext;
}

export interface RunOptions {
  tier: ModelTier;
  /** Who the task is for: fair-use slots and daily budgets are counted per user and company (ai/fair-use.ts). */
  actor?: ActorScope;
  signal?: AbortSignal;
  /** Streamed text as it is produced (Markdown for chapters and edits). */
  onDelta?: (text: string) => void;
}

export interface Generated<T> {
  value: T;
  engine: AiEngineName;
  model: string | null;
  promptTokens: number;
  completionTokens: number;
}

/**
 * The AI at the task level. Two implementations: the offline engine (rules and templates,
 * deterministic) and the model engine (prompts to an OpenAI-compatible provider, validated,
 * with the rules as a floor).
 */
export interface AiEngine {
  readonly name: AiEngineName;
  analyzeTender(text: string, opts: RunOptions): Promise<Generated<TenderAnalysis>>;
  generateOutline(input: OutlineInput, opts: RunOptions): Promise<Generated<OutlineNode[]>>;
  generateChildren(input: ChildrenInput, opts: RunOptions): Promise<Generated<OutlineNode[]>>;
  /** Writes a chapter as Markdown (streamed through opts.onDelta). */
  writeChapter(ctx: ChapterContext, opts: RunOptions): Promise<Generated<string>>;
  /** The replacement Markdown for exactly the selection. */
  editSelection(input: EditInput, opts: RunOptions): Promise<Generated<string>>;
  /** How many chapters the full-text job should write at once for a tier. */
  concurrency(tier: ModelTier): number;
}
