import type { ScoringCategory } from '@bid/shared';

/**
 * The category a label names (价格分 / 技术标 / 商务部分 / 资信 …), or null when it names none: the
 * words a tender uses for the three parts of a 综合评分, and the parts construction tenders split
 * them into (施工组织设计 is technical, 项目管理机构 commercial).
 */
export function categoryOfLabel(label: string): ScoringCategory | null {
  const t = label.replace(/\s+/g, '');
  if (/价格|报价|投标价|磋商价|谈判价|评标价|费率/.test(t)) return 'price';
  if (/商务|资信|信誉|业绩|企业实力|综合实力|项目管理机构|管理机构|人员配备|履约/.test(t))
    return 'commercial';
  if (/技术|服务方案|施工组织|实施方案|方案|设计|服务部分|服务评分|服务标/.test(t)) return 'technical';
  if (/其他|其它/.test(t)) return 'other';
  return null;
}

/** The category an item's own name suggests when no heading says it. */
export function categoryOfName(name: string, context: ScoringCategory | null): ScoringCategory {
  if (/价格|报价|投标价|磋商价|最后报价|评标价|费率/.test(name) && !/方案|分析|说明/.test(name))
    return 'price';
  if (context) return context;
  if (
    /方案|措施|设计|计划|组织|技术|实施|工艺|进度|质量|安全|环保|环境|应急|培训|运维|服务体系|布置|理解|功能|性能|架构|演示|参数|路线|框架|编制|大纲/.test(
      name,
    )
  )
    return 'technical';
  if (
    /资质|认证|业绩|信誉|财务|项目经理|负责人|团队|班子|人员|证书|荣誉|奖|承诺|商务|社保|纳税|企业|诚信|规模|体系|售后|质保|工程师|机构|信用/.test(
      name,
    )
  )
    return 'commercial';
  return 'technical';
}
