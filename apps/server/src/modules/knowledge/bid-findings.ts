import type { TenderAnalysis } from '@bid/shared';
import type { BidFindingSource } from '../checks/service.ts';
import { lapsingFindings } from './business.ts';
import type { CompanyLibrary } from './company.ts';

/** The bid checks' hook: a qualification of the company that lapses before the tender's opening date. */
export class LapsingQualifications implements BidFindingSource {
  constructor(private readonly company: CompanyLibrary) {}

  async blockersFor(tenantId: string, analysis: TenderAnalysis | null): Promise<string[]> {
    if (!analysis) return [];
    const facts = await this.company.listFacts(tenantId, 'qualification');
    return lapsingFindings(facts, analysis).map((f) => f.message);
  }
}
