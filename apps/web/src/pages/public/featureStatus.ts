/**
 * What works today, in one place. Public copy (landing page, news, help) about a feature follows its
 * flag: flip it here when the feature ships or is taken down, and every claim follows.
 */
export const FEATURE_LIVE = {
  /** 提交前检查 in the writing screen: scoring coverage, ★/废标, 暗标, 待填写, pages. */
  checks: true,
  /** 招标文件解读 (/home/bidingParse). */
  interpretation: true,
  /** 标书查重 (/home/bidingDiff). */
  diff: true,
  /** 知识库 and AI writing that cites it (/home/knowledgeBase). */
  knowledge: true,
  /** Buying packages (/home/packages, bank transfer confirmed by an operator); invoices and WeChat Pay are not there yet. */
  commerce: true,
} as const;

export type FeatureKey = keyof typeof FEATURE_LIVE;

export const FEATURE_SOON = '即将上线';

export function isLive(key: FeatureKey | undefined): boolean {
  return key === undefined || FEATURE_LIVE[key];
}
