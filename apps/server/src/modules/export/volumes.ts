import {
  EXPORT_MSG,
  flattenTree,
  type BidChecks,
  type BidVolume,
  type ExportVolumeKey,
  type TenderAnalysis,
} from '@bid/shared';
import { BUILTIN_TEMPLATES } from '@bid/document/templates/builtin';
import type { TemplateDefinition } from '@bid/document/templates/schema';
import type { ExportBid, ExportChapter } from '@bid/document/docx/types';
import { businessWarning } from '../../http/errors.ts';
import type { Actor } from '../../policy/actor.ts';
import { anonymousPart, partOf } from '../../ai/plan/parts.ts';
import type { LoadedBid } from './source.ts';
import { findLeaks, readChapter } from '../checks/scan.ts';

/**
 * The volumes the tender asks for (issue 31, scope 3): each top-level chapter goes to one volume by
 * its role (the part its title or its scoring items name); the 暗标 volume takes the chapters the
 * checks treat as anonymous, is written with the 暗标 template and without the bidder, and is
 * refused while the identity check finds a leak in it.
 */

export interface VolumePlan {
  volume: BidVolume;
  chapters: ExportChapter[];
  /** Chapter ids in it (the checks name leaks by id). */
  ids: string[];
}

/** Sorts the bid's top-level chapters into the tender's volumes; `keys` chooses some (empty: all). */
export function planVolumes(
  loaded: LoadedBid,
  analysis: TenderAnalysis,
  keys: ExportVolumeKey[],
): VolumePlan[] {
  const plans: VolumePlan[] = analysis.volumes.map((volume) => ({ volume, chapters: [], ids: [] }));
  const named = plans.filter((p) => !p.volume.anonymous);
  // What no volume names (a 附件, a chapter of its own) goes with the named rest: 明标, else 商务.
  const rest =
    named.find((p) => p.volume.parts.length === 0) ??
    named.find((p) => p.volume.key === 'business') ??
    named[0] ??
    plans[0];
  (loaded.roots ?? []).forEach((root, i) => {
    const part = partOf([root.title], root.categories);
    const anonymous = anonymousPart(part, analysis);
    const target =
      (anonymous ? plans.find((p) => p.volume.anonymous) : undefined) ??
      plans.find((p) => p.volume.anonymous === anonymous && p.volume.parts.includes(part)) ??
      rest;
    target.chapters.push(loaded.chapters[i]);
    target.ids.push(...root.ids);
  });
  return keys.length ? plans.filter((p) => keys.includes(p.volume.key)) : plans;
}

/**
 * 601 naming the first leak in a 暗标 volume being exported: the bid checks' findings in its chapters,
 * and the same scan over every chapter the volume holds (a chapter the checks count as named, sorted
 * into the 暗标 volume with its top-level chapter, is read too).
 */
export function assertAnonymous(
  plans: VolumePlan[],
  checks: BidChecks,
  analysis: TenderAnalysis,
  company: string | null,
): void {
  const dark = plans.filter((p) => p.volume.anonymous);
  const ids = new Set(dark.flatMap((p) => p.ids));
  const leaks = checks.anonymity
    .filter((a) => a.catalogId !== null && ids.has(a.catalogId))
    .map((a) => ({ text: a.text, title: a.title }));
  const allowed = [analysis.project.owner, analysis.project.agency, analysis.project.name].filter(
    (v): v is string => Boolean(v),
  );
  for (const c of flattenTree(dark.flatMap((p) => p.chapters))) {
    const read = readChapter(c.content);
    const found = [
      ...findLeaks(`${c.title}\n${read.text}`, allowed, company ? [company] : []).map((l) => l.text),
      ...read.images,
    ];
    for (const text of found)
      if (!leaks.some((l) => l.text === text && l.title === c.title)) leaks.push({ text, title: c.title });
  }
  if (leaks.length) {
    const first = leaks[0];
    throw businessWarning(
      EXPORT_MSG.leak(`${first.text}${first.title ? `（${first.title}）` : ''}`, leaks.length),
    );
  }
}

const ANONYMOUS_TEMPLATE = BUILTIN_TEMPLATES.find((t) => t.id === 'anonymous')!.definition;

/** What one volume is written with: its own cover subtitle; the 暗标 one without the bidder and its template. */
export function volumeTask(
  plan: VolumePlan,
  bid: ExportBid,
  bidder: string | null,
  template: TemplateDefinition,
): { bid: ExportBid; template: TemplateDefinition } {
  const { volume } = plan;
  if (volume.anonymous)
    return {
      // The project is the tender's, not the bidder's: the only facts an anonymous cover may carry.
      bid: {
        name: volume.name,
        projectName: bid.projectName,
        projectCode: bid.projectCode,
        tenderer: null,
        bidder: null,
        legalRep: null,
        date: null,
      },
      template: {
        ...ANONYMOUS_TEMPLATE,
        cover: { ...ANONYMOUS_TEMPLATE.cover, subtitle: `（${volume.name}）` },
      },
    };
  return {
    bid: { ...bid, name: `${bid.name} ${volume.name}`, bidder: bidder ?? bid.bidder ?? null },
    template: { ...template, cover: { ...template.cover, subtitle: `（${volume.name}）` } },
  };
}

export interface VolumeChecks {
  check(owner: Actor, bidId: string): Promise<BidChecks>;
}
